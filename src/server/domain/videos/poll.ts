import { eq, sql } from 'drizzle-orm';
import { jobs, videoTasks, type Job, type VideoTaskRow } from '@/server/db/schema';
import { changeAndNotify } from '@/server/domain/jobs/events';
import type { JobRunContext } from '@/server/domain/jobs/lifecycle';
import { logger } from '@/server/logger';
import { QUEUES } from '@/server/queue/queue';
import type { Reschedule } from '@/server/queue/worker';
import { videoProvider } from '@/server/upstreams/providers';
import type { VideoTaskState } from '@/server/upstreams/providers/types';
import { planOrThrow } from '@/server/upstreams/engine';
import { UpstreamError, type Target } from '@/server/upstreams/types';
import { failVideo, open, tryCancel } from './end';
import { recordTaskEnd, taskEndDetail, taskFailure, taskUpstream } from './outcomes';
import { expectedRenderMs, learnRenderMs, nextCheckDelayMs } from './render-times';
import { storeResult } from './store';
import { videoNeeds, type VideoJobInput } from './types';

/** The poll step of a video job: the upstream task's state, its result stored, a failure moved on or ended. */

/** The upstream counts as failed for this task: the next upstream of the tier gets it (a new upstream task). */
async function nextUpstream(ctx: JobRunContext, vt: VideoTaskRow, why: string): Promise<Reschedule> {
  logger.info({ job: vt.id, channel: vt.channel, why }, 'video upstream failed; trying the next upstream of the tier');
  await ctx.db
    .update(videoTasks)
    .set({
      failedUpstreams: sql`array_append(${videoTasks.failedUpstreams}, ${vt.upstreamId}::uuid)`,
      upstreamTaskId: null,
      upstreamId: null,
      channel: null,
      upstreamModel: null,
      upstreamState: null,
      state: 'queued',
      polls: 0,
      stateChangedAt: new Date(),
    })
    .where(open(vt.id));
  // Back to the creation lane, due at once.
  return { rescheduleInMs: 0, queue: QUEUES.videoJob };
}

/**
 * When the task is checked next, `checks` checks into the back-off: near the end of its tier's typical
 * render on its upstream (render-times.ts), counted from its creation upstream.
 */
async function checkAgain(ctx: JobRunContext, vt: VideoTaskRow, checks: number): Promise<Reschedule> {
  const expected = vt.upstreamId ? await expectedRenderMs(ctx.db, vt.upstreamId, vt.tier) : null;
  const elapsed = Date.now() - (vt.upstreamCreatedAt ?? vt.stateChangedAt).getTime();
  return { rescheduleInMs: nextCheckDelayMs(ctx.config.video, elapsed, checks, expected), queue: QUEUES.videoCheck };
}

/** Whether an upstream of the tier that has not failed this task is left to take it. */
async function anotherUpstream(
  ctx: JobRunContext,
  vt: VideoTaskRow,
  input: VideoJobInput,
  binding: string | null,
): Promise<boolean> {
  const plan = await planOrThrow(
    ctx.db,
    { media: 'video', model: input.tier, binding, needs: videoNeeds(input) },
    ctx.random,
  ).catch(() => null);
  const tried = new Set([...vt.failedUpstreams, vt.upstreamId]);
  return plan?.chain.some((c) => !tried.has(c.upstream.id)) ?? false;
}

