import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { jobs, type Job } from '../../db/schema';
import { enqueueMany, QUEUES } from '../../queue/queue';
import { notifyJobs } from './events';
import type { FileStore } from '../../storage/store';
import { planOrThrow } from '../../upstreams/engine';
import { tenantBinding } from '../../upstreams/registry';
import type { Needs } from '../../upstreams/select';
import type { ScopedIdentity } from '../auth/identity';
import { insufficientCredits, moveCredits, walletOf } from '../credits/ledger';
import { checkCallbackUrl } from '../callbacks/address';
import { ownHosts } from '../callbacks/deliver';
import { AppError, badRequest } from '../errors';
import { resolvePrompt } from '../templates/resolve';
import { consume } from '../limits/rate-limit';
import type { ImageJobInput, ImageRequestBody } from './types';

export const MAX_BATCH = 32;
const IDEMPOTENCY_WINDOW_MS = 24 * 3600_000;

export interface SubmitContext {
  db: Db;
  config: Config;
  files: FileStore;
}

/** Only files Studio serves for this tenant may be fetched: never an arbitrary address. */
async function checkOwnFiles(files: FileStore, tenantId: string, urls: { field: string; url: string }[]): Promise<void> {
  for (const { field, url } of urls) {
    const key = files.keyOf(url);
    if (!key || !key.startsWith(`${tenantId}/`) || (await files.size(key)) === null) {
      throw badRequest(
        `${field}: only files served by Studio for your tenant can be used (upload them with POST /api/upload-ref, or use an earlier result); ${url} is not one`,
      );
    }
  }
}

function needsOf(input: ImageJobInput): Needs {
  return {
    referenceImages: input.reference_images.length || undefined,
    mask: input.mask !== null || undefined,
    transparentBackground: input.background === 'transparent' || undefined,
  };
}

