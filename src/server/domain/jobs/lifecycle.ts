import { and, eq, sql } from 'drizzle-orm';
import type { JobFailureReason } from '@/contracts/jobs';
import type { Db } from '@/server/db/client';
import { jobs, type Job, type UsageCategory } from '@/server/db/schema';
import type { Deps } from '@/server/domain/deps';
import { enqueue, QUEUES } from '@/server/queue/queue';
import { refundJob } from '@/server/domain/credits/ledger';
import { endedNow, finishDoneAndNotify, notifyJob, type DoneJob } from './events';

/**
 * How every job ends, whatever its kind (image, video, image-to-template): once, in the caller's
 * transaction. A job still pending takes its final status, text and reason; its callback is queued
 * (it exists exactly when the job ended); what it charged is refunded when it failed (or a share of
 * it when it succeeded only in part); and the change is logged and announced on the job feed.
 * Answers the ended row, or null when the job had already ended (a cancel, a watchdog, another run).
 */

/**
 * What a job kind's run gets from the worker, whatever the kind: the runtime's parts (`Deps`: the
 * database, the configuration, the file store) and the worker's signal, which aborts when the task's
 * lease is lost or the worker stops.
 */
export interface JobRunContext extends Deps {
  signal?: AbortSignal | undefined;
  /** Back-off between retries of one upstream (tests shorten it). */
  retryDelayMs?: (tryNo: number) => number;
  /** Random source of routing's weighted choice (tests fix it). */
  random?: () => number;
}

/** Credits given back as the job ends: the ledger category and note, all of the charge unless `amount`. */
export interface JobRefund {
  category: UsageCategory;
  note: string;
  amount?: number;
}

/** Columns a kind sets as its job ends (the result, its steps). */
export type JobEndColumns = Partial<Pick<Job, 'cdnUrl' | 'result' | 'steps'>>;

export type JobOutcome =
  | { status: 'done'; set?: JobEndColumns; refund?: JobRefund }
  | { status: 'failed'; error: string; reason: JobFailureReason; refund: JobRefund; set?: JobEndColumns };

export interface EndJobOptions {
  /** Deliveries a callback gets before it gives up. */
  callbackAttempts?: number | undefined;
}

export async function endJob(
  tx: Db,
  jobId: string,
  outcome: JobOutcome,
  opts: EndJobOptions = {},
): Promise<Job | null> {
  const failed = outcome.status === 'failed';
  const [row] = await tx
    .update(jobs)
    .set({
      status: outcome.status,
      note: null,
      ...(failed ? { error: outcome.error, errorReason: outcome.reason } : {}),
      ...(outcome.refund ? { creditsRefunded: outcome.refund.amount ?? sql`${jobs.credits}` } : {}),
      ...outcome.set,
      ...endedNow(),
    })
    .where(and(eq(jobs.id, jobId), eq(jobs.status, 'pending')))
    .returning();
  if (!row) return null;
  if (row.callbackUrl)
    await enqueue(tx, QUEUES.callback, { jobId: row.id }, { maxAttempts: opts.callbackAttempts ?? 12 });
  if (outcome.refund) await refundJob(tx, row, outcome.refund);
  await notifyJob(tx, row);
  return row;
}

/**
 * The batched form of `endJob` for the hottest path: many image jobs done at once, none with a
 * callback or a refund, ended, logged and announced in one statement. Answers the ids it ended.
 */
export function endJobsDone(db: Db, list: DoneJob[]): Promise<Set<string>> {
  return finishDoneAndNotify(db, list);
}
