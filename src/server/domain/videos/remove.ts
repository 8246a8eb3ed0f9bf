import { and, eq, ne } from 'drizzle-orm';
import type { VideoTaskView } from '../../../contracts/videos';
import { jobs } from '../../db/schema';
import { logger } from '../../logger';
import { cancelVideoTask } from '../../upstreams/adapters/ark-video';
import type { ScopedIdentity } from '../auth/identity';
import type { Deps } from '../deps';
import { notFound } from '../errors';
import { findVideoTask, videoTaskViewOf } from './read';
import { failVideo, taskTarget } from './run';

export const CANCELLED_BY_CALLER = 'Cancelled by the caller';

export type VideoRemoved = { id: string; action: 'cancelled'; task: VideoTaskView } | { id: string; action: 'deleted' };

/**
 * `DELETE /api/videos?id=`: a queued or running task is cancelled (the upstream task too where the
 * upstream allows it; credits refunded in full; the job fails with "Cancelled by the caller"; the
 * callback is sent). A finished task is deleted: gone from reads and lists, its files removed from the
 * store; its ledger rows stay.
 */
export async function removeVideo(
  deps: Pick<Deps, 'db' | 'config' | 'files'>,
  who: ScopedIdentity,
  input: { id: string },
): Promise<VideoRemoved> {
  const { job, vt } = await findVideoTask(deps.db, who, input.id);
  if (job.status === 'pending') {
    const ended = await failVideo(deps.db, job.id, CANCELLED_BY_CALLER, { state: 'cancelled', callbackAttempts: deps.config.callbackAttempts });
    if (ended) {
      // After the refund is committed: an upstream that refuses (a running task on some providers) changes nothing for the caller.
      const target = await taskTarget(deps.db, deps.config.secret, vt);
      if (target && vt.upstreamTaskId) {
        await cancelVideoTask(target, vt.upstreamTaskId, AbortSignal.timeout(10_000)).catch((err: unknown) =>
          logger.info({ err, job: job.id }, 'the upstream did not cancel the video task'),
        );
      }
    }
    // Ended by the worker in the meantime: answer what it is now.
    const now = await findVideoTask(deps.db, who, job.id);
    if (ended || now.job.status !== 'done') return { id: job.id, action: 'cancelled', task: videoTaskViewOf(now.job, now.vt) };
    return deleteFinished(deps, job.id, job.tenantId, now.job.cdnUrl, now.vt.coverUrl);
  }
  return deleteFinished(deps, job.id, job.tenantId, job.cdnUrl, vt.coverUrl);
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
    if (key) await deps.files.delete(key).catch((err: unknown) => logger.warn({ err, key }, 'could not delete a video file'));
  }
  return { id, action: 'deleted' };
}
