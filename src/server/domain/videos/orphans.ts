import { and, desc, eq, inArray, isNotNull, isNull, not, notInArray, or, sql } from 'drizzle-orm';
import type { AdminActionBody } from '@/contracts/admin';
import type { Db } from '@/server/db/client';
import { videoTasks, type Job, type VideoTaskRow } from '@/server/db/schema';
import { logger } from '@/server/logger';
import { QUEUES } from '@/server/queue/queue';
import type { Reschedule } from '@/server/queue/worker';
import { videoProvider } from '@/server/upstreams/providers';
import type { VideoTaskState } from '@/server/upstreams/providers/types';
import { UpstreamError } from '@/server/upstreams/types';
import type { AdminIdentity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';
import {
  ENDED_STATES,
  isEnded,
  pollDelay,
  recordTaskEnd,
  taskEndDetail,
  taskFailure,
  taskUpstream,
  UNFOLLOWED,
} from './outcomes';
import type { JobRunContext } from '@/server/domain/jobs/lifecycle';
import { videoJobInputSchema } from './types';

/**
 * Orphaned upstream tasks: the job ended (cancelled by the caller, timed out) and was refunded, but the
 * provider would not cancel its task (Ark cancels only queued tasks), so it keeps rendering and billing.
 * The job's queue row keeps polling it to its end and records what it cost.
 */

/** How long an orphan is followed at most: Ark stops a task itself after 48 hours (`execution_expires_after`). */
export const ORPHAN_FOLLOW_MS = 48 * 3600_000;

/** Whether the job's ended task still runs upstream and is followed: its queue row is then kept. */
export async function stillOrphaned(db: Db, jobId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: videoTasks.id })
    .from(videoTasks)
    .where(
      and(
        eq(videoTasks.id, jobId),
        isNotNull(videoTasks.orphanedAt),
        isNotNull(videoTasks.upstreamTaskId),
        or(isNull(videoTasks.upstreamState), notInArray(videoTasks.upstreamState, [...ENDED_STATES, UNFOLLOWED])),
      ),
    );
  return row !== undefined;
}

/** The provider cancelled a task that had not started: nothing is left to follow. */
export async function releaseOrphan(db: Db, jobId: string): Promise<void> {
  await db.update(videoTasks).set({ orphanedAt: null, upstreamState: 'cancelled' }).where(eq(videoTasks.id, jobId));
}

async function settle(db: Db, id: string, upstreamState: string, polls?: boolean): Promise<void> {
  await db
    .update(videoTasks)
    .set({ upstreamState, ...(polls ? { polls: sql`${videoTasks.polls} + 1` } : {}) })
    .where(eq(videoTasks.id, id));
}

/** One status read of an orphaned task: its last status kept current, its end recorded with the provider's cost facts. */
export async function followOrphan(ctx: JobRunContext, job: Job, vt: VideoTaskRow): Promise<Reschedule | undefined> {
  if (!vt.orphanedAt || !vt.upstreamTaskId || isEnded(vt.upstreamState) || vt.upstreamState === UNFOLLOWED)
    return undefined;
  const up = await taskUpstream(ctx.db, ctx.config.secret, vt);
  if (!up) {
    await settle(ctx.db, vt.id, UNFOLLOWED);
    return undefined;
  }
  const parsed = videoJobInputSchema.safeParse(job.input);
  const seconds = parsed.success ? parsed.data.duration : 0;
  const giveUp = Date.now() - vt.orphanedAt.getTime() > ORPHAN_FOLLOW_MS;
  const started = Date.now();
  let state: VideoTaskState;
  try {
    const timeout = AbortSignal.timeout(Math.min(up.target.softTimeoutMs, 30_000));
    state = await videoProvider(up.target).get(
      up.target,
      vt.upstreamTaskId,
      ctx.signal ? AbortSignal.any([ctx.signal, timeout]) : timeout,
    );
  } catch (err) {
    if (ctx.signal?.aborted) throw err;
    if (err instanceof UpstreamError && err.status === 404) {
      await settle(ctx.db, vt.id, 'not_found');
      recordTaskEnd(ctx.db, vt, started, true, null, {
        detail: { upstream_task_id: vt.upstreamTaskId, status: 'not_found', orphaned: true },
      });
      return undefined;
    }
    if (giveUp) return stopFollowing(ctx, vt, started);
    await settle(ctx.db, vt.id, vt.upstreamState ?? 'running', true);
    return { rescheduleInMs: pollDelay(ctx.config.video, vt.polls), queue: QUEUES.videoCheck };
  }
  if (state.status === 'queued' || state.status === 'running') {
    if (giveUp) return stopFollowing(ctx, vt, started);
    await settle(ctx.db, vt.id, state.status, true);
    return { rescheduleInMs: pollDelay(ctx.config.video, vt.polls), queue: QUEUES.videoCheck };
  }
  await settle(ctx.db, vt.id, state.status);
  const failure = state.status === 'failed' || state.status === 'expired' ? taskFailure(state, up.target) : null;
  const detail: Record<string, unknown> = { ...taskEndDetail(vt, state, up.costUsd, seconds), orphaned: true };
  recordTaskEnd(ctx.db, vt, started, failure === null, failure?.cls ?? null, { errorCode: failure?.code, detail });
  logger.info(
    { job: vt.id, channel: vt.channel, status: state.status, cost: detail.provider_cost_usd },
    'an orphaned upstream video task ended',
  );
  return undefined;
}

function stopFollowing(ctx: JobRunContext, vt: VideoTaskRow, started: number): Promise<undefined> {
  recordTaskEnd(ctx.db, vt, started, false, 'timeout', {
    detail: { upstream_task_id: vt.upstreamTaskId, status: vt.upstreamState, orphaned: true, unfollowed: true },
  });
  return settle(ctx.db, vt.id, UNFOLLOWED).then(() => undefined);
}

export interface VideoOrphanView {
  job_id: string;
  tenant_id: string;
  channel: string | null;
  upstream_task_id: string | null;
  upstream_state: string | null;
  orphaned_at: string;
  ended: boolean;
}

/** `video-orphans`: upstream tasks left running after their job ended, newest first. */
export async function listVideoOrphans(
  { db }: Pick<Deps, 'db'>,
  _who: AdminIdentity,
  input: AdminActionBody<'video-orphans'>,
): Promise<{ orphans: VideoOrphanView[] }> {
  const ended = inArray(videoTasks.upstreamState, [...ENDED_STATES]);
  const filter =
    input.ended === undefined ? undefined : input.ended ? ended : or(isNull(videoTasks.upstreamState), not(ended));
  const rows = await db
    .select()
    .from(videoTasks)
    .where(and(isNotNull(videoTasks.orphanedAt), filter))
    .orderBy(desc(videoTasks.orphanedAt), desc(videoTasks.id))
    .limit(input.limit ?? 100);
  return {
    orphans: rows.map((vt) => ({
      job_id: vt.id,
      tenant_id: vt.tenantId,
      channel: vt.channel,
      upstream_task_id: vt.upstreamTaskId,
      upstream_state: vt.upstreamState,
      orphaned_at: (vt.orphanedAt ?? new Date(0)).toISOString(),
      ended: isEnded(vt.upstreamState),
    })),
  };
}
