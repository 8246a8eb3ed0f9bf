import { and, inArray } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { jobs, type Job } from '@/server/db/schema';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import { jobFeedHub } from '@/server/domain/jobs/feed-hub';
import { visibleTo } from '@/server/domain/jobs/read';
import { logger } from '@/server/logger';

/** How often a wait reads its jobs again besides the notifications, in case one was lost. */
const SAFETY_READ_MS = 15_000;

export type WaitOutcome = { ended: true; jobs: Job[] } | { ended: false; jobs: Job[] };

/**
 * Waits until every job of `ids` has ended (done or failed), at most `deadlineMs`, woken by the job
 * notifications every process already listens to (the progress feed's hub, `pg_notify` at commit),
 * not by polling; a slow read every 15 s covers a notification lost while the listening connection
 * was down. An `abort` (the caller went away) stops the wait only: the jobs run on. Answers the jobs
 * as they are when the wait ends, in the order of `ids`.
 */
export async function waitForJobs(
  database: Database,
  who: ScopedIdentity,
  ids: readonly string[],
  deadlineMs: number,
  abort?: AbortSignal,
): Promise<WaitOutcome> {
  const wanted = new Set(ids);
  const read = async (): Promise<Job[]> => {
    const rows = await database.db
      .select()
      .from(jobs)
      .where(and(inArray(jobs.id, [...wanted]), visibleTo(who)));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [row] : [];
    });
  };
  const allEnded = (list: Job[]) => list.length === ids.length && list.every((j) => j.status !== 'pending');

  // A notification that arrives while the jobs are being read is kept (`signalled`), never lost.
  let wake: () => void = () => {};
  let signalled = false;
  const signal = () => {
    signalled = true;
    wake();
  };
  const unsubscribe = await jobFeedHub(database).subscribe(who, {
    send: (e) => {
      if (e.job.status !== 'pending' && wanted.has(e.job.id)) signal();
    },
    recheck: () => Promise.resolve(true),
    catchUp: () => Promise.resolve(signal()),
    end: signal,
  });
  const deadline = Date.now() + deadlineMs;
  try {
    // Read after subscribing: a job that ended before the subscription is seen here.
    let current = await read();
    while (!allEnded(current)) {
      const left = deadline - Date.now();
      if (left <= 0 || abort?.aborted) return { ended: false, jobs: current };
      if (!signalled)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(finish, Math.min(left, SAFETY_READ_MS));
          const onAbort = () => finish();
          abort?.addEventListener('abort', onAbort, { once: true });
          function finish() {
            clearTimeout(timer);
            abort?.removeEventListener('abort', onAbort);
            resolve();
          }
          wake = finish;
        });
      wake = () => {};
      signalled = false;
      current = await read();
    }
    return { ended: true, jobs: current };
  } catch (err) {
    logger.warn({ err }, 'waiting for image jobs failed');
    throw err;
  } finally {
    unsubscribe();
  }
}
