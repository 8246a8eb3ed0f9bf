import { and, eq, isNotNull, not, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { upstreams, type UpstreamRow } from '@/server/db/schema';
import { logger } from '@/server/logger';
import { isReasoningModel } from '@/server/upstreams/providers/openai-chat/openai-chat';
import { chatProvider, providerFor } from '@/server/upstreams/providers';
import { generateImage } from './image-call';
import { probeReferences } from './probe-image';
import type { ChatBody, ChatCompletion } from '@/server/upstreams/providers/types';
import { restoreUpstream, targetOf } from './registry';
import { sizeFor, sizesOf } from './sizes';
import { UpstreamError, type Target, type UpstreamModel } from './types';

/** Longest wait between probes of one removed upstream: probes can be billable requests. */
const MAX_PROBE_BACKOFF_MS = 30 * 60_000;

/**
 * A probe that only succeeds when the upstream would serve again. An invalid key shows on any
 * authenticated call; an unpaid account often only on a billable one, so that case makes the
 * smallest real request of the protocol.
 */
async function probeUpstream(
  row: UpstreamRow,
  target: Target,
  model: UpstreamModel,
  signal: AbortSignal,
): Promise<void> {
  const provider = providerFor(target, model);
  if (provider.media === 'video' || row.removedReason !== 'unpaid') return provider.probe(target, signal);
  if (provider.media === 'chat') {
    await probeChat(target, model, CHAT_PROBE, signal);
    return;
  }
  // The cheapest image the model makes: a square, at its lowest quality.
  const size = sizeFor(sizesOf(model), '1:1') ?? { width: 1024, height: 1024 };
  const quality = model.capabilities.qualities?.includes('low') ? ('low' as const) : undefined;
  const referenceImages = await probeReferences(model);
  await generateImage(
    target,
    { prompt: 'probe', width: size.width, height: size.height, quality, referenceImages },
    signal,
  );
}

/** The smallest chat request: 'ping', answered with one token at most. */
export const CHAT_PROBE = { messages: [{ role: 'user', content: 'ping' }] };

/**
 * A one-token completion in the parameter the model takes: `max_completion_tokens` (OpenAI's current
 * name; reasoning models refuse the deprecated `max_tokens`), or `max_tokens` for a provider that
 * answers that it does not know `max_completion_tokens` (older OpenAI-compatible servers).
 */
export async function probeChat(
  target: Target,
  model: UpstreamModel,
  body: ChatBody,
  signal: AbortSignal,
): Promise<ChatCompletion> {
  try {
    return await chatProvider(target).complete(target, { ...body, max_completion_tokens: 1 }, signal);
  } catch (err) {
    const refusedParam =
      err instanceof UpstreamError &&
      (err.errorClass === 'unsupported' || err.errorClass === 'bad_request') &&
      !isReasoningModel(model);
    if (!refusedParam) throw err;
    return chatProvider(target).complete(target, { ...body, max_tokens: 1 }, signal);
  }
}

function probeDue(row: UpstreamRow, intervalMs: number, now: number): boolean {
  if (!row.probedAt) return true;
  const wait = Math.min(intervalMs * 2 ** row.probeFailures, MAX_PROBE_BACKOFF_MS);
  return now - row.probedAt.getTime() >= wait;
}

/**
 * Probes the automatically removed upstreams that are due (rule 5); those that answer return to
 * rotation. Failed probes back off exponentially. Operator-disabled upstreams are left alone.
 */
export async function probeRemovedUpstreams(
  db: Db,
  secret: Buffer,
  opts: { intervalMs?: number; timeoutMs?: number; force?: boolean } = {},
): Promise<string[]> {
  const now = Date.now();
  const removed = await db
    .select()
    .from(upstreams)
    .where(and(isNotNull(upstreams.removedReason), not(eq(upstreams.source, 'retired'))));
  const restored: string[] = [];
  await Promise.all(
    removed
      .filter((row) => opts.force || probeDue(row, opts.intervalMs ?? 30_000, now))
      .map(async (row) => {
        const model = row.models[0];
        if (!model) return;
        try {
          await probeUpstream(row, targetOf(row, model, secret), model, AbortSignal.timeout(opts.timeoutMs ?? 30_000));
          await restoreUpstream(db, row.id);
          restored.push(row.name);
          logger.info({ channel: row.name }, 'upstream restored after a successful probe');
        } catch (err) {
          await db
            .update(upstreams)
            .set({ probedAt: new Date(), probeFailures: sql`${upstreams.probeFailures} + 1` })
            .where(eq(upstreams.id, row.id));
          logger.debug({ channel: row.name, err }, 'probe of a removed upstream failed');
        }
      }),
  );
  return restored.sort();
}
