import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { jobs, type Job } from '@/server/db/schema';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import { checkCallbackUrl, ownHosts } from '@/server/domain/callbacks/address';
import type { Deps } from '@/server/domain/deps';
import { httpUrl } from '@/contracts/common';
import { isSafeKey } from '@/server/storage/file-url';
import { AppError, badRequest, declared, fieldError, type FieldIssue } from '@/server/errors';

/**
 * What every submission (images, videos) checks of its caller's request before anything is accepted:
 * the files it names, its callback addresses and its `Idempotency-Key`.
 */

const IDEMPOTENCY_WINDOW_MS = 24 * 3600_000;

/** The 409 of a submission whose `Idempotency-Key` came with another body within the window. */
export const IDEMPOTENCY_REUSED_ERROR = declared(
  'CONFLICT',
  'This Idempotency-Key was used within 24 hours with a different body; nothing was done: use a new key',
);

const RESULT_KEY = /^[^/]+\/results\/([0-9a-f-]{36})\.[a-z0-9]+$/;

/**
 * Whether the caller may use a stored file as an input: a tenant key (or console) any file of its
 * tenant; a member key only its own uploads and the results of its own jobs.
 */
async function mayUse(db: Db, who: ScopedIdentity, key: string): Promise<boolean> {
  if (!key.startsWith(`${who.tenantId}/`)) return false;
  if (who.kind !== 'member') return true;
  if (key.startsWith(`${who.tenantId}/uploads/m-${who.accountId}/`)) return true;
  const jobId = RESULT_KEY.exec(key)?.[1];
  if (!jobId) return false;
  const [own] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.tenantId, who.tenantId), eq(jobs.accountId, who.accountId)));
  return own !== undefined;
}

/**
 * Only files Studio serves, and that the caller may use, are fetched: never an arbitrary address.
 * Every refusal has the same text, so it confirms nothing about other callers' files.
 */
export async function checkOwnFiles(
  ctx: Pick<Deps, 'db' | 'files'>,
  who: ScopedIdentity,
  urls: { field: FieldIssue['path']; url: string }[],
): Promise<void> {
  for (const { field, url } of urls) {
    const key = ctx.files.keyOf(url);
    if (!key || !(await mayUse(ctx.db, who, key)) || (await ctx.files.size(key)) === null) {
      throw fieldError(
        field,
        `only files served by Studio that are yours can be used (upload them with POST /api/upload-ref, or use an earlier result of yours); ${url} is not one`,
      );
    }
  }
}

/**
 * The file URL of an image field's value, which is the URL of a file (as `reference_images` take it: an
 * http(s) address, checked later by {@link checkOwnFiles}) or the key of one (as the direct upload's commit
 * answers it). Anything else is refused here with a text saying what the field takes.
 */
export function fieldImageUrl(files: Deps['files'], field: FieldIssue['path'], value: string): string {
  if (httpUrl.safeParse(value).success) return value;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(value) && isSafeKey(value)) return files.urlFor(value);
  throw fieldError(
    field,
    'an image field takes the http(s) URL of an image of yours (from POST /api/upload-ref, or an earlier result) or its upload key',
  );
}

export function requestHash(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

/**
 * The stored form of an Idempotency-Key: the key under the identity that sent it, so a member's key
 * never answers another member's (or the tenant's) request. Tenant key and tenant console share one scope.
 */
export function scopedIdempotencyKey(who: ScopedIdentity, key: string | null): string | null {
  if (!key) return null;
  return `${who.kind === 'member' ? `member:${who.accountId}` : 'tenant'}:${key}`;
}

/**
 * The job that first came with the stored key `key` within the window, when the request is the same
 * (its hash, its kind of job); a key used with another request is a 409. A key whose window is over is
 * freed for the new request (null).
 */
export async function firstWithKey(
  db: Db,
  tenantId: string,
  key: string,
  hash: string,
  kind: Job['kind'],
): Promise<Job | null> {
  const [first] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.tenantId, tenantId), eq(jobs.idempotencyKey, key)));
  if (!first) return null;
  if (Date.now() - first.createdAt.getTime() > IDEMPOTENCY_WINDOW_MS) {
    await db.update(jobs).set({ idempotencyKey: null }).where(eq(jobs.id, first.id));
    return null;
  }
  if (first.requestHash !== hash || first.kind !== kind) {
    throw new AppError(
      'CONFLICT',
      'This Idempotency-Key was already used with a different request body; use a new key',
    );
  }
  return first;
}

/** Each `callback_url` of a request must be a public http(s) address (or one allowed by configuration). */
export async function checkCallbacks(config: Deps['config'], urls: (string | null | undefined)[]): Promise<void> {
  for (const url of new Set(urls.filter((u): u is string => !!u))) {
    const verdict = await checkCallbackUrl(url, {
      allowPrivate: config.allowPrivateCallbacks,
      ownHosts: ownHosts(config),
    });
    if (!verdict.ok) throw badRequest(`callback_url ${verdict.reason}: callbacks go only to public http(s) addresses`);
  }
}
