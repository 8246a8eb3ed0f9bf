import { eq } from 'drizzle-orm';
import { videoTasks, type Job, type VideoTaskRow } from '@/server/db/schema';
import type { JobRunContext } from '@/server/domain/jobs/lifecycle';
import type { JobFailureReason } from '@/contracts/jobs';
import { logger } from '@/server/logger';
import { QUEUES, type Task, type TaskPayload } from '@/server/queue/queue';
import type { Reschedule } from '@/server/queue/worker';
import { videoProvider } from '@/server/upstreams/providers';
import { ContentRefused, failureReasonOf, planOrThrow, RoutingExhausted, runChain } from '@/server/upstreams/engine';
import { getUpstream, targetOf } from '@/server/upstreams/registry';
import { AppError } from '@/server/errors';
import { failVideo, NOTE, open, setNote, tryCancel } from './end';
import { videoJobOf } from './claimed';
import { followOrphan, stillOrphaned } from './orphans';
import { contentRefusedText } from './outcomes';
import { pollUpstreamTask } from './poll';
import { expectedRenderMs, nextCheckDelayMs } from './render-times';
import { videoJobInputSchema, videoNeeds, type VideoJobInput } from './types';

export { failVideo, tryCancel, type FailVideoOptions } from './end';
/**
 * Runs one step of a video job and answers when to run the next one: create the upstream task (through
 * routing: retries, tier-keeping fallback), then check its status, first near the end of the tier's
 * typical render (render-times.ts). Between steps the job holds no worker slot and no connection: the
 * same queue row is re-scheduled with a later `run_at`, in `video.job` while a task is to be created and
 * in `video.check` while one is checked (two lanes of the worker). The step is chosen from the task's
 * row, whichever queue the row is in. Once the job ended, the row lives on only while an orphaned
 * upstream task is followed to its end.
 */
export async function runVideoJob(
  ctx: JobRunContext,
  task: Task<TaskPayload<'video.job' | 'video.check'>>,
): Promise<Reschedule | undefined> {
  const next = await runStep(ctx, task);
  if (next) return next;
  // Ended by this step or meanwhile (a cancel) while the provider goes on: keep the row to follow it.
  return (await stillOrphaned(ctx.db, task.payload.jobId))
    ? { rescheduleInMs: ctx.config.video.pollFirstMs, queue: QUEUES.videoCheck }
    : undefined;
}

async function runStep(
  ctx: JobRunContext,
  task: Task<TaskPayload<'video.job' | 'video.check'>>,
): Promise<Reschedule | undefined> {
  // Read with the claim in the worker's video lanes (claimed.ts): no second round trip before the step.
  const found = await videoJobOf(ctx.db, task);
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
  // The first status check near the end of the tier's typical render on this upstream, in the check lane.
  const expected = await expectedRenderMs(ctx.db, routed.upstreamId, input.tier);
  return { rescheduleInMs: nextCheckDelayMs(ctx.config.video, 0, 0, expected), queue: QUEUES.videoCheck };
}
