import { is, sql } from 'drizzle-orm';
import { ASYNC_COMMIT, hotStatement, rowOf } from '@/server/db/rows';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '@/server/db/client';
import { jobs, tenants, type Job } from '@/server/db/schema';
import { logger } from '@/server/logger';
import { coalesce } from '@/server/queue/coalesce';
import { type Task, type TaskPayload } from '@/server/queue/queue';
import type { FileStore } from '@/server/storage/store';
import type { ImageQuality, JobFailureReason } from '@/contracts/jobs';
import { generateImage, type ImageTaskHooks } from '@/server/upstreams/image-call';
import type { ImageInput } from '@/server/upstreams/providers/types';
import { failureReasonOf, planOrThrow, RoutingExhausted, runChain, type AttemptNote } from '@/server/upstreams/engine';
import { cropToRatio, verifyImage, type VerifiedImage } from '@/server/upstreams/verify';
import { outputFormatsOf, sizeFor, sizesOf } from '@/server/upstreams/sizes';
import { UpstreamError, type Target, type UpstreamModel } from '@/server/upstreams/types';
import { AppError } from '@/server/errors';
import { changeAndNotify, type DoneJob } from './events';
import { ImageTasks } from './image-tasks';
import { endJob, endJobsDone, type JobRunContext } from './lifecycle';
import { imageJobInputSchema, imageNeeds } from './types';

async function readInput(files: FileStore, url: string, name: string): Promise<ImageInput> {
  const key = files.keyOf(url);
  if (!key) throw new AppError('BAD_REQUEST', `${name} is not a Studio file`);
  const chunks: Buffer[] = [];
  for await (const chunk of files.read(key)) chunks.push(chunk as Buffer);
  const data = Buffer.concat(chunks);
  const ext = key.split('.').pop() ?? 'png';
  return {
    data,
    mime: ext === 'jpg' ? 'image/jpeg' : `image/${ext}`,
    filename: key.split('/').pop() ?? `${name}.${ext}`,
  };
}

/** Ends a pending job as failed with its reason and gives its credits back, once, in one transaction. */
export async function failJob(
  db: Db,
  job: Pick<Job, 'id' | 'tenantId'>,
  error: string,
  reason: JobFailureReason,
  callbackAttempts = 12,
): Promise<boolean> {
  const ended = await db.transaction((tx) =>
    endJob(
      tx,
      job.id,
      { status: 'failed', error, reason, refund: { category: 'image', note: 'failed job' } },
      { callbackAttempts },
    ),
  );
  return ended !== null;
}

type Started = { job: Job; binding: string | null };

/**
 * One statement marks the runs of pending jobs and reads each with its tenant's binding. It commits
 * asynchronously (`ASYNC_COMMIT`): the upstream call does not wait for a disk flush, and a mark lost
 * in a database crash only undercounts a run (the job is still pending and its task runs again).
 * Inside a caller's transaction it leaves that transaction's commit as it is.
 */
async function startJobs(db: Db, ids: string[]): Promise<Map<string, Started>> {
  const rows = await startStatement<Record<string, unknown>>(db, is(db, PgTransaction) ? 'tx' : 'async', {
    ids: `{${ids.join(',')}}`,
  });
  return new Map(
    rows.map((raw) => {
      const job = rowOf(jobs, raw);
      return [job.id, { job, binding: (raw.studio_binding as string | null) ?? null }];
    }),
  );
}

/** The run mark, compiled once (`tx`: inside a caller's transaction, whose commit it leaves as it is). */
const startStatement = hotStatement<'async' | 'tx'>(
  (v, shape) => sql`
    update ${jobs} set started_at = coalesce(started_at, now()), runs = runs + 1
     where id = any(${v('ids')}::uuid[]) and status = 'pending'
    returning *, (select ${tenants.boundModel} from ${tenants} where ${tenants.id} = ${jobs.tenantId}) as studio_binding
      ${shape === 'async' ? sql`, ${ASYNC_COMMIT} as commit_mode` : sql``}`,
);

