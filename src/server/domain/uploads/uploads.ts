import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { uploads, type Upload } from '../../db/schema';
import { logger } from '../../logger';
import type { FileStore } from '../../storage/store';
import type { ScopedIdentity } from '../auth/identity';
import { AppError, badRequest, notFound } from '../errors';
import { consume, ensureAvailable, type Limit } from '../limits/rate-limit';
import { allowedList, detectType, formatMb, MAX_UPLOAD_BYTES, SNIFF_BYTES, typeOfExt, type UploadType } from './file-types';

export interface UploadContext {
  db: Db;
  config: Config;
  files: FileStore;
}

/** What every successful upload answers (proxy upload and commit alike). */
export interface UploadAnswer {
  ok: true;
  url: string;
  media_type: Upload['mediaType'];
  mime: string;
  key: string;
  size: number;
}

export const WORKSPACE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const UPLOAD_PATH = '/api/upload-ref';
const COMMIT_PATH = '/api/upload-ref/commit';

/** Uploads belong to the member that made them, or to the tenant for its key and console. */
function ownerOf(who: ScopedIdentity): { tenantId: string; accountId: string | null; segment: string } {
  return who.kind === 'member'
    ? { tenantId: who.tenantId, accountId: who.accountId, segment: `m-${who.accountId}` }
    : { tenantId: who.tenantId, accountId: null, segment: 'tenant' };
}

function rateLimit(config: Config, who: ScopedIdentity): Limit {
  const owner = ownerOf(who);
  return { key: `upload:${owner.accountId ?? owner.tenantId}`, capacity: config.uploads.ratePerHour, perMs: 3600_000 };
}

function keyFor(who: ScopedIdentity, type: UploadType, workspaceId: string | null): string {
  const owner = ownerOf(who);
  return [owner.tenantId, 'uploads', owner.segment, ...(workspaceId ? [workspaceId] : []), `${randomUUID()}.${type.ext}`].join('/');
}

function checkWorkspace(workspaceId: string | null | undefined): string | null {
  if (workspaceId === undefined || workspaceId === null || workspaceId === '') return null;
  if (!WORKSPACE_PATTERN.test(workspaceId)) throw badRequest('workspace_id: 1-64 letters, digits, - or _');
  return workspaceId;
}

const tooLarge = (type: UploadType | null, size?: number) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    type
      ? `The file is larger than the ${formatMb(type.maxBytes)} allowed for ${type.mediaType} (${type.ext})${size ? `: ${formatMb(size)}` : ''}; nothing was stored`
      : `The file is larger than ${formatMb(MAX_UPLOAD_BYTES)}; nothing was stored`,
  );
const unrecognised = () =>
  badRequest(`file: the bytes are not a supported image, audio or video file (the type is read from the content, not the name). Allowed: ${allowedList()}`);

function answer(row: Upload, files: FileStore): UploadAnswer {
  return { ok: true, url: files.urlFor(row.key), media_type: row.mediaType, mime: row.mime, key: row.key, size: row.size };
}

/**
 * Writes an upload stream to a temporary file while reading it: the type is decided from the first
 * bytes, the size limit of that type is enforced as bytes arrive, and nothing is held whole in memory.
 */
async function spool(stream: Readable, file: string): Promise<{ size: number; type: UploadType }> {
  const out = createWriteStream(file);
  const outDone = once(out, 'close');
  try {
    let size = 0;
    const head: Buffer[] = [];
    let headLength = 0;
    let type: UploadType | null = null;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (!type) {
        head.push(chunk);
        headLength += chunk.length;
        if (headLength >= SNIFF_BYTES) {
          type = await detectType(Buffer.concat(head).subarray(0, SNIFF_BYTES));
          if (!type) throw unrecognised();
        }
      }
      if (size > (type?.maxBytes ?? MAX_UPLOAD_BYTES)) throw tooLarge(type);
      if (!out.write(chunk)) await once(out, 'drain');
    }
    if (!type) {
      if (size === 0) throw badRequest('file: the file is empty');
      type = await detectType(Buffer.concat(head));
      if (!type) throw unrecognised();
      if (size > type.maxBytes) throw tooLarge(type, size);
    }
    out.end();
    await outDone;
    return { size, type };
  } catch (err) {
    out.destroy();
    await outDone.catch(() => undefined);
    throw err;
  }
}

