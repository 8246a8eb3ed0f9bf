import { sql } from 'drizzle-orm';
import type { CallStatus, LoggedCallKind } from '@/contracts/calls';
import type { Db } from '@/server/db/client';
import { hotStatement } from '@/server/db/rows';
import { callLog } from '@/server/db/schema';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import { AppError } from '@/server/errors';
import { logger } from '@/server/logger';

/** One call as it ended: what the call log keeps of a chat completion or an image reading. */
export interface CallRecord {
  tenantId: string;
  accountId: string | null;
  via: 'key' | 'console';
  kind: LoggedCallKind;
  status: CallStatus;
  model: string | null;
  family: string | null;
  credits: number;
  creditsRefunded: number;
  tokensIn: number | null;
  tokensOut: number | null;
  latencyMs: number | null;
  requestId: string | null;
  ref: string;
  errorCode: string | null;
  note: string | null;
  /** When the call began (ISO). */
  createdAt: string;
}

/**
 * A batch of calls in one statement of fixed text: the rows travel as one JSON parameter, so the
 * statement is prepared once and a busy chat path adds one insert per batch, not one per request.
 */
const insertCalls = hotStatement<'rows'>(
  (v) => sql`
    insert into ${callLog} (id, tenant_id, account_id, via, kind, status, model, family, credits, credits_refunded, tokens_in, tokens_out,
                            latency_ms, request_id, ref, error_code, note, created_at)
    select gen_random_uuid(), "tenantId", "accountId", via, kind, status, model, family, credits, "creditsRefunded", "tokensIn", "tokensOut",
           "latencyMs", "requestId", ref, "errorCode", note, "createdAt"
      from json_to_recordset(${v('rows')}::text::json) as r("tenantId" uuid, "accountId" uuid, via text, kind text, status text,
           model text, family text, credits integer, "creditsRefunded" integer, "tokensIn" integer, "tokensOut" integer, "latencyMs" integer,
           "requestId" text, ref text, "errorCode" text, note text, "createdAt" timestamptz)
     where exists (select 1 from tenants where tenants.id = r."tenantId")`,
);

/** Rows wait at most this long, or until this many are queued. */
const BATCH_MS = 20;
const BATCH_ROWS = 500;

/**
 * The call log's writer: calls are queued in memory and written together (every 20 ms or 500
 * rows), as chat's charges and the attempt log are. A read of the log waits for the queued rows of
 * its tenant first (`callsWritten`), so a call is in the log as soon as its answer has left.
 * What a crash loses is the last few milliseconds of rows, never a charge (the ledger is written apart).
 */
class CallLogWriter {
  private rows = new Map<Db, CallRecord[]>();
  private tenants = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  add(db: Db, row: CallRecord): void {
    const list = this.rows.get(db) ?? [];
    list.push(row);
    this.rows.set(db, list);
    this.tenants.set(row.tenantId, (this.tenants.get(row.tenantId) ?? 0) + 1);
    if (list.length >= BATCH_ROWS) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), BATCH_MS);
  }

  /** True when rows of `tenantId` (or any) wait to be written: a map look-up. */
  pending(tenantId?: string): boolean {
    return tenantId === undefined ? this.tenants.size > 0 : this.tenants.has(tenantId);
  }

  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batches = [...this.rows];
    this.rows.clear();
    this.writing = this.writing.then(async () => {
      for (const [db, rows] of batches) {
        try {
          await insertCalls(db, 'rows', { rows: JSON.stringify(rows) });
        } catch (err) {
          // The log is a record of calls already answered and charged: losing rows must not fail anyone's work.
          logger.warn({ err, rows: rows.length }, 'could not record calls in the call log');
        } finally {
          for (const r of rows) {
            const n = (this.tenants.get(r.tenantId) ?? 1) - 1;
            if (n > 0) this.tenants.set(r.tenantId, n);
            else this.tenants.delete(r.tenantId);
          }
        }
      }
    });
    return this.writing;
  }
}

const WRITER_KEY = Symbol.for('studio.callLog');
type GlobalWithWriter = typeof globalThis & { [WRITER_KEY]?: CallLogWriter };
/** Shared by every copy of this module in the process (the Node server's and the framework's bundle). */
const writer = ((globalThis as GlobalWithWriter)[WRITER_KEY] ??= new CallLogWriter());

/** Queues one call for the log (written within 20 ms). */
export function recordCall(db: Db, row: CallRecord): void {
  writer.add(db, row);
}

/** Resolves once the queued calls (of `tenantId`, or all) are written; nothing to wait for costs a map look-up. */
export function callsWritten(tenantId?: string): Promise<void> | null {
  return writer.pending(tenantId) ? writer.flush() : null;
}

/** Writes every queued call now (shutdown, tests). */
export function flushCalls(): Promise<void> {
  return writer.flush();
}

/** Who made a call, as the log keeps it: the member (its key, or a shared member's wallet), and how it came. */
export function callerOf(
  who: ScopedIdentity,
  actorAccountId: string | null = null,
): Pick<CallRecord, 'accountId' | 'via'> {
  if (who.kind === 'member') return { accountId: who.accountId, via: 'key' };
  return { accountId: actorAccountId, via: who.via === 'session' ? 'console' : 'key' };
}

/**
 * How a call that threw ended: `refused` when Studio turned it away before any upstream answered for
 * it (no credits, rate limit, invalid request, capability), `failed` otherwise; with the error's code.
 */
export function endOf(err: unknown): { status: CallStatus; errorCode: string } {
  if (err instanceof AppError) {
    const refused = err.status === 400 || err.status === 402 || err.status === 403 || err.status === 429;
    return { status: refused ? 'refused' : 'failed', errorCode: err.reason };
  }
  return { status: 'failed', errorCode: 'internal' };
}
