import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { uploads, type Upload } from '@/server/db/schema';
import { logger } from '@/server/logger';
import type { FileStore } from '@/server/storage/store';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';
import { AppError, badRequest, declared } from '@/server/errors';
import { rateLimitedError } from '@/server/domain/limits/rate-limit';
import { consume, ensureAvailable, type Limit } from '@/server/domain/limits/rate-limit';
import { MAX_UPLOAD_BYTES, type UploadType } from './file-types';
import { assertDecodableImage } from './image-check';
import { receive, tooLarge } from './multipart';
import { thumbnailUrl } from './thumbnails';

type UploadContext = Deps;

/** What `POST /api/upload-ref` answers besides success (its access rule and the image check join these). */
export const UPLOAD_ERRORS = [
  declared(
    'BAD_REQUEST',
    'Unrecognised bytes, an empty file, a malformed form, or a `workspace_id` that is not 1-64 letters, digits, - or _',
  ),
  declared('PAYLOAD_TOO_LARGE', 'Larger than the limit of its type; nothing was stored'),
  declared('UNSUPPORTED_MEDIA_TYPE', 'Not multipart/form-data with a field named `file`'),
  rateLimitedError('uploaded files (120 an hour per owner: the tenant for its key, the member for a member key)'),
];

/** What every successful upload answers (proxy upload and commit alike). */
export interface UploadAnswer {
  ok: true;
  url: string;
  media_type: Upload['mediaType'];
  mime: string;
  key: string;
  size: number;
}

export const UPLOAD_PATH = '/api/upload-ref';
export const COMMIT_PATH = '/api/upload-ref/commit';

/** Uploads belong to the member that made them, or to the tenant for its key and console. */
export function ownerOf(who: ScopedIdentity): { tenantId: string; accountId: string | null; segment: string } {
  return who.kind === 'member'
    ? { tenantId: who.tenantId, accountId: who.accountId, segment: `m-${who.accountId}` }
    : { tenantId: who.tenantId, accountId: null, segment: 'tenant' };
}

export function rateLimit(config: Config, who: ScopedIdentity): Limit {
  const owner = ownerOf(who);
  return { key: `upload:${owner.accountId ?? owner.tenantId}`, capacity: config.uploads.ratePerHour, perMs: 3600_000 };
}

export function keyFor(who: ScopedIdentity, type: UploadType, workspaceId: string | null): string {
  const owner = ownerOf(who);
  return [
    owner.tenantId,
    'uploads',
    owner.segment,
    ...(workspaceId ? [workspaceId] : []),
    `${randomUUID()}.${type.ext}`,
  ].join('/');
}

export function answer(row: Upload, files: FileStore): UploadAnswer {
  return {
    ok: true,
    url: files.urlFor(row.key),
    media_type: row.mediaType,
    mime: row.mime,
    key: row.key,
    size: row.size,
  };
}

/**
 * `POST /api/upload-ref`: streams a multipart upload to the store. The type comes from the bytes; the
 * limit of that type is enforced while reading; an image must decode in full; a refused or broken
 * upload leaves nothing behind.
 */
export async function proxyUpload(ctx: UploadContext, who: ScopedIdentity, request: Request): Promise<UploadAnswer> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(contentType)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data with a field named "file"');
  }
  const limit = rateLimit(ctx.config, who);
  await ensureAvailable(ctx.db, limit, 1, 'uploaded files');
  const declared = Number(request.headers.get('content-length') ?? '0');
  // Multipart framing adds a little; anything far beyond the largest type is refused unread.
  if (declared > MAX_UPLOAD_BYTES + 64 * 1024) throw tooLarge(null);
  if (!request.body) throw badRequest('file: missing; send the file in a multipart field named "file"');

  const tmpDir = path.join(ctx.config.dataDir, 'tmp');
  await mkdir(tmpDir, { recursive: true });
  const got = await receive(request.body, contentType, tmpDir);
  return answer(await storeReceived(ctx, who, got, limit), ctx.files);
}