export async function pollUpstreamTask(
  ctx: JobRunContext,
  job: Job,
  vt: VideoTaskRow,
  input: VideoJobInput,
  binding: string | null,
): Promise<Reschedule | undefined> {
  const up = await taskUpstream(ctx.db, ctx.config.secret, vt);
  if (!up || !vt.upstreamTaskId) return nextUpstream(ctx, vt, 'upstream removed');
  const { target, costUsd } = up;
  const deadlineS = ctx.config.video.deadlinesS[vt.tier] ?? ctx.config.video.deadlinesS.default ?? 1200;
  const stuckMs = Date.now() - vt.stateChangedAt.getTime();
  const started = Date.now();
  let state: VideoTaskState;
  try {
    const timeout = AbortSignal.timeout(Math.min(target.softTimeoutMs, 30_000));
    state = await videoProvider(target).get(
      target,
      vt.upstreamTaskId,
      ctx.signal ? AbortSignal.any([ctx.signal, timeout]) : timeout,
    );
  } catch (err) {
    if (ctx.signal?.aborted) throw err;
    if (err instanceof UpstreamError && err.status === 404) {
      recordTaskEnd(ctx.db, vt, started, false, 'bad_output', {
        errorCode: err.code,
        detail: { upstream_task_id: vt.upstreamTaskId, status: 'not_found' },
      });
      return nextUpstream(ctx, vt, 'upstream task not found');
    }
    if (stuckMs > deadlineS * 1000) return timeOut(ctx, job, vt, target, deadlineS);
    // A failed status check is retried at the next poll; the deadline bounds how long.
    await ctx.db
      .update(videoTasks)
      .set({ polls: sql`${videoTasks.polls} + 1` })
      .where(eq(videoTasks.id, vt.id));
    return checkAgain(ctx, vt, vt.polls);
  }
  const ended = (
    ok: boolean,
    cls: Parameters<typeof recordTaskEnd>[4],
    errorCode?: string,
    extra: Record<string, unknown> = {},
  ) =>
    recordTaskEnd(ctx.db, vt, started, ok, cls, {
      errorCode,
      detail: { ...taskEndDetail(vt, state, costUsd, input.duration), ...extra },
    });
  switch (state.status) {
    case 'queued':
    case 'running': {
      if (state.status !== vt.state) {
        const status = state.status;
        // The task's state and the job's start, logged and announced, in one statement.
        const task = ctx.db
          .update(videoTasks)
          .set({
            state: status,
            upstreamState: status,
            stateChangedAt: new Date(),
            polls: sql`${videoTasks.polls} + 1`,
          })
          .where(open(vt.id));
        await changeAndNotify(ctx.db, job.id, { startedAt: sql`coalesce(${jobs.startedAt}, now())` }, task.getSQL());
        return checkAgain(ctx, vt, 0);
      }
      if (stuckMs > deadlineS * 1000) return timeOut(ctx, job, vt, target, deadlineS);
      await ctx.db
        .update(videoTasks)
        .set({ polls: sql`${videoTasks.polls} + 1`, upstreamState: state.status })
        .where(eq(videoTasks.id, vt.id));
      return checkAgain(ctx, vt, vt.polls);
    }
    case 'succeeded': {
      if (!state.videoUrl) {
        ended(false, 'bad_output', undefined, { problem: 'succeeded without a video' });
        return nextUpstream(ctx, vt, 'succeeded without a video');
      }
      // How long this upstream renders the tier: where the next tasks' first checks go.
      if (vt.upstreamId) learnRenderMs(vt.upstreamId, vt.tier, Number(taskEndDetail(vt, state, 0, 0).task_ms));
      let kept: boolean;
      try {
        kept = await storeResult(ctx, job, vt, input, state, videoProvider(target).resultHeaders?.(target));
      } catch (err) {
        if (!(err instanceof UpstreamError)) throw err;
        ended(false, 'bad_output', undefined, { problem: err.message });
        return nextUpstream(ctx, vt, `${err.errorClass}: ${err.message}`);
      }
      // Billed either way; not kept when the caller cancelled during the download.
      ended(true, null, undefined, kept ? {} : { orphaned: true });
      return undefined;
    }
    case 'failed':
    case 'expired': {
      const failure = taskFailure(state, target);
      ended(false, failure.cls, failure.code);
      if (failure.next && (await anotherUpstream(ctx, vt, input, binding)))
        return nextUpstream(ctx, vt, `upstream task failed: ${failure.code}`);
      await failVideo(ctx.db, job.id, failure.error, {
        reason: failure.reason,
        upstreamState: state.status,
        callbackAttempts: ctx.config.callbackAttempts,
      });
      return undefined;
    }
    case 'cancelled':
      await failVideo(ctx.db, job.id, 'The video task was cancelled upstream; its credits were refunded', {
        reason: 'upstream_error',
        upstreamState: 'cancelled',
        callbackAttempts: ctx.config.callbackAttempts,
      });
      return undefined;
  }
}

/**
 * A task past its deadline: cancelled upstream where the provider allows it and failed with a refund.
 * A task the provider goes on with (Ark: running) is followed to its end as an orphan.
 */
async function timeOut(
  ctx: JobRunContext,
  job: Job,
  vt: VideoTaskRow,
  target: Target,
  deadlineS: number,
): Promise<undefined> {
  const cancelled = await tryCancel(target, vt.upstreamTaskId ?? '');
  const released = cancelled && vt.state !== 'running';
  await failVideo(
    ctx.db,
    job.id,
    `Timed out: the video task made no progress for ${Math.round(deadlineS)} s (${vt.tier}'s limit); its credits were refunded`,
    {
      reason: 'timeout',
      callbackAttempts: ctx.config.callbackAttempts,
      orphan: !released,
      upstreamState: released ? 'cancelled' : undefined,
    },
  );
  return undefined;
}
