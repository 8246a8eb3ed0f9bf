import { endJob, type JobRunContext } from '@/server/domain/jobs/lifecycle';
import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { and, eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CONVERSION_STEPS,
  conversionOptionsSchema,
  type ConversionAnswer,
  type ConversionOptions,
  type ConversionResult,
  type ConversionStep,
} from '@/contracts/image-template';
import type { JobFailureReason } from '@/contracts/jobs';
import type { Db } from '@/server/db/client';
import { jobs, templates, type Job, type JobStep } from '@/server/db/schema';
import { logger } from '@/server/logger';
import { enqueue, QUEUES, type Task, type TaskPayload } from '@/server/queue/queue';
import { failureReasonOf, RoutingExhausted } from '@/server/upstreams/engine';
import type { TenantIdentity } from '@/server/domain/auth/identity';
import { chargeWork, insufficientCredits, moveCredits, refundWork, walletOf } from '@/server/domain/credits/ledger';
import type { Deps } from '@/server/domain/deps';
import { AppError, notFound } from '@/server/errors';
import { notifyJob } from '@/server/domain/jobs/events';
import { nearestRatio } from '@/server/domain/reading/reading';
import {
  readImageInput,
  requireOneSource,
  type ImageSource,
  type ReadImage,
} from '@/server/domain/reading/image-input';
import { admitImageWork } from '@/server/domain/reading/admission';
import { planConversion, runConversion, type ConversionPlan, type StepReport } from './convert';
import { currentRequestId } from '@/server/request-id';

/**
 * `POST /api/image-to-template` as a request (synchronous, with a deadline) or as a job (asynchronous:
 * `create_template` or `async`), the worker's run of such a job, the watchdog that fails a job that
 * stopped making progress, and `GET /api/image-to-template?job_id=`.
 */

/** What the worker needs: the image as Studio re-hosted it, and the caller's options. */
const conversionJobInputSchema = z.object({
  image_url: z.string(),
  mime: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  ratio: z.string(),
  options: conversionOptionsSchema,
});
type ConversionJobInput = z.infer<typeof conversionJobInputSchema>;

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** The share of the price refunded when the text layers could not be read at all (the reading was delivered). */
const layerShare = (price: number) => Math.floor(price / 2);

export type ConversionSubmitted = { ok: true; jobId: string; status: 'pending'; async: true };

const timedOut = (ms: number) =>
  new AppError(
    'GATEWAY_TIMEOUT',
    `The conversion did not finish within ${Math.round(ms / 1000)} s and was stopped; its credits were ` +
      `refunded. Send "async": true to run it in the background and poll GET /api/image-to-template?job_id=`,
  );

/** A slug that is already taken is refused before anything is charged; creation checks again. */
async function checkSlugFree(db: Db, slug: string | undefined): Promise<void> {
  if (!slug) return;
  const [taken] = await db.select({ id: templates.id }).from(templates).where(eq(templates.slug, slug)).limit(1);
  if (taken) {
    throw new AppError(
      'CONFLICT',
      `template.slug: "${slug}" is already taken (template slugs are unique across all tenants); choose another. Nothing was charged.`,
      {
        issues: [{ path: ['template', 'slug'], message: `"${slug}" is already taken` }],
      },
    );
  }
}

/**
 * `POST /api/image-to-template`. Parameters, the credits and the `image_template` rate limit are
 * checked before the image is fetched or decoded, and the image before anything is charged.
 * Synchronous unless `create_template` or `async` is true: then a job is created and answered at once.
 */
export async function convertImage(
  deps: Deps,
  who: TenantIdentity,
  source: ImageSource,
  options: ConversionOptions,
): Promise<ConversionAnswer | ConversionSubmitted> {
  const plan = planConversion(options);
  if (plan.createTemplate) await checkSlugFree(deps.db, plan.template.slug);
  requireOneSource(source);
  // The credits and the rate limit before the image is fetched or decoded (the charge comes after).
  await admitImageWork(deps, who, 'image_template', deps.config.prices.imageToTemplate);
  const image = await readImageInput(deps, who, source);
  if (options.async === true || plan.createTemplate) return submitConversion(deps, who, image, options);
  return convertNow(deps, who, image, plan);
}