/** The most a refused upload's remaining body is read (and thrown away) to deliver the answer cleanly. */
export const DISCARD_LIMIT_BYTES = MAX_UPLOAD_BYTES + 1024 * 1024;
const DISCARD_TIMEOUT_MS = 30_000;

/** Reads a stream to its end without keeping anything; gives up (destroying it) past the bound or the time limit. */
function discardRest(source: Readable): Promise<void> {
  return new Promise((resolve) => {
    if (source.readableEnded || source.destroyed) {
      resolve();
      return;
    }
    let read = 0;
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      source.destroy();
      done();
    }, DISCARD_TIMEOUT_MS);
    source.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > DISCARD_LIMIT_BYTES) {
        source.destroy();
        done();
      }
    });
    source.once('end', done);
    source.once('close', done);
    source.once('error', done);
    source.resume();
  });
}

/** Throws away the body of a request refused before it was read (see `discardRest`). */
export async function discardBody(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  if (Number(request.headers.get('content-length') ?? '0') > DISCARD_LIMIT_BYTES) return;
  await discardRest(Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>)).catch(() => undefined);
}

interface Received {
  file: string;
  size: number;
  type: UploadType;
  workspaceId: string | null;
  filename: string | null;
}

/** Reads a multipart body with one `file` part and an optional `workspace_id` field. */
function receive(body: ReadableStream<Uint8Array>, contentType: string, tmpDir: string): Promise<Received> {
  return new Promise((resolve, reject) => {
    const source = Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>);
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        // Browsers and curl send file names as UTF-8 bytes (Chinese names included).
        defParamCharset: 'utf8',
        limits: { files: 1, fields: 10, fieldSize: 1024, parts: 20, fileSize: MAX_UPLOAD_BYTES + 1 },
      });
    } catch {
      reject(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data with a boundary (a form with a `file` field)'));
      return;
    }
    const fields: Record<string, string> = {};
    const tmp = path.join(tmpDir, `upload-${randomUUID()}`);
    let spooled: Promise<{ size: number; type: UploadType }> | null = null;
    let filename: string | null = null;
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      void rm(tmp, { force: true });
      // Read the rest (up to a bound) before answering, so the client, still sending, receives the
      // refusal instead of a broken connection; past the bound the connection is dropped.
      discardRest(source).then(() => reject(err), () => reject(err));
    };
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || spooled) {
        stream.resume();
        fail(badRequest(`${name}: send exactly one file, in the field named "file"`));
        return;
      }
      filename = info.filename ? info.filename.slice(0, 255) : null;
      spooled = spool(stream, tmp);
      spooled.catch(fail);
    });
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('filesLimit', () => fail(badRequest('file: send exactly one file per request')));
    parser.on('error', (err) => fail(badRequest(`The multipart body could not be read: ${(err as Error).message}`)));
    source.on('error', (err) => fail(new AppError('BAD_REQUEST', 'The upload was interrupted; nothing was stored', { cause: err })));
    parser.on('close', () => {
      if (failed) return;
      if (!spooled) {
        fail(badRequest('file: missing; send the file in a multipart field named "file"'));
        return;
      }
      spooled.then(
        ({ size, type }) => {
          if (failed) return;
          try {
            resolve({ file: tmp, size, type, workspaceId: checkWorkspace(fields.workspace_id), filename });
          } catch (err) {
            fail(err);
          }
        },
        () => undefined,
      );
    });
    source.pipe(parser);
  });
}

