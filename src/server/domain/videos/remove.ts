import { and, eq, ne } from 'drizzle-orm';
import type { VideoTaskView } from '@/contracts/videos';
import { jobs, videoTasks, type Job, type VideoTaskRow } from '@/server/db/schema';
import { logger } from '@/server/logger';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';
import { AppError, notFound } from '@/server/errors';
import { releaseOrphan } from './orphans';
import { isEnded, recordTaskEnd, taskTarget, taskUpstream, UNFOLLOWED } from './outcomes';
import { videoJobInputSchema } from './types';
import { findVideoTask, videoTaskViewOf } from './read';
import { failVideo, tryCancel } from './end';

export const CANCELLED_BY_CALLER = 'Cancelled by the caller';

export type VideoRemoved = { id: string; action: 'cancelled'; task: VideoTaskView } | { id: string; action: 'deleted' };

/**
 * `DELETE /api/videos?id=`: a queued or running task is cancelled (credits refunded in full; the job
 * fails with "Cancelled by the caller"; the callback is sent), and the upstream task too where the
 * provider allows it: one the provider goes on with (Ark: a running task) is followed to its end by the
 * worker as an orphan (orphans.ts). A finished task is deleted: gone from reads and lists, its files
 * removed from the store; its ledger rows stay.
 */
export async function removeVideo(
  deps: Pick<Deps, 'db' | 'config' | 'files'>,
  who: ScopedIdentity,
  input: { id: string },
): Promise<VideoRemoved> {
  const { job, vt } = await findVideoTask(deps.db, who, input.id);
  if (job.status === 'pending') {
    // Marked as an orphan in the same transaction, so the worker keeps its queue row whatever the provider answers.
    const ended = await failVideo(deps.db, job.id, CANCELLED_BY_CALLER, {
      reason: 'cancelled',
      state: 'cancelled',
      callbackAttempts: deps.config.callbackAttempts,
      orphan: true,
    });
    // Read again: the worker may have created the upstream task since the first read.
    const [up] = ended ? await deps.db.select().from(videoTasks).where(eq(videoTasks.id, job.id)) : [];
    if (up?.upstreamTaskId) {
      // After the refund is committed: an upstream that refuses changes nothing for the caller.
      const target = await taskTarget(deps.db, deps.config.secret, up);
      const cancelled = target ? await tryCancel(target, up.upstreamTaskId) : false;
      // A task cancelled before it ran costs nothing: no need to follow it. A running one is followed to its end.
      if (cancelled && vt.state !== 'running' && up.upstreamState !== 'running') await releaseOrphan(deps.db, job.id);
    }
    // Ended by the worker in the meantime: answer what it is now. A cancel of the same task raced with
    // this one may have deleted it since (it found the task ended): this cancel ended it, so it says so.
    const now = await findVideoTask(deps.db, who, job.id).catch((err: unknown) => {
      if (ended && err instanceof AppError && err.code === 'NOT_FOUND')
        return { job: ended, vt: { ...vt, state: 'cancelled' as const } };
      throw err;
    });
    if (ended || now.job.status !== 'done')
      return { id: job.id, action: 'cancelled', task: videoTaskViewOf(now.job, now.vt) };
    return deleteFinished(deps, job.id, job.tenantId, now.job.cdnUrl, now.vt.coverUrl);
  }
  // An upstream task still followed loses its row with the job: what it is expected to cost is recorded now.
  if (vt.orphanedAt && vt.upstreamTaskId && !isEnded(vt.upstreamState) && vt.upstreamState !== UNFOLLOWED)
    await recordDeletedOrphan(deps, job, vt);
  return deleteFinished(deps, job.id, job.tenantId, job.cdnUrl, vt.coverUrl);
}

/**
 * The end of an orphaned upstream task can no longer be followed once its job is deleted: its attempt
 * row is written at the deletion, with the cost the provider will bill if it finishes (`estimated`).
 */
async function recordDeletedOrphan(deps: Pick<Deps, 'db' | 'config'>, job: Job, vt: VideoTaskRow): Promise<void> {
  const up = await taskUpstream(deps.db, deps.config.secret, vt);
  const parsed = videoJobInputSchema.safeParse(job.input);
  const seconds = parsed.success ? parsed.data.duration : 0;
  const costUsd = up?.costUsd ?? 0;
  recordTaskEnd(deps.db, vt, Date.now(), false, null, {
    detail: {
      upstream_task_id: vt.upstreamTaskId,
      status: vt.upstreamState ?? 'running',
      video_seconds: seconds,
      provider_cost_usd: Math.round(costUsd * seconds * 1e6) / 1e6,
      estimated: true,
      orphaned: true,
      unfollowed: 'the task was deleted while the provider still ran it',
    },
  });
}

async function deleteFinished(
  deps: Pick<Deps, 'db' | 'files'>,
  id: string,
  tenantId: string,
  videoUrl: string | null,
  coverUrl: string | null,
): Promise<VideoRemoved> {
  const [gone] = await deps.db
    .delete(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.tenantId, tenantId), ne(jobs.status, 'pending')))
    .returning({ id: jobs.id });
  if (!gone) throw notFound('Video task');
  for (const url of [videoUrl, coverUrl]) {
    const key = url ? deps.files.keyOf(url) : null;
    if (key)
      await deps.files.delete(key).catch((err: unknown) => logger.warn({ err, key }, 'could not delete a video file'));
  }
  return { id, action: 'deleted' };
}
