import { and, eq, notInArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../db/client';
import { jobs, tenants, videoTasks, type Job, type VideoTaskRow } from '../../db/schema';
import { logger } from '../../logger';
import { enqueue, QUEUES, type Task, type TaskPayload } from '../../queue/queue';
import type { Reschedule } from '../../queue/worker';
import type { FileStore } from '../../storage/store';
import { cancelVideoTask, createVideoTask, getVideoTask, type VideoTaskState } from '../../upstreams/adapters/ark-video';
import { download } from '../../upstreams/adapters/http';
import { planOrThrow, RoutingExhausted, runChain } from '../../upstreams/engine';
import { getUpstream, targetOf } from '../../upstreams/registry';
import { UpstreamError, type Target } from '../../upstreams/types';
import type { Config } from '../../config';
import { refundJob } from '../credits/ledger';
import { AppError } from '../errors';
import { endedNow, notifyJob } from '../jobs/events';
import { downloadToFile, imageExtension, inspectMp4File } from './mp4';
import { videoJobInputSchema, videoNeeds, type VideoJobInput } from './types';

export interface VideoRunContext {
  db: Db;
  secret: Buffer;
  files: FileStore;
  video: Config['video'];
  signal?: AbortSignal;
  retryDelayMs?: (tryNo: number) => number;
  callbackAttempts?: number;
  /** Random source of the weighted choice (tests fix it). */
  random?: () => number;
}

/** A task row still open: the worker's writes never overwrite an ending (a cancel, a time-out) made meanwhile. */
const open = (id: string) => and(eq(videoTasks.id, id), notInArray(videoTasks.state, ['succeeded', 'failed', 'cancelled']));

const NOTE = (n: number, m: number) => `An upstream failed; backup channel ${n}/${m} is in use. The task stays pending: do not resubmit.`;

/**
 * Ends a pending video job as failed (state `failed` or `cancelled`) and refunds its credits in the same
 * transaction, once: the guarded update lets only one of the worker, a cancel and a time-out end it.
 */
export async function failVideo(
  db: Db,
  jobId: string,
  error: string,
  opts: { state?: 'failed' | 'cancelled'; callbackAttempts?: number; note?: string } = {},
): Promise<Job | null> {
  const ended = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(jobs)
      .set({
        status: 'failed',
        error,
        note: null,
        ...endedNow(),
      })
      .where(and(eq(jobs.id, jobId), eq(jobs.status, 'pending')))
      .returning();
    if (!row) return null;
    await tx.update(videoTasks).set({ state: opts.state ?? 'failed', stateChangedAt: new Date() }).where(eq(videoTasks.id, jobId));
    if (row.callbackUrl) await enqueue(tx, QUEUES.callback, { jobId: row.id }, { maxAttempts: opts.callbackAttempts ?? 12 });
    await refundJob(tx, row, { category: 'video', note: opts.note ?? (opts.state === 'cancelled' ? 'cancelled video' : 'failed video') });
    await notifyJob(tx, row);
    return row;
  });
  return ended;
}

/** The upstream a task runs on, as a call target; null when that upstream is gone. */
export async function taskTarget(db: Db, secret: Buffer, vt: Pick<VideoTaskRow, 'upstreamId' | 'upstreamModel' | 'tier'>): Promise<Target | null> {
  if (!vt.upstreamId || !vt.upstreamModel) return null;
  try {
    const row = await getUpstream(db, vt.upstreamId);
    return targetOf(row, { family: vt.tier, model: vt.upstreamModel, media: ['video'], cost_usd: 0, capabilities: {} }, secret);
  } catch {
    return null;
  }
}

function pollDelay(video: Config['video'], polls: number): number {
  return Math.min(video.pollMaxMs, video.pollFirstMs * 2 ** Math.max(0, polls));
}

/**
 * Runs one step of a video job and answers when to run the next one: create the upstream task (through
 * routing: retries, tier-keeping fallback), then poll it with back-off. Between steps the job holds no
 * worker slot and no connection: the same queue row is re-scheduled with a later `run_at`.
 */
export async function runVideoJob(ctx: VideoRunContext, task: Task<TaskPayload<'video.job'>>): Promise<Reschedule | undefined> {
  const { jobId } = task.payload;
  const [found] = await ctx.db
    .select({ job: jobs, vt: videoTasks, binding: tenants.boundModel })
    .from(jobs)
    .innerJoin(videoTasks, eq(videoTasks.id, jobs.id))
    .innerJoin(tenants, eq(tenants.id, jobs.tenantId))
    .where(eq(jobs.id, jobId));
  if (!found || found.job.status !== 'pending') return undefined;
  const { job, vt, binding } = found;
  if (task.attempt > task.maxAttempts) {
    await failVideo(ctx.db, job.id, 'The video task was interrupted several times (worker restarts) and was stopped; its credits were refunded', {
      callbackAttempts: ctx.callbackAttempts,
    });
    return undefined;
  }
  const parsed = videoJobInputSchema.safeParse(job.input);
  if (!parsed.success) {
    await failVideo(ctx.db, job.id, 'The task input could not be read; its credits were refunded', { callbackAttempts: ctx.callbackAttempts });
    return undefined;
  }
  const input = parsed.data;
  try {
    if (!vt.upstreamTaskId) return await createUpstreamTask(ctx, job, vt, input, binding);
    return await pollUpstreamTask(ctx, job, vt, input);
  } catch (err) {
    if (ctx.signal?.aborted) throw err;
    if (err instanceof AppError) {
      await failVideo(ctx.db, job.id, err.message, { callbackAttempts: ctx.callbackAttempts });
      return undefined;
    }
    logger.error({ err, job: job.id }, 'video job hit an infrastructure error');
    if (task.attempt >= task.maxAttempts) {
      // The queue drops a task after its last attempt: end the job rather than leave it pending.
      await failVideo(ctx.db, job.id, 'The video task failed on an internal error; its credits were refunded', { callbackAttempts: ctx.callbackAttempts });
      return undefined;
    }
    throw err;
  }
}