/**
 * `POST /api/upload-ref`: streams a multipart upload to the store. The type comes from the bytes; the
 * limit of that type is enforced while reading; a refused or broken upload leaves nothing behind.
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
  const key = keyFor(who, got.type, got.workspaceId);
  const owner = ownerOf(who);
  let stored = false;
  try {
    const row = await ctx.db.transaction(async (tx) => {
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
    return answer(row, ctx.files);
  } catch (err) {
    await rm(got.file, { force: true });
    if (stored) await ctx.files.delete(key).catch((e: unknown) => logger.warn({ err: e, key }, 'could not remove an unrecorded upload'));
    throw err;
  }
}

export type PresignAnswer =
  | { ok: true; strategy: 'proxy'; reason: 'not_configured' | 'not_cn' | 'too_small' | 'presign_failed'; fallback: { path: string } }
  | {
      ok: true;
      strategy: 'direct';
      key: string;
      media_type: Upload['mediaType'];
      mime: string;
      upload: { method: 'PUT'; url: string; headers: { 'Content-Type': string; 'Content-Length': string }; expires_in: number };
      commit: { path: string; body: { key: string } };
      fallback: { path: string };
    };

/** The caller's region as the trusted edge reports it; null when Studio is not told. */
export function regionAllowsDirect(config: Config, headers: Headers): boolean {
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
  body: { ext: string; size: number; workspace_id?: string | undefined },
  headers: Headers,
): Promise<PresignAnswer> {
  const type = typeOfExt(body.ext);
  if (!type) throw badRequest(`ext: "${body.ext}" is not an allowed type. Allowed: ${allowedList()}`);
  if (body.size > type.maxBytes) throw tooLarge(type, body.size);
  const workspaceId = checkWorkspace(body.workspace_id);
  const fallback = { path: UPLOAD_PATH };
  if (!ctx.config.s3) return { ok: true, strategy: 'proxy', reason: 'not_configured', fallback };
  if (!regionAllowsDirect(ctx.config, headers)) return { ok: true, strategy: 'proxy', reason: 'not_cn', fallback };
  if (body.size < ctx.config.uploads.directMinBytes) return { ok: true, strategy: 'proxy', reason: 'too_small', fallback };

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
 * `POST /api/upload-ref/commit`: re-reads the stored object's leading bytes and size. A mismatch with
 * what was declared deletes the object (400); a match answers like a proxy upload. Idempotent.
 */
export async function commitUpload(ctx: UploadContext, who: ScopedIdentity, key: string): Promise<UploadAnswer> {
  const row = await ownedUpload(ctx.db, who, key);
  if (row.status === 'ready') return answer(row, ctx.files);
  if (row.status === 'rejected') throw badRequest(`key: this upload was refused: ${row.error ?? 'it did not match its declaration'}; presign again`);

  const size = await ctx.files.size(key);
  if (size === null) throw badRequest('key: nothing has been uploaded to this key yet; PUT the file to upload.url first');
  let problem: string | null = null;
  if (size !== row.size) {
    problem = `size mismatch: ${row.size} bytes were declared, ${size} arrived`;
  } else {
    const head = (await ctx.files.head(key, SNIFF_BYTES)) ?? Buffer.alloc(0);
    const real = await detectType(head);
    if (!real) problem = `type mismatch: ${row.ext} was declared, the bytes are not a supported file`;
    else if (real.ext !== row.ext) problem = `type mismatch: ${row.ext} was declared, the bytes are ${real.ext}`;
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

export interface UploadListItem {
  key: string;
  /** The caller's file name (proxy uploads); null when unknown. */
  filename: string | null;
  url: string;
  media_type: Upload['mediaType'];
  mime: string;
  size: number;
  workspace_id: string | null;
  strategy: Upload['strategy'];
  created_at: string;
}

/** The caller's own finished uploads, newest first. */
export async function listUploads(ctx: UploadContext, who: ScopedIdentity, limit: number): Promise<UploadListItem[]> {
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
    .limit(limit);
  return rows.map((r) => ({
    key: r.key,
    filename: r.filename,
    url: ctx.files.urlFor(r.key),
    media_type: r.mediaType,
    mime: r.mime,
    size: r.size,
    workspace_id: r.workspaceId,
    strategy: r.strategy,
    created_at: r.createdAt.toISOString(),
  }));
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
    await files.delete(row.key).catch((err: unknown) => logger.warn({ err, key: row.key }, 'could not delete an abandoned upload'));
    await db.delete(uploads).where(and(eq(uploads.id, row.id), eq(uploads.status, 'pending')));
  }
  return stale.length;
}
