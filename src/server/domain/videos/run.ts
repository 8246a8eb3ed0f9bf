import { endJob, type JobRunContext } from '@/server/domain/jobs/lifecycle';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { jobs, tenants, videoTasks, type Job, type VideoTaskRow } from '@/server/db/schema';
import { logger } from '@/server/logger';
import { type Task, type TaskPayload } from '@/server/queue/queue';
import type { Reschedule } from '@/server/queue/worker';
import type { JobFailureReason } from '@/contracts/jobs';
import { videoProvider } from '@/server/upstreams/providers';
import type { VideoTaskState } from '@/server/upstreams/providers/types';
import { ContentRefused, failureReasonOf, planOrThrow, RoutingExhausted, runChain } from '@/server/upstreams/engine';
import { getUpstream, targetOf } from '@/server/upstreams/registry';
import { UpstreamError, type Target } from '@/server/upstreams/types';
import { AppError } from '@/server/errors';
import { notifyJob } from '@/server/domain/jobs/events';
import { storeResult } from './store';
import { followOrphan, stillOrphaned } from './orphans';
import { contentRefusedText, pollDelay, recordTaskEnd, taskEndDetail, taskFailure, taskUpstream } from './outcomes';
import { videoJobInputSchema, videoNeeds, type VideoJobInput } from './types';

/** A task row still open: the worker's writes never overwrite an ending (a cancel, a time-out) made meanwhile. */
const open = (id: string) =>
  and(eq(videoTasks.id, id), notInArray(videoTasks.state, ['succeeded', 'failed', 'cancelled']));

const NOTE = (n: number, m: number) =>
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
 * Runs one step of a video job and answers when to run the next one: create the upstream task (through
 * routing: retries, tier-keeping fallback), then poll it with back-off. Between steps the job holds no
 * worker slot and no connection: the same queue row is re-scheduled with a later `run_at`. Once the job
 * ended, the row lives on only while an orphaned upstream task is followed to its end.
 */
export async function runVideoJob(
  ctx: JobRunContext,
  task: Task<TaskPayload<'video.job'>>,
): Promise<Reschedule | undefined> {
  const next = await runStep(ctx, task);
  if (next) return next;
  // Ended by this step or meanwhile (a cancel) while the provider goes on: keep the row to follow it.
  return (await stillOrphaned(ctx.db, task.payload.jobId))
    ? { rescheduleInMs: ctx.config.video.pollFirstMs }
    : undefined;
}

async function runStep(ctx: JobRunContext, task: Task<TaskPayload<'video.job'>>): Promise<Reschedule | undefined> {
  const { jobId } = task.payload;
  const [found] = await ctx.db
    .select({ job: jobs, vt: videoTasks, binding: tenants.boundModel })
    .from(jobs)
    .innerJoin(videoTasks, eq(videoTasks.id, jobs.id))
    .innerJoin(tenants, eq(tenants.id, jobs.tenantId))
    .where(eq(jobs.id, jobId));
  if (!found) return undefined;
  if (found.job.status !== 'pending') return followOrphan(ctx, found.job, found.vt);
  const { job, vt, binding } = found;
  const fail = (error: string, reason: JobFailureReason) =>
    failVideo(ctx.db, job.id, error, { reason, callbackAttempts: ctx.config.callbackAttempts, orphan: true });
  if (task.attempt > task.maxAttempts) {
    await fail(
      'The video task was interrupted several times (worker restarts) and was stopped; its credits were refunded',
      'interrupted',
    );
    return undefined;
  }
  const parsed = videoJobInputSchema.safeParse(job.input);
  if (!parsed.success) {
    await fail('The task input could not be read; its credits were refunded', 'interrupted');
    return undefined;
  }
  const input = parsed.data;
  try {
    if (!vt.upstreamTaskId) return await createUpstreamTask(ctx, job, vt, input, binding);
    return await pollUpstreamTask(ctx, job, vt, input, binding);
  } catch (err) {
    if (ctx.signal?.aborted) throw err;
    if (err instanceof AppError) {
      // A refusal at creation: the caller's content, refunded, and said as for a refused task.
      await fail(err instanceof ContentRefused ? contentRefusedText() : err.message, failureReasonOf(err));
      return undefined;
    }
    logger.error({ err, job: job.id }, 'video job hit an infrastructure error');
    if (task.attempt >= task.maxAttempts) {
      // The queue drops a task after its last attempt: end the job rather than leave it pending.
      await fail('The video task failed on an internal error; its credits were refunded', 'interrupted');
      return undefined;
    }
    throw err;
  }
}

