import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { uploads, type Upload } from '@/server/db/schema';
import { logger } from '@/server/logger';
import type { RequestHeaders } from '@/server/request-headers';
import type { PresignBody } from '@/contracts/uploads';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';
import { AppError, badRequest, fieldError, notFound } from '@/server/errors';
import { consume, ensureAvailable } from '@/server/domain/limits/rate-limit';
import { allowedList, detectType, SNIFF_BYTES, typeOfExt } from './file-types';
import { imageProblem } from './image-check';
import { checkWorkspace, tooLarge } from './multipart';
import { answer, COMMIT_PATH, keyFor, ownerOf, rateLimit, UPLOAD_PATH, type UploadAnswer } from './uploads';

/** Direct uploads: a presigned PUT to the bucket, then a commit that checks what arrived. */

type UploadContext = Deps;

export type PresignAnswer =
  | {
      ok: true;
      strategy: 'proxy';
      reason: 'not_configured' | 'not_cn' | 'too_small' | 'presign_failed';
      fallback: { path: string };
    }
  | {
      ok: true;
      strategy: 'direct';
      key: string;
      media_type: Upload['mediaType'];
      mime: string;
      upload: {
        method: 'PUT';
        url: string;
        headers: { 'Content-Type': string; 'Content-Length': string };
        expires_in: number;
      };
      commit: { path: string; body: { key: string } };
      fallback: { path: string };
    };

/** The caller's region as the trusted edge reports it; null when Studio is not told. */
export function regionAllowsDirect(config: Config, headers: RequestHeaders): boolean {
  const header = config.uploads.regionHeader;
  if (!header) return true;
  const region = headers.get(header)?.trim().toUpperCase();
  return !!region && config.uploads.directRegions.includes(region);
}

/**
 * `POST /api/upload-ref/presign`: checks the declared type and size like an upload, then offers a
 * direct upload to the bucket, or says why the caller should use the proxy upload instead.
 */
export async function presignUpload(
  ctx: UploadContext,
  who: ScopedIdentity,
  body: PresignBody,
  request: { headers: RequestHeaders },
): Promise<PresignAnswer> {
  const { headers } = request;
  const type = typeOfExt(body.ext);
  if (!type) {
    const message = `"${body.ext}" is not an allowed type. Allowed: ${allowedList()}`;
    throw new AppError('BAD_REQUEST', `ext: ${message}`, {
      issues: [{ path: ['ext'], message }],
      reason: 'file_type_unsupported',
    });
  }
  if (body.size > type.maxBytes) throw tooLarge(type, body.size);
  const workspaceId = checkWorkspace(body.workspace_id);
  const fallback = { path: UPLOAD_PATH };
  if (!ctx.config.s3) return { ok: true, strategy: 'proxy', reason: 'not_configured', fallback };
  if (!regionAllowsDirect(ctx.config, headers)) return { ok: true, strategy: 'proxy', reason: 'not_cn', fallback };
  if (body.size < ctx.config.uploads.directMinBytes)
    return { ok: true, strategy: 'proxy', reason: 'too_small', fallback };

  const limit = rateLimit(ctx.config, who);
  await ensureAvailable(ctx.db, limit, 1, 'uploaded files');
  const key = keyFor(who, type, workspaceId);
  let signed;
  try {
    signed = await ctx.files.presignPut(key, type.mime, body.size, ctx.config.uploads.directExpiresS);
  } catch (err) {
    logger.warn({ err }, 'presigning an upload failed');
  }
  if (!signed) return { ok: true, strategy: 'proxy', reason: 'presign_failed', fallback };
  const owner = ownerOf(who);
  await ctx.db.transaction(async (tx) => {
    await consume(tx, limit, 1, 'uploaded files');
    await tx.insert(uploads).values({
      tenantId: owner.tenantId,
      accountId: owner.accountId,
      key,
      workspaceId,
      ext: type.ext,
      mime: type.mime,
      mediaType: type.mediaType,
      size: body.size,
      strategy: 'direct',
      status: 'pending',
    });
  });
  return {
    ok: true,
    strategy: 'direct',
    key,
    media_type: type.mediaType,
    mime: type.mime,
    upload: { method: 'PUT', url: signed.url, headers: signed.headers, expires_in: signed.expiresIn },
    commit: { path: COMMIT_PATH, body: { key } },
    fallback,
  };
}

async function ownedUpload(db: Db, who: ScopedIdentity, key: string): Promise<Upload> {
  const owner = ownerOf(who);
  const [row] = await db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.key, key),
        eq(uploads.tenantId, owner.tenantId),
        owner.accountId ? eq(uploads.accountId, owner.accountId) : isNull(uploads.accountId),
      ),
    );
  if (!row) throw notFound(`Upload "${key}"`);
  return row;
}

/**
 * `POST /api/upload-ref/commit`: re-reads the stored object's leading bytes and size, and decodes an
 * image in full. A mismatch with what was declared, or an image that does not decode, deletes the
 * object (400); a match answers like a proxy upload. Idempotent.
 */
export async function commitUpload(
  ctx: UploadContext,
  who: ScopedIdentity,
  input: { key: string },
): Promise<UploadAnswer> {
  const { key } = input;
  const row = await ownedUpload(ctx.db, who, key);
  if (row.status === 'deleted') throw notFound('Upload');
  if (row.status === 'ready') return answer(row, ctx.files);
  if (row.status === 'rejected')
    throw fieldError(
      ['key'],
      `this upload was refused: ${row.error ?? 'it did not match its declaration'}; presign again`,
    );

  const size = await ctx.files.size(key);
  if (size === null)
    throw fieldError(['key'], 'nothing has been uploaded to this key yet; PUT the file to upload.url first');
  let problem: string | null = null;
  if (size !== row.size) {
    problem = `size mismatch: ${row.size} bytes were declared, ${size} arrived`;
  } else {
    const head = (await ctx.files.head(key, SNIFF_BYTES)) ?? Buffer.alloc(0);
    const real = await detectType(head);
    if (!real) problem = `type mismatch: ${row.ext} was declared, the bytes are not a supported file`;
    else if (real.ext !== row.ext) problem = `type mismatch: ${row.ext} was declared, the bytes are ${real.ext}`;
    else if (real.mediaType === 'image') {
      // The size matched the declaration, which is at most the type's limit: reading it whole is bounded.
      const bytes = (await ctx.files.head(key, size)) ?? Buffer.alloc(0);
      const undecodable = await imageProblem(bytes, real, who.tenantId);
      if (undecodable) problem = `The file is not a valid image: ${undecodable}`;
    }
  }
  if (problem) {
    await ctx.files.delete(key);
    await ctx.db.update(uploads).set({ status: 'rejected', error: problem }).where(eq(uploads.id, row.id));
    throw badRequest(`${problem}; the uploaded object was deleted`);
  }
  const [ready] = await ctx.db
    .update(uploads)
    .set({ status: 'ready', committedAt: new Date() })
    .where(eq(uploads.id, row.id))
    .returning();
  return answer(ready ?? row, ctx.files);
}
