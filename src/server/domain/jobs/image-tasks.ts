import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { imageTasks, type ImageTaskRow, type Job } from '@/server/db/schema';
import { logger } from '@/server/logger';
import type { ImageTaskHooks } from '@/server/upstreams/image-call';
import { imageProvider } from '@/server/upstreams/providers';
import { getUpstream, targetOf } from '@/server/upstreams/registry';
import type { Candidate } from '@/server/upstreams/select';
import type { Target } from '@/server/upstreams/types';
import type { JobRunContext } from './lifecycle';

type Recorded = Pick<ImageTaskRow, 'upstreamId' | 'channel' | 'upstreamModel' | 'upstreamTaskId'>;

/**
 * An image job's provider task across runs of the job (asynchronous protocols: DashScope, fal's queue,
 * Replicate). A task is recorded in `image_tasks` once submitted, before the first wait. When the worker
 * stops or dies meanwhile, the queue runs the job again, and that run follows the recorded task (its
 * channel first in the chain, polled instead of submitted) rather than paying for a second one. The record
 * goes when the attempt ends without an image (its task failed, timed out and was cancelled, or its image
 * was refused) and once the image is stored; a job that ends without it cancels the task at the provider.
 */
export class ImageTasks {
  /** Channel name to upstream id, for the chain being run (an attempt knows its channel by name). */
  private readonly upstreamIds = new Map<string, string>();

  private constructor(
    private readonly ctx: Pick<JobRunContext, 'db' | 'config' | 'signal'>,
    private readonly jobId: string,
    /** The task in `image_tasks` as this run knows it; null when there is none. */
    private current: Recorded | null,
  ) {}

  /** Reads what an earlier run recorded; a first run (`runs` is 1) has nothing to read and costs no query. */
  static async open(
    ctx: Pick<JobRunContext, 'db' | 'config' | 'signal'>,
    job: Pick<Job, 'id' | 'runs'>,
  ): Promise<ImageTasks> {
    return new ImageTasks(ctx, job.id, job.runs > 1 ? await readRecorded(ctx.db, job.id) : null);
  }

  /**
   * The chain with the recorded task's upstream and model first, so the task is followed before anything
   * is submitted. A task that routing would no longer send the job to (its channel retired, disabled, out
   * of rotation, or the model gone) is cancelled at the provider and forgotten: the chain runs as planned.
   */
  async order(chain: Candidate[]): Promise<Candidate[]> {
    for (const c of chain) this.upstreamIds.set(c.upstream.name, c.upstream.id);
    const rec = this.current;
    if (!rec) return chain;
    const i = chain.findIndex((c) => c.upstream.id === rec.upstreamId && c.model.model === rec.upstreamModel);
    const found = chain[i];
    if (!found) {
      logger.info(
        { job: this.jobId, channel: rec.channel },
        'the recorded image task’s upstream is gone; routing anew',
      );
      await this.abandon();
      return chain;
    }
    logger.info({ job: this.jobId, channel: rec.channel }, 'following the image task an earlier run submitted');
    return [found, ...chain.slice(0, i), ...chain.slice(i + 1)];
  }

  /**
   * One attempt with its hooks: the recorded task is resumed when the attempt is on its channel and model,
   * and a task the attempt submits is recorded. An attempt that fails forgets its task, unless the worker's
   * stop ended it (the task is handed over to the job's next run).
   */
  async attempt<T>(target: Target, run: (hooks: ImageTaskHooks) => Promise<T>): Promise<T> {
    const rec = this.current;
    const resume =
      rec && rec.channel === target.channel && rec.upstreamModel === target.model ? rec.upstreamTaskId : undefined;
    try {
      return await run({ resume, handOver: this.ctx.signal, onSubmitted: (id) => this.record(target, id) });
    } catch (err) {
      if (!this.ctx.signal?.aborted) await this.forget();
      throw err;
    }
  }

  /**
   * A job that ended before a run could follow its task (a run finding it no longer pending): the task an
   * earlier run recorded is cancelled at the provider and forgotten.
   */
  static async abandonRecorded(ctx: Pick<JobRunContext, 'db' | 'config' | 'signal'>, jobId: string): Promise<void> {
    await new ImageTasks(ctx, jobId, await readRecorded(ctx.db, jobId)).abandon();
  }

  /** The job's image is stored: its task is done with. */
  done(): Promise<void> {
    return this.forget();
  }

  /** The job ends without the task's image: the task is cancelled at the provider (best effort) and forgotten. */
  async abandon(): Promise<void> {
    const rec = this.current;
    if (!rec) return;
    await this.forget();
    await cancelTask(this.ctx, rec);
  }

  /** Kept in the database before the first wait; a failed write costs only the resume, never the attempt. */
  private async record(target: Target, id: string): Promise<void> {
    const rec: Recorded = {
      upstreamId: this.upstreamIds.get(target.channel) ?? null,
      channel: target.channel,
      upstreamModel: target.model,
      upstreamTaskId: id,
    };
    this.current = rec;
    try {
      await this.ctx.db
        .insert(imageTasks)
        .values({ jobId: this.jobId, ...rec })
        .onConflictDoUpdate({ target: imageTasks.jobId, set: { ...rec, submittedAt: new Date() } });
    } catch (err) {
      logger.warn({ err, job: this.jobId }, 'could not record the image task; a restart would submit it again');
    }
  }

  private async forget(): Promise<void> {
    if (!this.current) return;
    this.current = null;
    try {
      await this.ctx.db.delete(imageTasks).where(eq(imageTasks.jobId, this.jobId));
    } catch (err) {
      // A record left behind is harmless: the next run finds its task ended, or the job ended.
      logger.warn({ err, job: this.jobId }, 'could not forget the image task');
    }
  }
}

async function readRecorded(db: Db, jobId: string): Promise<Recorded | null> {
  const [row] = await db
    .select({
      upstreamId: imageTasks.upstreamId,
      channel: imageTasks.channel,
      upstreamModel: imageTasks.upstreamModel,
      upstreamTaskId: imageTasks.upstreamTaskId,
    })
    .from(imageTasks)
    .where(eq(imageTasks.jobId, jobId));
  return row ?? null;
}

/** Asks the provider to cancel a recorded task, on its channel even if retired; nothing when the channel was deleted. */
async function cancelTask(ctx: Pick<JobRunContext, 'db' | 'config'>, rec: Recorded): Promise<void> {
  if (!rec.upstreamId) return;
  try {
    const row = await getUpstream(ctx.db, rec.upstreamId);
    // The provider's task outlives an edit of the channel's models: its id and the channel's key reach it.
    const model = { family: '', model: rec.upstreamModel, media: ['image' as const], cost_usd: 0, capabilities: {} };
    const target = targetOf(row, model, ctx.config.secret);
    const provider = imageProvider(target);
    if (provider.mode === 'task') await provider.cancel(target, rec.upstreamTaskId, AbortSignal.timeout(10_000));
  } catch (err) {
    logger.info({ err, channel: rec.channel, task: rec.upstreamTaskId }, 'the upstream did not cancel the image task');
  }
}
