import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { isUniqueViolation } from '@/server/db/rows';
import { jobs, type Job } from '@/server/db/schema';
import { QUEUES } from '@/server/queue/queue';
import { planOrThrow, ROUTING_ERRORS } from '@/server/upstreams/engine';
import { bindingFor } from '@/server/upstreams/registry';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';
import { KEY_SPEND_CAP_ERROR } from '@/server/domain/keys/kinds';
import { INSUFFICIENT_CREDITS_ERROR, walletOf } from '@/server/domain/credits/ledger';
import { AppError, declared, fieldError, pathText, type FieldIssue } from '@/server/errors';
import { resolvePrompt } from '@/server/domain/templates/resolve';
import { rateLimitedError } from '@/server/domain/limits/rate-limit';
import { MAX_BATCH, type BatchRequestBody, type ImageRequestBody } from '@/contracts/jobs';
import { imageNeeds, type ImageJobInput } from './types';
import { currentRequestId } from '@/server/request-id';
import {
  checkCallbacks,
  checkOwnFiles,
  fieldImageUrl,
  firstWithKey,
  IDEMPOTENCY_REUSED_ERROR,
  requestHash,
  scopedIdempotencyKey,
} from './submit-inputs';
import { insertJobs, type NewJob } from './submit-statement';
import { admitModel } from '@/server/domain/keys/policy';
import { uploadKeysOf } from '@/server/domain/uploads/in-use';

/** What `generateImage` and `generateBatch` answer besides the caller's and the body's refusals. */
export const IMAGE_SUBMIT_ERRORS = [
  declared(
    'BAD_REQUEST',
    'A rule of the request is broken (an unknown or inaccessible template or skill, a missing form field, a file that is not yours, a refused callback_url)',
  ),
  ...ROUTING_ERRORS,
  INSUFFICIENT_CREDITS_ERROR,
  KEY_SPEND_CAP_ERROR,
  IDEMPOTENCY_REUSED_ERROR,
  rateLimitedError('image generations (per tenant, per hour: `STUDIO_IMAGE_RATE_PER_HOUR`)'),
];

/** What a submission needs; `binding` when the key look-up read it (`bindingFor`). */
type SubmitContext = Pick<Deps, 'db' | 'config' | 'files'> & { binding?: string | null };

async function normalise(
  ctx: SubmitContext,
  who: ScopedIdentity,
  item: ImageRequestBody,
  path: FieldIssue['path'],
): Promise<ImageJobInput> {
  const resolved = await resolvePrompt(ctx.db, who, item, path);
  // An image field's value is a file's URL or its upload key; either must name a file of the caller's.
  const fieldImages = (resolved.fieldImages ?? []).map(({ path: field, value }) => ({
    field,
    url: fieldImageUrl(ctx.files, field, value),
  }));
  // Image fields come first (their slots say "the reference image N"); caller images win over a template's defaults.
  const reference = [...fieldImages.map((f) => f.url), ...(item.reference_images ?? resolved.referenceImages ?? [])];
  const input: ImageJobInput = {
    prompt: resolved.prompt,
    ratio: item.ratio ?? resolved.ratio ?? '1:1',
    quality: item.quality ?? 'high',
    background: item.background ?? null,
    reference_images: reference,
    image_url: item.image_url ?? null,
    mask: item.mask ?? null,
    model: item.model && item.model !== 'auto' ? item.model : null,
    provider: item.provider && item.provider !== 'auto' ? item.provider : null,
    source: resolved.source,
    ...(resolved.display_prompt !== undefined ? { display_prompt: resolved.display_prompt } : {}),
  };
  await checkOwnFiles(ctx, who, [
    ...fieldImages,
    ...(item.reference_images ?? []).map((url, i) => ({ field: [...path, 'reference_images', i], url })),
    ...(input.image_url ? [{ field: [...path, 'image_url'], url: input.image_url }] : []),
    ...(input.mask ? [{ field: [...path, 'mask'], url: input.mask }] : []),
  ]);
  return input;
}

export interface Submission {
  items: ImageRequestBody[];
  callbackUrl: string | null;
  /** As the caller sent it; stored scoped to the caller (`scopedIdempotencyKey`). */
  idempotencyKey: string | null;
  /** Hash of the whole request body, to tell a replay from a reused key. */
  hash: string;
  batch: boolean;
}

/**
 * Validates every item before anything is accepted, then in one statement (one transaction, one round
 * trip: {@link submitStatement}): takes rate-limit tokens, charges the credits, inserts the jobs, queues
 * them and logs their events. A replay of an Idempotency-Key with the same body within 24 hours
 * answers the original jobs.
 */