async function convertNow(
  deps: Deps,
  who: TenantIdentity,
  image: ReadImage,
  plan: ConversionPlan,
): Promise<ConversionAnswer> {
  const price = deps.config.prices.imageToTemplate;
  const ref = `image-to-template-${randomUUID()}`;
  const wallet = await chargeWork(deps.db, who, { amount: price, category: 'reverse', ref, note: 'image to template' });
  const deadline = new AbortController();
  const limit = deps.config.imageToTemplate.syncTimeoutMs;
  const timer = setTimeout(() => deadline.abort(), limit);
  try {
    const { answer, layersFailed } = await runConversion(deps, who, image, plan, {
      ref,
      report: async () => {},
      signal: deadline.signal,
    });
    if (layersFailed)
      await refundWork(deps.db, wallet, {
        amount: layerShare(price),
        category: 'reverse',
        ref,
        note: 'text layers not read',
      });
    return answer;
  } catch (err) {
    await refundWork(deps.db, wallet, { amount: price, category: 'reverse', ref, note: 'image not converted' });
    if (deadline.signal.aborted) throw timedOut(limit);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** Re-hosts the image, then charges, creates the job and queues it in one transaction. */
async function submitConversion(
  deps: Deps,
  who: TenantIdentity,
  image: ReadImage,
  options: ConversionOptions,
): Promise<ConversionSubmitted> {
  const id = randomUUID();
  const ext = EXTENSIONS[image.mime] ?? 'png';
  // The template created from it keeps this file as its default reference image.
  const imageUrl = await deps.files.put(`${who.tenantId}/templates/${id}.${ext}`, image.data, image.mime);
  const price = deps.config.prices.imageToTemplate;
  const wallet = await walletOf(deps.db, who);
  const input: ConversionJobInput = {
    image_url: imageUrl,
    mime: image.mime,
    width: image.width,
    height: image.height,
    ratio: nearestRatio(image.width, image.height),
    options: {
      ...(options.variables ? { variables: options.variables } : {}),
      ...(options.variable_labels ? { variable_labels: options.variable_labels } : {}),
      ...(options.create_template !== undefined ? { create_template: options.create_template } : {}),
      ...(options.template ? { template: options.template } : {}),
    },
  };
  const job = await deps.db.transaction(async (tx) => {
    if (price > 0) {
      const after = await moveCredits(tx, {
        ...wallet,
        amount: -price,
        kind: 'charge',
        category: 'reverse',
        ref: id,
        note: 'image to template',
      });
      if (after === null) throw insufficientCredits(price);
    }
    const [row] = await tx
      .insert(jobs)
      .values({
        id,
        tenantId: who.tenantId,
        accountId: null,
        kind: 'template',
        input,
        credits: price,
        walletAccountId: wallet.accountId,
        costUsd: price * deps.config.creditUsd,
        requestId: currentRequestId() ?? null,
        steps: [{ name: 'receive image', status: 'ok' }],
        progressAt: new Date(),
      })
      .returning();
    if (!row) throw new AppError('INTERNAL', 'the job was not created');
    await enqueue(tx, QUEUES.templateJob, { jobId: id }, { maxAttempts: 3 });
    await notifyJob(tx, row, true);
    return row;
  });
  return { ok: true, jobId: job.id, status: 'pending', async: true };
}

/** Steps as they stand with `step` set to `status`: an existing entry changes, a new one is appended. */
function withStep(
  steps: readonly JobStep[],
  step: ConversionStep,
  status: JobStep['status'],
  error?: string,
): JobStep[] {
  const entry: JobStep = { name: step, status, ...(error ? { error } : {}) };
  const at = steps.findIndex((s) => s.name === step);
  return at === -1 ? [...steps, entry] : steps.map((s, i) => (i === at ? entry : s));
}

/** Every `running` step as `fail`; when nothing was running (nor failed), the step that never began fails. */
function stoppedSteps(steps: readonly JobStep[], error: string): JobStep[] {
  if (steps.some((s) => s.status === 'fail')) return [...steps];
  if (steps.some((s) => s.status === 'running'))
    return steps.map((s) => (s.status === 'running' ? { name: s.name, status: 'fail', error } : s));
  const next = CONVERSION_STEPS.find((name) => !steps.some((s) => s.name === name));
  return next ? [...steps, { name: next, status: 'fail', error }] : [...steps];
}

/** Ends a pending conversion as failed, its running step `fail`, and refunds it: once, in one transaction. */
export async function failConversion(
  db: Db,
  jobId: string,
  error: string,
  reason: JobFailureReason,
  stepError = error,
): Promise<boolean> {
  const ended = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, jobId), eq(jobs.status, 'pending')))
      .for('update');
    if (!current) return null;
    const steps = stoppedSteps(current.steps ?? [], stepError);
    return endJob(tx, jobId, {
      status: 'failed',
      error,
      reason,
      refund: { category: 'reverse', note: 'image to template failed' },
      set: { steps },
    });
  });
  return ended !== null;
}

/**
 * Runs one conversion job. A re-run (its worker died) starts again after `receive image`. Throws
 * only for infrastructure errors (the task is retried); a reading that fails everywhere fails the job.
 */