async function createUpstreamTask(
  ctx: JobRunContext,
  job: Job,
  vt: VideoTaskRow,
  input: VideoJobInput,
  binding: string | null,
): Promise<Reschedule | undefined> {
  const plan = await planOrThrow(
    ctx.db,
    { media: 'video', model: input.tier, binding, needs: videoNeeds(input) },
    ctx.random,
  );
  // Upstreams that already failed this task (bad output, failed task) are not tried again.
  const chain = plan.chain.filter((c) => !vt.failedUpstreams.includes(c.upstream.id));
  if (chain.length === 0) throw new RoutingExhausted(plan.chain.length, 'bad_output');
  const offset = vt.failedUpstreams.length;
  const total = offset + chain.length - 1;
  if (offset > 0) await setNote(ctx.db, job, NOTE(offset, total));
  const routed = await runChain(
    ctx.db,
    ctx.config.secret,
    chain,
    async (target, _model, signal) =>
      videoProvider(target).create(
        target,
        {
          prompt: input.prompt,
          ratio: input.ratio,
          duration: input.duration,
          resolution: input.resolution,
          images: input.images,
          videos: input.videos,
          audios: input.audios,
          generateAudio: input.generate_audio ? true : undefined,
          returnLastFrame: true,
        },
        signal,
      ),
    {
      ref: job.id,
      tenantId: job.tenantId,
      signal: ctx.signal,
      retryDelayMs: ctx.retryDelayMs,
      onFallback: (n) => setNote(ctx.db, job, NOTE(offset + n, total)),
    },
  );
  // Where the task now runs upstream: stored with its new state, or with the orphan mark below.
  const upstream = {
    upstreamId: routed.upstreamId,
    channel: routed.channel,
    upstreamModel: routed.model.model,
    upstreamTaskId: routed.result,
  };
  const [stored] = await ctx.db
    .update(videoTasks)
    .set({
      ...upstream,
      state: 'queued',
      polls: 0,
      stateChangedAt: new Date(),
      upstreamCreatedAt: new Date(),
    })
    .where(open(job.id))
    .returning({ id: videoTasks.id });
  if (!stored) {
    // Cancelled while the upstream task was being created: cancel that one too, or follow it when the provider will not.
    const row = await getUpstream(ctx.db, routed.upstreamId).catch(() => null);
    const cancelled = row ? await tryCancel(targetOf(row, routed.model, ctx.config.secret), routed.result) : false;
    if (!cancelled) {
      await ctx.db
        .update(videoTasks)
        .set({ ...upstream, upstreamCreatedAt: new Date(), orphanedAt: new Date() })
        .where(eq(videoTasks.id, job.id));
    }
    return undefined;
  }
  return { rescheduleInMs: ctx.config.video.pollFirstMs };
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

async function setNote(db: Db, job: Job, note: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(jobs)
      .set({ note })
      .where(and(eq(jobs.id, job.id), eq(jobs.status, 'pending')))
      .returning({ id: jobs.id, tenantId: jobs.tenantId, accountId: jobs.accountId, status: jobs.status });
    if (row) await notifyJob(tx, row);
  });
}

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
  return { rescheduleInMs: 0 };
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

async function pollUpstreamTask(
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
    return { rescheduleInMs: pollDelay(ctx.config.video, vt.polls) };
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
        await ctx.db.transaction(async (tx) => {
          await tx
            .update(videoTasks)
            .set({
              state: status,
              upstreamState: status,
              stateChangedAt: new Date(),
              polls: sql`${videoTasks.polls} + 1`,
            })
            .where(open(vt.id));
          const [row] = await tx
            .update(jobs)
            .set({ startedAt: sql`coalesce(${jobs.startedAt}, now())` })
            .where(and(eq(jobs.id, job.id), eq(jobs.status, 'pending')))
            .returning();
          if (row) await notifyJob(tx, row);
        });
        return { rescheduleInMs: pollDelay(ctx.config.video, 0) };
      }
      if (stuckMs > deadlineS * 1000) return timeOut(ctx, job, vt, target, deadlineS);
      await ctx.db
        .update(videoTasks)
        .set({ polls: sql`${videoTasks.polls} + 1`, upstreamState: state.status })
        .where(eq(videoTasks.id, vt.id));
      return { rescheduleInMs: pollDelay(ctx.config.video, vt.polls) };
    }
    case 'succeeded': {
      if (!state.videoUrl) {
        ended(false, 'bad_output', undefined, { problem: 'succeeded without a video' });
        return nextUpstream(ctx, vt, 'succeeded without a video');
      }
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