export async function submitImageJobs(ctx: SubmitContext, who: ScopedIdentity, sub: Submission): Promise<Job[]> {
  if (sub.items.length === 0) throw fieldError(['items'], 'give at least one item');
  if (sub.items.length > MAX_BATCH)
    throw fieldError(['items'], `at most ${MAX_BATCH} items per batch (got ${sub.items.length})`);
  const idempotencyKey = scopedIdempotencyKey(who, sub.idempotencyKey);

  if (idempotencyKey) {
    const replay = await findReplay(ctx.db, who.tenantId, idempotencyKey, sub.hash);
    if (replay) return replay;
  }

  await checkCallbacks(ctx.config, [sub.callbackUrl, ...sub.items.map((i) => i.callback_url)]);

  const binding = await bindingFor(ctx, who.tenantId);
  const inputs: ImageJobInput[] = [];
  for (const [i, item] of sub.items.entries()) {
    const path = sub.batch ? ['items', i] : [];
    const input = await normalise(ctx, who, item, path);
    admitModel(who, input.model);
    // Refuse what no upstream can do now, before charging or queueing anything.
    try {
      await planOrThrow(ctx.db, {
        media: 'image',
        model: input.model ?? undefined,
        provider: input.provider ?? undefined,
        binding,
        needs: imageNeeds(input),
      });
    } catch (err) {
      if (err instanceof AppError && sub.batch) {
        throw new AppError(err.code, `${pathText(path)}: ${err.message}`, {
          retryAfter: err.retryAfter,
          issues: [{ path, message: err.message }],
          reason: err.reason,
        });
      }
      throw err;
    }
    inputs.push(input);
  }

  const wallet = await walletOf(ctx.db, who);
  const accountId = wallet.actorAccountId;
  const walletAccountId = wallet.accountId;
  const prices = ctx.config.prices.image;
  const batchId = sub.batch ? randomUUID() : null;

  const rows: NewJob[] = inputs.map((input, i) => ({
    id: randomUUID(),
    tenantId: who.tenantId,
    accountId,
    kind: 'image' as const,
    // The request as the caller sent it (slot values included), so the console can run it again or show it as an API call.
    input: { ...input, request: callerRequest(sub.items[i], sub.callbackUrl) },
    credits: prices[input.quality],
    walletAccountId,
    callbackUrl: sub.items[i]?.callback_url ?? sub.callbackUrl,
    idempotencyKey: i === 0 ? idempotencyKey : null,
    requestHash: i === 0 ? sub.hash : null,
    batchId,
    batchIndex: sub.batch ? i : null,
    costUsd: prices[input.quality] * ctx.config.creditUsd,
    requestId: currentRequestId() ?? null,
    keyId: who.key?.id ?? null,
  }));
  const total = rows.reduce((s, r) => s + r.credits, 0);
  try {
    const inserted = await insertJobs(ctx.db, {
      rows,
      files: uploadKeysOf(
        ctx.files,
        inputs.flatMap((i) => [...i.reference_images, i.image_url, i.mask]),
      ),
      queue: QUEUES.imageJob,
      limit: { key: `image:${who.tenantId}`, capacity: ctx.config.imageRatePerHour, perMs: 3600_000 },
      what: 'image generations',
      key: who.key,
      charge:
        total > 0
          ? {
              tenantId: who.tenantId,
              accountId: walletAccountId,
              actorAccountId: accountId,
              amount: -total,
              kind: 'charge',
              category: 'image',
              ref: batchId ?? rows[0]?.id ?? null,
              note: rows.length > 1 ? `${rows.length} images` : null,
            }
          : null,
    });
    return inserted.sort((a, b) => (a.batchIndex ?? 0) - (b.batchIndex ?? 0));
  } catch (err) {
    // Two identical requests racing on one key: the loser answers the winner's jobs.
    if (idempotencyKey && isUniqueViolation(err)) {
      const replay = await findReplay(ctx.db, who.tenantId, idempotencyKey, sub.hash);
      if (replay) return replay;
    }
    throw err;
  }
}

/** One item as it would be sent alone to `POST /api/generate`: a batch's callback_url applies to it. */
function callerRequest(item: ImageRequestBody | undefined, callbackUrl: string | null): ImageRequestBody | undefined {
  if (!item) return undefined;
  const callback = item.callback_url ?? callbackUrl;
  return callback ? { ...item, callback_url: callback } : item;
}

async function findReplay(db: Db, tenantId: string, key: string, hash: string): Promise<Job[] | null> {
  const first = await firstWithKey(db, tenantId, key, hash, 'image');
  if (!first?.batchId) return first ? [first] : null;
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.tenantId, tenantId), eq(jobs.batchId, first.batchId)))
    .orderBy(asc(jobs.batchIndex), sql`${jobs.id}`);
}

/** `POST /api/generate`: one image job. A replayed Idempotency-Key answers the original job, whatever its status now. */
export async function generateImage(
  deps: SubmitContext,
  who: ScopedIdentity,
  body: ImageRequestBody,
  request: { idempotencyKey: string | null },
): Promise<{ jobId: string; status: 'pending' }> {
  const [job] = await submitImageJobs(deps, who, {
    items: [body],
    callbackUrl: body.callback_url ?? null,
    idempotencyKey: request.idempotencyKey,
    hash: requestHash(['generate', body]),
    batch: false,
  });
  if (!job) throw new AppError('INTERNAL', 'no job was created');
  return { jobId: job.id, status: 'pending' };
}

/** `POST /api/generate-batch`: up to 32 image jobs, validated together, answered in item order. */
export async function generateBatch(
  deps: SubmitContext,
  who: ScopedIdentity,
  body: BatchRequestBody,
  request: { idempotencyKey: string | null },
): Promise<{ batch_id: string; jobs: { jobId: string; status: 'pending' }[] }> {
  const created = await submitImageJobs(deps, who, {
    items: body.items,
    callbackUrl: body.callback_url ?? null,
    idempotencyKey: request.idempotencyKey,
    hash: requestHash(['batch', body]),
    batch: true,
  });
  return {
    batch_id: created[0]?.batchId ?? '',
    jobs: created.map((j) => ({ jobId: j.id, status: 'pending' as const })),
  };
}