export async function runConversionJob(ctx: JobRunContext, task: Task<TaskPayload<'template.job'>>): Promise<void> {
  const { db } = ctx;
  const { jobId } = task.payload;
  const [job] = await db
    .update(jobs)
    .set({ startedAt: sql`coalesce(${jobs.startedAt}, now())`, runs: sql`${jobs.runs} + 1`, progressAt: sql`now()` })
    .where(and(eq(jobs.id, jobId), eq(jobs.status, 'pending'), eq(jobs.kind, 'template')))
    .returning();
  if (!job) return;
  if (task.attempt > task.maxAttempts) {
    await failConversion(
      db,
      job.id,
      'The conversion was interrupted several times while running (worker restarts) and was stopped; its credits were refunded',
      'interrupted',
    );
    return;
  }
  const parsed = conversionJobInputSchema.safeParse(job.input);
  if (!parsed.success) {
    await failConversion(
      db,
      job.id,
      'The conversion input could not be read; its credits were refunded',
      'interrupted',
    );
    return;
  }
  const input = parsed.data;
  const key = ctx.files.keyOf(input.image_url);
  const size = key ? await ctx.files.size(key) : null;
  if (!key || size === null) {
    await failConversion(
      db,
      job.id,
      'The uploaded image is no longer stored; its credits were refunded',
      'invalid_input',
    );
    return;
  }
  const image: ReadImage = {
    data: await buffer(ctx.files.read(key)),
    mime: input.mime,
    width: input.width,
    height: input.height,
  };
  const who: TenantIdentity = { kind: 'tenant', tenantId: job.tenantId, via: 'key' };

  let steps: JobStep[] = (job.steps ?? []).filter((s) => s.name === 'receive image');
  const report: StepReport = async (step, status, error) => {
    steps = withStep(steps, step, status, error);
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(jobs)
        .set({ steps, progressAt: sql`now()` })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, 'pending')))
        .returning();
      if (row) await notifyJob(tx, row);
    });
  };

  try {
    const plan = planConversion(input.options);
    const { answer, layersFailed } = await runConversion(ctx, who, image, plan, {
      ref: job.id,
      report,
      signal: ctx.signal,
      imageUrl: input.image_url,
    });
    const refund = layersFailed
      ? { category: 'reverse' as const, note: 'text layers not read', amount: layerShare(job.credits) }
      : undefined;
    await db.transaction((tx) =>
      endJob(tx, job.id, { status: 'done', set: { result: answer, steps }, ...(refund ? { refund } : {}) }),
    );
  } catch (err) {
    if (ctx.signal?.aborted) throw err;
    if (err instanceof RoutingExhausted || err instanceof AppError) {
      await failConversion(
        db,
        job.id,
        `The image could not be read: ${err.message}; its credits were refunded`,
        failureReasonOf(err),
        err.message,
      );
      return;
    }
    logger.error({ err, job: job.id }, 'image-to-template job hit an infrastructure error');
    throw err;
  }
}

/** The watchdog's error: it says the job timed out on Studio's side, not that a model failed. */
export const watchdogError = (ms: number) =>
  `Time-out fallback: the conversion made no progress for ${Math.round(ms / 60_000) || 1} minutes and ` +
  `was stopped by the service watchdog. This is not a model failure; its credits were refunded and it ` +
  `can be submitted again.`;

/**
 * Fails every asynchronous conversion that has made no progress for `afterMs` (default 5 minutes),
 * whatever became of the worker running it. Idempotent: several workers may sweep at once.
 */
export async function failStalledConversions(db: Db, afterMs: number): Promise<number> {
  const stalled = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.status, 'pending'),
        eq(jobs.kind, 'template'),
        lt(jobs.progressAt, sql`now() - (${afterMs} * interval '1 millisecond')`),
      ),
    )
    .limit(500);
  let failed = 0;
  for (const { id } of stalled) {
    if (await failConversion(db, id, watchdogError(afterMs), 'timeout', 'stopped by the watchdog: no progress'))
      failed += 1;
  }
  if (failed > 0) logger.warn({ failed }, 'watchdog failed stalled image-to-template jobs');
  return failed;
}

/** `GET /api/image-to-template?job_id=`: the caller's conversion; anything else (another tenant's, an image job) is 404. */
export async function conversionResult(db: Db, who: TenantIdentity, jobId: string): Promise<ConversionResult> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.tenantId, who.tenantId), eq(jobs.kind, 'template')));
  if (!row) throw notFound(`Image-to-template job "${jobId}"`);
  return resultView(row);
}

function resultView(job: Job): ConversionResult {
  return {
    ok: true,
    job_id: job.id,
    status: job.status,
    steps: (job.steps ?? []) as ConversionResult['steps'],
    result: job.status === 'done' ? (job.result as ConversionAnswer | null) : null,
    error: job.error,
  };
}