export function requestHash(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

async function normalise(ctx: SubmitContext, who: ScopedIdentity, item: ImageRequestBody, path: string): Promise<ImageJobInput> {
  const resolved = await resolvePrompt(ctx.db, who, item, path);
  // Caller images always win over a template's defaults.
  const reference = item.reference_images ?? resolved.referenceImages ?? [];
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
  await checkOwnFiles(ctx.files, who.tenantId, [
    ...(item.reference_images ?? []).map((url, i) => ({ field: `${path}reference_images[${i}]`, url })),
    ...(input.image_url ? [{ field: `${path}image_url`, url: input.image_url }] : []),
    ...(input.mask ? [{ field: `${path}mask`, url: input.mask }] : []),
  ]);
  return input;
}

export interface Submission {
  items: ImageRequestBody[];
  callbackUrl: string | null;
  idempotencyKey: string | null;
  /** Hash of the whole request body, to tell a replay from a reused key. */
  hash: string;
  batch: boolean;
}

/**
 * Validates every item before anything is accepted, then in one transaction: takes rate-limit tokens,
 * charges the credits, inserts the jobs and queues them. A replay of an Idempotency-Key with the same
 * body within 24 hours answers the original jobs.
 */
export async function submitImageJobs(ctx: SubmitContext, who: ScopedIdentity, sub: Submission): Promise<Job[]> {
  if (sub.items.length === 0) throw badRequest('items: give at least one item');
  if (sub.items.length > MAX_BATCH) throw badRequest(`items: at most ${MAX_BATCH} items per batch (got ${sub.items.length})`);

  if (sub.idempotencyKey) {
    const replay = await findReplay(ctx.db, who.tenantId, sub.idempotencyKey, sub.hash);
    if (replay) return replay;
  }

  const callbacks = new Set([sub.callbackUrl, ...sub.items.map((i) => i.callback_url)].filter((u): u is string => !!u));
  for (const url of callbacks) {
    const verdict = await checkCallbackUrl(url, { allowPrivate: ctx.config.allowPrivateCallbacks, ownHosts: ownHosts(ctx.config) });
    if (!verdict.ok) throw badRequest(`callback_url ${verdict.reason}: callbacks go only to public http(s) addresses`);
  }

  const binding = await tenantBinding(ctx.db, who.tenantId);
  const inputs: ImageJobInput[] = [];
  for (const [i, item] of sub.items.entries()) {
    const path = sub.batch ? `items[${i}].` : '';
    const input = await normalise(ctx, who, item, path);
    // Refuse what no upstream can do now, before charging or queueing anything.
    try {
      await planOrThrow(ctx.db, { media: 'image', model: input.model ?? undefined, provider: input.provider ?? undefined, binding, needs: needsOf(input) });
    } catch (err) {
      if (err instanceof AppError && sub.batch) throw new AppError(err.code, `${path.slice(0, -1)}: ${err.message}`, { retryAfter: err.retryAfter });
      throw err;
    }
    inputs.push(input);
  }

  const wallet = await walletOf(ctx.db, who);
  const accountId = wallet.actorAccountId;
  const walletAccountId = wallet.accountId;
  const prices = ctx.config.prices.image;
  const batchId = sub.batch ? randomUUID() : null;

  try {
    return await ctx.db.transaction(async (tx) => {
      await consume(tx, { key: `image:${who.tenantId}`, capacity: ctx.config.imageRatePerHour, perMs: 3600_000 }, inputs.length, 'image generations');
      const rows = inputs.map((input, i) => ({
        id: randomUUID(),
        tenantId: who.tenantId,
        accountId,
        kind: 'image' as const,
        input,
        credits: prices[input.quality],
        walletAccountId,
        callbackUrl: sub.items[i]?.callback_url ?? sub.callbackUrl,
        idempotencyKey: i === 0 ? sub.idempotencyKey : null,
        requestHash: i === 0 ? sub.hash : null,
        batchId,
        batchIndex: sub.batch ? i : null,
        costUsd: prices[input.quality] * ctx.config.creditUsd,
      }));
      const total = rows.reduce((s, r) => s + r.credits, 0);
      if (total > 0) {
        const after = await moveCredits(tx, {
          tenantId: who.tenantId,
          accountId: walletAccountId,
          actorAccountId: accountId,
          amount: -total,
          kind: 'charge',
          category: 'image',
          ref: batchId ?? rows[0]?.id ?? null,
          note: rows.length > 1 ? `${rows.length} images` : null,
        });
        if (after === null) throw insufficientCredits(total);
      }
      const inserted = await tx.insert(jobs).values(rows).returning();
      await enqueueMany(tx, QUEUES.imageJob, inserted.map((j) => ({ jobId: j.id })), { maxAttempts: 3 });
      await notifyJobs(tx, inserted, true);
      return inserted.sort((a, b) => (a.batchIndex ?? 0) - (b.batchIndex ?? 0));
    });
  } catch (err) {
    // Two identical requests racing on one key: the loser answers the winner's jobs.
    if (sub.idempotencyKey && (err as { code?: string }).code === '23505') {
      const replay = await findReplay(ctx.db, who.tenantId, sub.idempotencyKey, sub.hash);
      if (replay) return replay;
    }
    throw err;
  }
}

async function findReplay(db: Db, tenantId: string, key: string, hash: string): Promise<Job[] | null> {
  const [first] = await db.select().from(jobs).where(and(eq(jobs.tenantId, tenantId), eq(jobs.idempotencyKey, key)));
  if (!first) return null;
  if (Date.now() - first.createdAt.getTime() > IDEMPOTENCY_WINDOW_MS) {
    // The key's window is over: free it for this new request.
    await db.update(jobs).set({ idempotencyKey: null }).where(eq(jobs.id, first.id));
    return null;
  }
  if (first.requestHash !== hash) {
    throw new AppError('CONFLICT', 'This Idempotency-Key was already used with a different request body; use a new key');
  }
  if (!first.batchId) return [first];
  return db.select().from(jobs).where(and(eq(jobs.tenantId, tenantId), eq(jobs.batchId, first.batchId))).orderBy(asc(jobs.batchIndex), sql`${jobs.id}`);
}
