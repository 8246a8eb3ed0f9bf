import { and, inArray, isNotNull, lt, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { RetentionSettings } from '@/server/config';
import type { Db } from '@/server/db/client';
import { jobEvents, jobs, mailOutbox, upstreamAttempts } from '@/server/db/schema';

/**
 * The worker's prunes of what grows (docs/operations.md → Retention). Each run removes at most one
 * batch, picked by a short `select ... limit` and deleted by id, so no statement holds its locks for
 * long and several workers may run them at once; what is left waits for the next run. The ledger is
 * never pruned.
 */
export const PRUNE_BATCH = 5_000;

const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

/**
 * Runs a one-batch prune again while it found a full batch, at most `rounds` times, so a backlog
 * clears within a few runs while each statement stays short. Answers the rows removed.
 */
export async function inBatches(prune: () => Promise<number>, rounds = 20): Promise<number> {
  let total = 0;
  for (let round = 0; round < rounds; round++) {
    const n = await prune();
    total += n;
    if (n < PRUNE_BATCH) break;
  }
  return total;
}

/** Deletes one batch of `table`'s rows matching `where`, picked by id: the rows removed. */
export async function deleteBatch(db: Db, table: PgTable, id: AnyPgColumn, where: SQL | undefined, batch: number) {
  const ids = db.select({ id }).from(table).where(where).limit(batch);
  const deleted = await db.delete(table).where(inArray(id, ids)).returning({ id });
  return deleted.length;
}

/** Feed history past the retention: a client reconnecting later with an older Last-Event-ID starts from now. */
export function pruneJobEvents(db: Db, keepMs: number, now = new Date(), batch = PRUNE_BATCH): Promise<number> {
  return deleteBatch(db, jobEvents, jobEvents.id, lt(jobEvents.at, before(now, keepMs)), batch);
}

/** Upstream attempts past the retention (health scores read minutes, the routing log days). */
export function pruneUpstreamAttempts(db: Db, keepMs: number, now = new Date(), batch = PRUNE_BATCH): Promise<number> {
  const where = lt(upstreamAttempts.startedAt, before(now, keepMs));
  return deleteBatch(db, upstreamAttempts, upstreamAttempts.id, where, batch);
}

/**
 * Mails done with past the retention: sent, failed, or passed on (their links removed). A mail still
 * waiting (queued, or stored for the operator and not yet redacted) is kept however old.
 */
export function pruneMailOutbox(db: Db, keepMs: number, now = new Date(), batch = PRUNE_BATCH): Promise<number> {
  const where = and(
    lt(mailOutbox.createdAt, before(now, keepMs)),
    or(inArray(mailOutbox.status, ['sent', 'failed']), isNotNull(mailOutbox.redactedAt)),
  );
  return deleteBatch(db, mailOutbox, mailOutbox.id, where, batch);
}

/**
 * Idempotency-Keys of jobs past the retention are forgotten (key and request hash cleared; the job
 * stays): a key answers its first request for 24 hours, so the retention is at least that.
 */
export async function forgetIdempotencyKeys(
  db: Db,
  keepMs: number,
  now = new Date(),
  batch = PRUNE_BATCH,
): Promise<number> {
  const ids = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(isNotNull(jobs.idempotencyKey), lt(jobs.createdAt, before(now, keepMs))))
    .limit(batch);
  const updated = await db
    .update(jobs)
    .set({ idempotencyKey: null, requestHash: null })
    .where(inArray(jobs.id, ids))
    .returning({ id: jobs.id });
  return updated.length;
}

/** The hourly prunes of rows besides the feed's (which runs more often); the counts by table. */
export async function pruneGrowingTables(db: Db, retention: RetentionSettings, now = new Date()) {
  return {
    upstreamAttempts: await inBatches(() => pruneUpstreamAttempts(db, retention.upstreamAttemptsMs, now)),
    mailOutbox: await inBatches(() => pruneMailOutbox(db, retention.mailMs, now)),
    idempotencyKeys: await inBatches(() => forgetIdempotencyKeys(db, retention.idempotencyMs, now)),
  };
}