/**
 * Stores a received file (a temporary file, consumed) as the caller's upload: an image must decode in
 * full; the rate-limit token, the record and the stored object go together, and a refusal or failure
 * leaves nothing behind. Also used by the Images API's edits for their files.
 */
export async function storeReceived(
  ctx: UploadContext,
  who: ScopedIdentity,
  got: { file: string; size: number; type: UploadType; workspaceId: string | null; filename: string | null },
  limit: Limit = rateLimit(ctx.config, who),
): Promise<Upload> {
  const key = keyFor(who, got.type, got.workspaceId);
  const owner = ownerOf(who);
  let stored = false;
  try {
    await assertDecodableImage(got.file, got.type, owner.tenantId);
    return await ctx.db.transaction(async (tx) => {
      await consume(tx, limit, 1, 'uploaded files');
      const [inserted] = await tx
        .insert(uploads)
        .values({
          tenantId: owner.tenantId,
          accountId: owner.accountId,
          key,
          workspaceId: got.workspaceId,
          filename: got.filename,
          ext: got.type.ext,
          mime: got.type.mime,
          mediaType: got.type.mediaType,
          size: got.size,
          strategy: 'proxy',
          status: 'ready',
          committedAt: new Date(),
        })
        .returning();
      if (!inserted) throw new AppError('INTERNAL', 'the upload was not recorded');
      // Stored last, inside the transaction: if storing fails nothing is recorded or charged to the limit.
      await ctx.files.putFile(key, got.file, got.type.mime, got.size);
      stored = true;
      return inserted;
    });
  } catch (err) {
    await rm(got.file, { force: true });
    if (stored)
      await ctx.files
        .delete(key)
        .catch((e: unknown) => logger.warn({ err: e, key }, 'could not remove an unrecorded upload'));
    throw err;
  }
}

export interface UploadListItem {
  key: string;
  /** The caller's file name (proxy uploads); null when unknown. */
  filename: string | null;
  url: string;
  thumbnail_url: string | null;
  media_type: Upload['mediaType'];
  mime: string;
  size: number;
  workspace_id: string | null;
  strategy: Upload['strategy'];
  created_at: string;
}

/** The caller's own finished uploads, newest first. */
export async function listUploads(
  ctx: UploadContext,
  who: ScopedIdentity,
  input: { limit: number },
): Promise<{ uploads: UploadListItem[] }> {
  const owner = ownerOf(who);
  const rows = await ctx.db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.tenantId, owner.tenantId),
        owner.accountId ? eq(uploads.accountId, owner.accountId) : isNull(uploads.accountId),
        eq(uploads.status, 'ready'),
      ),
    )
    .orderBy(desc(uploads.createdAt))
    .limit(input.limit);
  const items = rows.map((r) => ({
    key: r.key,
    filename: r.filename,
    url: ctx.files.urlFor(r.key),
    thumbnail_url: r.mediaType === 'image' ? thumbnailUrl(ctx.config, r.key) : null,
    media_type: r.mediaType,
    mime: r.mime,
    size: r.size,
    workspace_id: r.workspaceId,
    strategy: r.strategy,
    created_at: r.createdAt.toISOString(),
  }));
  return { uploads: items };
}

/**
 * Direct uploads presigned but never committed: after a day their address has long expired, so the
 * object (if any arrived) and the record are removed. Run by the worker.
 */
export async function pruneAbandonedUploads(db: Db, files: FileStore, olderThanMs = 24 * 3600_000): Promise<number> {
  const stale = await db
    .select({ id: uploads.id, key: uploads.key })
    .from(uploads)
    .where(and(eq(uploads.status, 'pending'), lt(uploads.createdAt, new Date(Date.now() - olderThanMs))))
    .limit(500);
  for (const row of stale) {
    await files
      .delete(row.key)
      .catch((err: unknown) => logger.warn({ err, key: row.key }, 'could not delete an abandoned upload'));
    await db.delete(uploads).where(and(eq(uploads.id, row.id), eq(uploads.status, 'pending')));
  }
  return stale.length;
}
