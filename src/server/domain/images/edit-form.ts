import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { MAX_REFERENCE_IMAGES } from '@/contracts/jobs';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';
import { ensureAvailable } from '@/server/domain/limits/rate-limit';
import type { UploadType } from '@/server/domain/uploads/file-types';
import { spool } from '@/server/domain/uploads/multipart';
import { rateLimit, storeReceived } from '@/server/domain/uploads/uploads';
import { AppError, badRequest, fieldError } from '@/server/errors';
import { drainStream } from '@/server/net/body-drain';

/**
 * The multipart body of `POST /api/images/edits` as the `openai` SDK and the AI SDK send it: files in
 * `image` or `image[]` (repeated, up to 16) and an optional `mask`, and the other parameters as text
 * fields. Each file is streamed to a temporary file while its type is read from its bytes, under
 * `/api/upload-ref`'s image limits (png, jpg, webp or gif, 8 MB); nothing is stored until the request
 * has passed its checks (`storeEditFiles`).
 */

export interface SpooledFile {
  field: string;
  file: string;
  size: number;
  type: UploadType;
  filename: string | null;
}

export interface EditForm {
  fields: Record<string, string>;
  images: SpooledFile[];
  mask: SpooledFile | null;
}

const IMAGE_FIELDS = new Set(['image', 'image[]']);
/** Text fields: OpenAI's parameters fit in a few kilobytes; `prompt` is at most 8,000 characters. */
const FIELD_BYTES = 64 * 1024;

/** Removes the temporary files of a form that will not be stored. */
export async function discardEditForm(form: Pick<EditForm, 'images' | 'mask'>): Promise<void> {
  await Promise.all([...form.images, ...(form.mask ? [form.mask] : [])].map((f) => rm(f.file, { force: true })));
}

/** An upload refusal (worded for `file`) as one about the edit's field, unless it already names its field. */
function asFieldError(err: unknown, field: string): unknown {
  if (!(err instanceof AppError) || err.issues?.length) return err;
  const message = err.message.replace(/^file: /, '');
  return new AppError(err.code, `${field}: ${message}`, {
    reason: err.reason,
    ...(err.code === 'BAD_REQUEST' ? { issues: [{ path: [field], message }] } : {}),
  });
}

export async function readEditForm(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  dataDir: string,
): Promise<EditForm> {
  const tmpDir = path.join(dataDir, 'tmp');
  await mkdir(tmpDir, { recursive: true });
  const source = Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>);
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        defParamCharset: 'utf8',
        limits: { files: MAX_REFERENCE_IMAGES + 1, fields: 40, fieldSize: FIELD_BYTES, parts: 60 },
      });
    } catch {
      const refusal = new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the edit as multipart/form-data with a boundary');
      void drainStream(source).then(
        () => reject(refusal),
        () => reject(refusal),
      );
      return;
    }
    const fields: Record<string, string> = {};
    const spooling: Promise<SpooledFile>[] = [];
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      // Files already spooled (or still spooling) are removed once settled; the rest of the body is taken.
      void Promise.allSettled(spooling).then((all) =>
        discardEditForm({ images: all.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])), mask: null }),
      );
      const refusal = err instanceof Error ? err : new Error(String(err));
      void drainStream(source).then(
        () => reject(refusal),
        () => reject(refusal),
      );
    };
    parser.on('file', (name, stream, info) => {
      if (failed) return void stream.resume();
      if (!IMAGE_FIELDS.has(name) && name !== 'mask') {
        stream.resume();
        return fail(
          fieldError([name], 'is not a file field of an edit: send images as image (or image[]) and a mask as mask'),
        );
      }
      const tmp = path.join(tmpDir, `edit-${randomUUID()}`);
      const filename = info.filename ? info.filename.slice(0, 255) : null;
      const field = name === 'mask' ? 'mask' : 'image';
      const one = spool(stream, tmp).then(({ size, type }) => {
        if (type.mediaType !== 'image')
          throw fieldError(
            [field],
            `must be a png, jpg, webp or gif image; this file is ${type.mediaType} (${type.ext})`,
          );
        return { field, file: tmp, size, type, filename };
      });
      one.catch((err: unknown) => {
        void rm(tmp, { force: true });
        fail(asFieldError(err, field));
      });
      spooling.push(one);
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(fieldError([name], `is longer than ${FIELD_BYTES} bytes`));
      if (Object.hasOwn(fields, name)) return fail(fieldError([name], 'is given twice'));
      fields[name] = value;
    });
    parser.on('filesLimit', () => fail(badRequest(`image: at most ${MAX_REFERENCE_IMAGES} images and one mask`)));
    parser.on('fieldsLimit', () => fail(badRequest('The form has too many fields')));
    parser.on('partsLimit', () => fail(badRequest('The form has too many parts')));
    parser.on('error', (err) => fail(badRequest(`The multipart body could not be read: ${(err as Error).message}`)));
    source.on('error', (err) => fail(new AppError('BAD_REQUEST', 'The upload was interrupted', { cause: err })));
    parser.on('close', () => {
      if (failed) return;
      Promise.all(spooling).then(
        (files) => {
          if (failed) return;
          const masks = files.filter((f) => f.field === 'mask');
          const images = files.filter((f) => f.field === 'image');
          const refuse = (err: AppError) => {
            void discardEditForm({ images: files, mask: null });
            reject(err);
          };
          if (masks.length > 1) return refuse(fieldError(['mask'], 'give one mask'));
          if (images.length === 0)
            return refuse(fieldError(['image'], 'missing: send the image to edit as a file in the field image'));
          resolve({ fields, images, mask: masks[0] ?? null });
        },
        () => undefined,
      );
    });
    source.pipe(parser);
  });
}

/**
 * Stores an edit's files as the caller's uploads (as `/api/upload-ref` would: one upload token each,
 * the same checks), answering their addresses in order. Checked first that the caller has the tokens
 * for all of them; a failure removes the temporary files left.
 */
export async function storeEditFiles(
  deps: Pick<Deps, 'db' | 'config' | 'files'>,
  who: ScopedIdentity,
  form: Pick<EditForm, 'images' | 'mask'>,
): Promise<{ images: string[]; mask: string | null }> {
  const all = [...form.images, ...(form.mask ? [form.mask] : [])];
  const limit = rateLimit(deps.config, who);
  try {
    await ensureAvailable(deps.db, limit, all.length, 'uploaded files');
    const urls: string[] = [];
    for (const [i, f] of all.entries()) {
      const row = await storeReceived(deps, who, { ...f, workspaceId: null }, limit).catch((err: unknown) => {
        throw asFieldError(err, f.field);
      });
      all[i] = { ...f, file: '' };
      urls.push(deps.files.urlFor(row.key));
    }
    return { images: urls.slice(0, form.images.length), mask: form.mask ? (urls[form.images.length] ?? null) : null };
  } finally {
    await Promise.all(all.filter((f) => f.file).map((f) => rm(f.file, { force: true })));
  }
}
