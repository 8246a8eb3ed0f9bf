import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '@/server/db/client';
import { hotStatement } from '@/server/db/rows';
import { upstreamAttempts } from '@/server/db/schema';
import { logger } from '@/server/logger';
import { recordUpstreamAttempt } from '@/server/metrics/registry';
import type { ErrorClass, UpstreamModel } from './types';

/** The upstream attempt log: what each call to a channel did, batched into `upstream_attempts` for the health scores. */

/** What an attempt adds to its log row: the provider's error code, and facts operators need (the size sent, a crop). */
export interface AttemptNote {
  detail?: Record<string, unknown>;
  errorCode?: string | undefined;
}

type AttemptRow = typeof upstreamAttempts.$inferInsert;

/**
 * A batch of attempts in one statement of fixed text, whatever its size: the rows travel as one JSON
 * parameter (a multi-row VALUES list would be built and parsed anew with ten parameters a row).
 */
const insertAttempts = hotStatement<'rows'>(
  (v) => sql`
    insert into ${upstreamAttempts} (upstream_id, family, ref, tenant_id, started_at, duration_ms, ok, error_class, error_code, detail, try_no, chain_pos)
    select "upstreamId", family, ref, "tenantId", "startedAt", "durationMs", ok, "errorClass", "errorCode", detail, "tryNo", "chainPos"
      from json_to_recordset(${v('rows')}::text::json) as r("upstreamId" uuid, family text, ref text, "tenantId" uuid, "startedAt" timestamptz,
           "durationMs" integer, ok boolean, "errorClass" text, "errorCode" text, detail jsonb, "tryNo" smallint, "chainPos" smallint)`,
);

/**
 * The attempt log is written in batches (every 200 ms or 500 rows): one insert per call would be a
 * database round trip on every generation. Scores are recomputed every few seconds, so a short
 * delay changes nothing; `flushAttempts` writes at once (shutdown, tests, score recompute).
 */
class AttemptLog {
  private rows = new Map<Db, AttemptRow[]>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  add(db: Db, row: AttemptRow): void {
    const list = this.rows.get(db) ?? [];
    list.push(row);
    this.rows.set(db, list);
    if (list.length >= 500) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), 200);
  }

  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batches = [...this.rows];
    this.rows.clear();
    this.writing = this.writing.then(async () => {
      for (const [db, rows] of batches) {
        try {
          await insertAttempts(db, 'rows', { rows: JSON.stringify(rows) });
        } catch (err) {
          // The attempt log feeds scores; losing rows must not fail anyone's work.
          logger.warn({ err, rows: rows.length }, 'could not record upstream attempts');
        }
      }
    });
    return this.writing;
  }
}

const ATTEMPTS_KEY = Symbol.for('studio.attemptLog');
type GlobalWithLog = typeof globalThis & { [ATTEMPTS_KEY]?: AttemptLog };
const attemptLog = ((globalThis as GlobalWithLog)[ATTEMPTS_KEY] ??= new AttemptLog());

/**
 * Writes buffered attempt rows now, before `db` reads them. Not from inside a transaction (an audited
 * operator action reading a channel view): the rows are written through the pool, and their foreign
 * key check would wait on the transaction's own lock of the channel row (on the embedded database, on
 * its one connection), which waits for this. A read in a transaction misses at most the last 200 ms.
 */
export function flushAttempts(db?: Db): Promise<void> {
  if (db instanceof PgTransaction) return Promise.resolve();
  return attemptLog.flush();
}

/** Records one upstream attempt for the health scores (batched) and the metrics (by channel name). */
export function recordAttempt(
  db: Db,
  row: {
    upstreamId: string;
    family: string;
    ref?: string | undefined;
    tenantId?: string | undefined;
    channel?: string | undefined;
  },
  started: number,
  ok: boolean,
  errorClass: ErrorClass | null,
  tryNo: number,
  chainPos: number,
  note?: AttemptNote,
): void {
  recordUpstreamAttempt(
    row.channel ?? row.upstreamId,
    ok ? 'ok' : (errorClass ?? 'server_error'),
    Math.max(0, Date.now() - started),
  );
  attemptLog.add(db, {
    errorCode: note?.errorCode ?? null,
    detail: note?.detail ?? null,
    upstreamId: row.upstreamId,
    family: row.family,
    ref: row.ref ?? null,
    tenantId: row.tenantId ?? null,
    startedAt: new Date(started),
    durationMs: Math.max(0, Date.now() - started),
    ok,
    errorClass,
    tryNo,
    chainPos,
  });
}

/**
 * What an answered call cost Studio: the model's `cost_usd` for the one unit (image or request) it
 * billed, unless the call recorded its own. A video is billed per second when its task ends
 * (`taskEndDetail`), so its creation step records none.
 */
export function withCost(note: AttemptNote, model: UpstreamModel): AttemptNote {
  if (model.media.includes('video') || note.detail?.provider_cost_usd !== undefined) return note;
  return { ...note, detail: { ...note.detail, provider_cost_usd: model.cost_usd } };
}