async function createUpstreamTask(ctx: VideoRunContext, job: Job, vt: VideoTaskRow, input: VideoJobInput, binding: string | null): Promise<Reschedule | undefined> {
  const plan = await planOrThrow(ctx.db, { media: 'video', model: input.tier, binding, needs: videoNeeds(input) }, ctx.random);
  // Upstreams that already failed this task (bad output, failed task) are not tried again.
  const chain = plan.chain.filter((c) => !vt.failedUpstreams.includes(c.upstream.id));
  if (chain.length === 0) throw new RoutingExhausted(plan.chain.length, 'bad_output');
  const offset = vt.failedUpstreams.length;
  const total = offset + chain.length - 1;
  if (offset > 0) await setNote(ctx.db, job, NOTE(offset, total));
  const routed = await runChain(
    ctx.db,
    ctx.secret,
    chain,
    async (target, _model, signal) =>
      createVideoTask(
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
  const [stored] = await ctx.db
    .update(videoTasks)
    .set({
      upstreamId: routed.upstreamId,
      channel: routed.channel,
      upstreamModel: routed.model.model,
      upstreamTaskId: routed.result,
      state: 'queued',
      polls: 0,
      stateChangedAt: new Date(),
      upstreamCreatedAt: new Date(),
    })
    .where(open(job.id))
    .returning({ id: videoTasks.id });
  if (!stored) {
    // Cancelled while the upstream task was being created: cancel that one too.
    const row = await getUpstream(ctx.db, routed.upstreamId).catch(() => null);
    if (row) await cancelVideoTask(targetOf(row, routed.model, ctx.secret), routed.result, AbortSignal.timeout(10_000)).catch(() => {});
    return undefined;
  }
  return { rescheduleInMs: ctx.video.pollFirstMs };
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
async function nextUpstream(ctx: VideoRunContext, vt: VideoTaskRow, why: string): Promise<Reschedule> {
  logger.info({ job: vt.id, channel: vt.channel, why }, 'video upstream failed; trying the next upstream of the tier');
  await ctx.db
    .update(videoTasks)
    .set({
      failedUpstreams: sql`array_append(${videoTasks.failedUpstreams}, ${vt.upstreamId}::uuid)`,
      upstreamTaskId: null,
      upstreamId: null,
      channel: null,
      upstreamModel: null,
      state: 'queued',
      polls: 0,
      stateChangedAt: new Date(),
    })
    .where(open(vt.id));
  return { rescheduleInMs: 0 };
}

async function pollUpstreamTask(ctx: VideoRunContext, job: Job, vt: VideoTaskRow, input: VideoJobInput): Promise<Reschedule | undefined> {
  const target = await taskTarget(ctx.db, ctx.secret, vt);
  if (!target || !vt.upstreamTaskId) return nextUpstream(ctx, vt, 'upstream removed');
  const deadlineS = ctx.video.deadlinesS[vt.tier] ?? ctx.video.deadlinesS.default ?? 1200;
  const stuckMs = Date.now() - vt.stateChangedAt.getTime();
  let state: VideoTaskState;
  try {
    const timeout = AbortSignal.timeout(Math.min(target.softTimeoutMs, 30_000));
    state = await getVideoTask(target, vt.upstreamTaskId, ctx.signal ? AbortSignal.any([ctx.signal, timeout]) : timeout);
  } catch (err) {
    if (ctx.signal?.aborted) throw err;
    if (err instanceof UpstreamError && err.status === 404) return nextUpstream(ctx, vt, 'upstream task not found');
    if (stuckMs > deadlineS * 1000) return timeOut(ctx, job, vt, target, deadlineS);
    // A failed status check is retried at the next poll; the deadline bounds how long.
    await ctx.db.update(videoTasks).set({ polls: sql`${videoTasks.polls} + 1` }).where(eq(videoTasks.id, vt.id));
    return { rescheduleInMs: pollDelay(ctx.video, vt.polls) };
  }
  switch (state.status) {
    case 'queued':
    case 'running': {
      if (state.status !== vt.state) {
        await ctx.db.transaction(async (tx) => {
          await tx
            .update(videoTasks)
            .set({ state: state.status, stateChangedAt: new Date(), polls: sql`${videoTasks.polls} + 1` })
            .where(open(vt.id));
          const [row] = await tx
            .update(jobs)
            .set({ startedAt: sql`coalesce(${jobs.startedAt}, now())` })
            .where(and(eq(jobs.id, job.id), eq(jobs.status, 'pending')))
            .returning();
          if (row) await notifyJob(tx, row);
        });
        return { rescheduleInMs: pollDelay(ctx.video, 0) };
      }
      if (stuckMs > deadlineS * 1000) return timeOut(ctx, job, vt, target, deadlineS);
      await ctx.db.update(videoTasks).set({ polls: sql`${videoTasks.polls} + 1` }).where(eq(videoTasks.id, vt.id));
      return { rescheduleInMs: pollDelay(ctx.video, vt.polls) };
    }
    case 'succeeded': {
      if (!state.videoUrl) return nextUpstream(ctx, vt, 'succeeded without a video');
      try {
        await storeResult(ctx, job, vt, input, state);
      } catch (err) {
        if (err instanceof UpstreamError) return nextUpstream(ctx, vt, `${err.errorClass}: ${err.message}`);
        throw err;
      }
      return undefined;
    }
    case 'failed':
      return nextUpstream(ctx, vt, `upstream task failed: ${state.error?.code ?? 'unknown'}`);
    case 'cancelled':
      await failVideo(ctx.db, job.id, 'The video task was cancelled upstream; its credits were refunded', { callbackAttempts: ctx.callbackAttempts });
      return undefined;
  }
}

async function timeOut(ctx: VideoRunContext, job: Job, vt: VideoTaskRow, target: Target, deadlineS: number): Promise<undefined> {
  await cancelVideoTask(target, vt.upstreamTaskId ?? '', AbortSignal.timeout(10_000)).catch(() => {});
  await failVideo(
    ctx.db,
    job.id,
    `Timed out: the video task made no progress for ${Math.round(deadlineS)} s (${vt.tier}'s limit); its credits were refunded`,
    { callbackAttempts: ctx.callbackAttempts },
  );
  return undefined;
}

/**
 * Downloads the video as a stream into a temporary file (capped), checks it is an MP4 (ftyp box) whose
 * duration is within 1 s of the request, stores it and its cover, and ends the job as done.
 */
async function storeResult(ctx: VideoRunContext, job: Job, vt: VideoTaskRow, input: VideoJobInput, state: VideoTaskState): Promise<void> {
  const tmp = path.join(os.tmpdir(), `studio-video-${randomUUID()}.mp4`);
  const signal = ctx.signal ? AbortSignal.any([ctx.signal, AbortSignal.timeout(10 * 60_000)]) : AbortSignal.timeout(10 * 60_000);
  let videoUrl: string;
  try {
    const size = await downloadToFile(state.videoUrl ?? '', tmp, signal, ctx.video.maxBytes);
    const facts = await inspectMp4File(tmp);
    if (!facts) throw new UpstreamError('bad_output', 'the result is not an MP4 file');
    if (Math.abs(facts.duration - input.duration) > 1) {
      throw new UpstreamError('bad_output', `the video lasts ${facts.duration.toFixed(1)} s, ${input.duration} s were asked for`);
    }
    videoUrl = await ctx.files.putFile(`${job.tenantId}/results/${job.id}.mp4`, tmp, 'video/mp4', size);
  } finally {
    await rm(tmp, { force: true });
  }
  let coverUrl: string | null = null;
  if (state.lastFrameUrl) {
    try {
      const cover = await download(state.lastFrameUrl, AbortSignal.timeout(60_000), 10 * 1024 * 1024);
      const ext = imageExtension(cover.data);
      if (ext) coverUrl = await ctx.files.put(`${job.tenantId}/results/${job.id}-cover.${ext}`, cover.data, ext === 'jpg' ? 'image/jpeg' : `image/${ext}`);
    } catch (err) {
      // A cover is a convenience: the video is the result.
      logger.info({ err, job: job.id }, 'the video cover could not be stored');
    }
  }
  const done = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(jobs)
      .set({
        status: 'done',
        cdnUrl: videoUrl,
        note: null,
        ...endedNow(),
      })
      .where(and(eq(jobs.id, job.id), eq(jobs.status, 'pending')))
      .returning();
    if (!row) return null;
    await tx.update(videoTasks).set({ state: 'succeeded', progress: 100, coverUrl, stateChangedAt: new Date() }).where(eq(videoTasks.id, vt.id));
    if (row.callbackUrl) await enqueue(tx, QUEUES.callback, { jobId: row.id }, { maxAttempts: ctx.callbackAttempts });
    await notifyJob(tx, row);
    return row;
  });
  if (!done) {
    // Cancelled while downloading: the files are not kept.
    await ctx.files.delete(`${job.tenantId}/results/${job.id}.mp4`).catch(() => {});
    if (coverUrl) await ctx.files.delete(ctx.files.keyOf(coverUrl) ?? '').catch(() => {});
  }
}


