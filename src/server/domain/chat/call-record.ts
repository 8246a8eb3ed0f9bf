import { randomUUID } from 'node:crypto';
import { AUTO_MODEL } from '@/contracts/chat';
import { callerOf, endOf, recordCall } from '@/server/domain/calls/record';
import { currentRequestId } from '@/server/request-id';
import type { TokenUsage } from './pricing';
import type { ChatCaller, ChatDeps } from './types';

/** What the call log keeps of a chat request, filled in as it goes (recorded once it ends). */
export interface ChatCall {
  ref?: string;
  model?: string | null;
  family?: string;
  usage?: TokenUsage;
  credits?: number;
  /** How the answer ended when it did not end well after it began (a stream broke off, the caller left). */
  ended?: { status: 'failed'; errorCode: string; note: string } | { note: string };
  /** The error a started stream ended with (answered as its last event, not thrown). */
  error?: unknown;
}

/** One row of the call log per chat request, answered, failed or refused (queued: no round trip here). */
export function logChatCall(
  deps: ChatDeps,
  caller: ChatCaller,
  call: ChatCall,
  err: unknown,
  began: Date,
  latencyMs: number,
): void {
  const end =
    err !== null
      ? { ...endOf(err), note: null }
      : call.ended && 'status' in call.ended
        ? call.ended
        : { status: 'done' as const, errorCode: null, note: call.ended?.note ?? null };
  recordCall(deps.db, {
    tenantId: caller.who.tenantId,
    ...callerOf(caller.who, caller.wallet.actorAccountId ?? null),
    kind: 'chat',
    status: end.status,
    model: call.model === undefined ? null : (call.model ?? AUTO_MODEL),
    family: call.family ?? null,
    credits: call.credits ?? 0,
    creditsRefunded: 0,
    tokensIn: call.usage?.prompt_tokens ?? null,
    tokensOut: call.usage?.completion_tokens ?? null,
    latencyMs,
    requestId: currentRequestId() ?? null,
    ref: call.ref ?? `chat-${randomUUID()}`,
    errorCode: end.errorCode,
    note: end.note,
    createdAt: began.toISOString(),
  });
}