const starters = new WeakMap<Db, (id: string) => Promise<Started | undefined>>();

/**
 * Marks a job's run: the jobs a worker claimed together start in one statement (a claim brings up to
 * a hundred at once). Inside a transaction the statement is the transaction's own.
 */
function startJob(db: Db, id: string): Promise<Started | undefined> {
  if (is(db, PgTransaction)) return startJobs(db, [id]).then((m) => m.get(id));
  let start = starters.get(db);
  if (!start) {
    start = coalesce((ids: string[]) => startJobs(db, ids));
    starters.set(db, start);
  }
  return start(id);
}

const finishers = new WeakMap<Db, (done: DoneJob) => Promise<boolean | undefined>>();

/**
 * Ends a succeeded job (without a callback) and announces it: jobs that finish in the same turn of the
 * event loop end in one statement.
 */
function finishDone(db: Db, done: DoneJob): Promise<boolean | undefined> {
  if (is(db, PgTransaction)) return endJobsDone(db, [done]).then((ended) => ended.has(done.id));
  let finish = finishers.get(db);
  if (!finish) {
    finish = coalesce(async (list: DoneJob[]) => {
      const ended = await endJobsDone(db, list);
      return new Map(list.map((d) => [d, ended.has(d.id)]));
    }, 'immediate');
    finishers.set(db, finish);
  }
  return finish(done);
}

export interface RatioImageRequest {
  prompt: string;
  ratio: string;
  quality?: ImageQuality | undefined;
  background?: 'transparent' | 'opaque' | null | undefined;
  referenceImages?: ImageInput[];
  mask?: ImageInput | undefined;
}

/**
 * One image attempt on one model: the model's size closest to the ratio, the parameters the model
 * takes, the result verified (PNG with alpha when transparent) and cropped to exactly the ratio when
 * the size was not. The size sent and the crop go to the attempt log (`note`).
 */
export async function generateForRatio(
  target: Target,
  model: UpstreamModel,
  req: RatioImageRequest,
  signal: AbortSignal,
  note: AttemptNote = {},
  hooks: ImageTaskHooks = {},
): Promise<{ data: Buffer; verified: VerifiedImage }> {
  const size = sizeFor(sizesOf(model), req.ratio);
  if (!size) throw new UpstreamError('unsupported', `the model takes no size for ${req.ratio}`);
  note.detail = { size: `${size.width}x${size.height}`, ratio: req.ratio };
  const transparent = req.background === 'transparent';
  const out = await generateImage(
    target,
    {
      prompt: req.prompt,
      width: size.width,
      height: size.height,
      // Quality is a hint for the families that have levels; the others ignore it.
      quality: req.quality && model.capabilities.qualities?.includes(req.quality) ? req.quality : undefined,
      // Only to models that make transparency: the others refuse the parameter, and opaque is their default.
      background: req.background && model.capabilities.transparent_background ? req.background : undefined,
      // PNG (transparency needs its alpha; the caller cannot choose the format), where the model takes the parameter.
      outputFormat: outputFormatsOf(model).includes('png') ? 'png' : undefined,
      referenceImages: req.referenceImages ?? [],
      mask: req.mask,
    },
    signal,
    hooks,
  );
  const verified = await verifyImage(out.data, { format: transparent ? 'png' : undefined, transparent });
  const cropped = await cropToRatio(out.data, verified, req.ratio);
  if (cropped.crop) note.detail.crop = cropped.crop;
  return { data: cropped.data, verified: cropped.verified };
}

/**
 * Runs one image job: routes it through the upstreams, verifies and re-hosts the result, and ends the
 * job exactly once. Throws only for infrastructure errors (the task is retried); a generation that
 * fails on every upstream fails the job and refunds it.
 */
