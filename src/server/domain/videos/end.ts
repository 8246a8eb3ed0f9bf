import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { videoTasks, type Job } from '@/server/db/schema';
import { endJob } from '@/server/domain/jobs/lifecycle';
import { changeAndNotify } from '@/server/domain/jobs/events';
import type { JobFailureReason } from '@/contracts/jobs';
import { logger } from '@/server/logger';
import { videoProvider } from '@/server/upstreams/providers';
import type { Target } from '@/server/upstreams/types';

/** What the steps of a video job share: the open-row guard, the fallback note, failing, cancelling. */

/** A task row still open: the worker's writes never overwrite an ending (a cancel, a time-out) made meanwhile. */
export const open = (id: string) =>
  and(eq(videoTasks.id, id), notInArray(videoTasks.state, ['succeeded', 'failed', 'cancelled']));

export const NOTE = (n: number, m: number) =>
  `An upstream failed; backup channel ${n}/${m} is in use. The task stays pending: do not resubmit.`;

export interface FailVideoOptions {
  /** The stable cause shown as `reason` (docs/api.md → Job failures). */
  reason: JobFailureReason;
  state?: 'failed' | 'cancelled';
  callbackAttempts?: number | undefined;
  note?: string;
  /** The upstream task may go on (the provider would not cancel it): the worker follows it to its end (orphans.ts). */
  orphan?: boolean;
  /** The provider's last status of the upstream task. */
  upstreamState?: string | undefined;
}

/**
 * Ends a pending video job as failed (state `failed` or `cancelled`) with its reason and refunds its
 * credits in the same transaction, once: the guarded update lets only one of the worker, a cancel and a
 * time-out end it.
 */
export async function failVideo(db: Db, jobId: string, error: string, opts: FailVideoOptions): Promise<Job | null> {
  return db.transaction(async (tx) => {
    const note = opts.note ?? (opts.state === 'cancelled' ? 'cancelled video' : 'failed video');
    const row = await endJob(
      tx,
      jobId,
      { status: 'failed', error, reason: opts.reason, refund: { category: 'video', note } },
      opts,
    );
    if (!row) return null;
    await tx
      .update(videoTasks)
      .set({
        state: opts.state ?? 'failed',
        stateChangedAt: new Date(),
        ...(opts.upstreamState ? { upstreamState: opts.upstreamState } : {}),
        // Only a task that exists upstream can be left running there.
        ...(opts.orphan ? { orphanedAt: sql`case when ${videoTasks.upstreamTaskId} is not null then now() end` } : {}),
      })
      .where(eq(videoTasks.id, jobId));
    return row;
  });
}

/**
 * Asks the provider to cancel a task; false when it would not (Ark: a running task), could not be reached,
 * or has no cancel at all (Kling): the task is then followed as an orphan, since it may still finish.
 */
export async function tryCancel(target: Target, upstreamTaskId: string): Promise<boolean> {
  const provider = videoProvider(target);
  if (!provider.cancellable) {
    logger.info({ channel: target.channel, task: upstreamTaskId }, 'the upstream has no cancel; the task is followed');
    return false;
  }
  try {
    await provider.cancel(target, upstreamTaskId, AbortSignal.timeout(10_000));
    return true;
  } catch (err) {
    logger.info({ err, channel: target.channel, task: upstreamTaskId }, 'the upstream did not cancel the video task');
    return false;
  }
}

/** Sets a pending job's note (a backup channel in use), logged and announced in the same statement. */
export async function setNote(db: Db, job: Job, note: string): Promise<void> {
  await changeAndNotify(db, job.id, { note });
}