export async function runImageJob(ctx: JobRunContext, task: Task<TaskPayload<'image.job'>>): Promise<void> {
  const { jobId } = task.payload;
  // One statement marks the run and reads the job with its tenant's binding (shared by jobs claimed together).
  const started = await startJob(ctx.db, jobId);
  // Ended meanwhile: a provider task an earlier run left waiting is not collected by anyone.
  if (!started) return ImageTasks.abandonRecorded(ctx, jobId);
  const { job, binding } = started;
  // The provider task an earlier run submitted and could not wait for (the worker stopped or died).
  const providerTasks = await ImageTasks.open(ctx, job);
  if (task.attempt > task.maxAttempts) {
    await failJob(
      ctx.db,
      job,
      'The job was interrupted several times while running (worker restarts) and was stopped; its credits were refunded',
      'interrupted',
    );
    await providerTasks.abandon();
    return;
  }
  const parsed = imageJobInputSchema.safeParse(job.input);
  if (!parsed.success) {
    await failJob(ctx.db, job, 'The job input could not be read; its credits were refunded', 'interrupted');
    await providerTasks.abandon();
    return;
  }
  const input = parsed.data;

  try {
    const references = await Promise.all(
      input.reference_images.map((u, i) => readInput(ctx.files, u, `reference-${i}`)),
    );
    const mask = input.mask ? await readInput(ctx.files, input.mask, 'mask') : undefined;
    const base = input.image_url ? await readInput(ctx.files, input.image_url, 'image') : undefined;
    const plan = await planOrThrow(
      ctx.db,
      {
        media: 'image',
        model: input.model ?? undefined,
        provider: input.provider ?? undefined,
        binding,
        needs: imageNeeds(input),
      },
      ctx.random,
    );
    const routed = await runChain(
      ctx.db,
      ctx.config.secret,
      await providerTasks.order(plan.chain),
      (target, model, signal, note) =>
        providerTasks.attempt(target, (hooks) =>
          generateForRatio(
            target,
            model,
            {
              prompt: input.prompt,
              ratio: input.ratio,
              quality: input.quality,
              background: input.background,
              referenceImages: base ? [base, ...references] : references,
              mask,
            },
            signal,
            note,
            hooks,
          ),
        ),
      {
        ref: job.id,
        tenantId: job.tenantId,
        signal: ctx.signal,
        retryDelayMs: ctx.retryDelayMs,
        random: ctx.random,
        onFallback: async (n, m) => {
          await changeAndNotify(ctx.db, job.id, {
            note: `An upstream failed; backup channel ${n}/${m} is in use. The job stays pending: do not resubmit.`,
          });
        },
      },
    );
    const key = `${job.tenantId}/results/${job.id}.${routed.result.verified.format === 'jpeg' ? 'jpg' : routed.result.verified.format}`;
    const url = await ctx.files.put(key, routed.result.data, routed.result.verified.mime);
    if (job.callbackUrl) {
      // The callback is queued in the transaction that ends the job: it exists exactly when the job is done.
      await ctx.db.transaction((tx) =>
        endJob(tx, job.id, { status: 'done', set: { cdnUrl: url } }, { callbackAttempts: ctx.config.callbackAttempts }),
      );
    } else {
      await finishDone(ctx.db, { id: job.id, cdnUrl: url, finishedAt: new Date() });
    }
    // Kept until the image is stored: a run after a stop in between downloads the same task's image again.
    await providerTasks.done();
    logger.info({ job: job.id, tenant: job.tenantId, run: task.attempt }, 'image job done');
  } catch (err) {
    if (ctx.signal?.aborted) throw err;
    if (err instanceof RoutingExhausted || err instanceof AppError) {
      await failJob(ctx.db, job, err.message, failureReasonOf(err), ctx.config.callbackAttempts);
      await providerTasks.abandon();
      logger.info({ job: job.id, tenant: job.tenantId, run: task.attempt, err: err.message }, 'image job failed');
      return;
    }
    logger.error({ err, job: job.id }, 'image job hit an infrastructure error');
    throw err;
  }
}
