import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { randomUUID } from 'node:crypto';
import { WORKSPACE_PATTERN } from '@/contracts/uploads';
import { AppError, badRequest, fieldError } from '@/server/errors';
import { drainStream } from '@/server/net/body-drain';
import { allowedList, detectType, formatMb, MAX_UPLOAD_BYTES, SNIFF_BYTES, type UploadType } from './file-types';

/**
 * Reading a multipart upload: the body is streamed to a temporary file while its type is decided from
 * the first bytes and its type's limit enforced; a refusal reads the rest (bounded) so the client,
 * still sending, receives the answer.
 */

export function checkWorkspace(workspaceId: string | null | undefined): string | null {
  if (workspaceId === undefined || workspaceId === null || workspaceId === '') return null;
  if (!WORKSPACE_PATTERN.test(workspaceId)) throw fieldError(['workspace_id'], '1-64 letters, digits, - or _');
  return workspaceId;
}

export const tooLarge = (type: UploadType | null, size?: number) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    type
      ? `The file is larger than the ${formatMb(type.maxBytes)} allowed for ${type.mediaType} ` +
          `(${type.ext})${size ? `: ${formatMb(size)}` : ''}; nothing was stored`
      : `The file is larger than ${formatMb(MAX_UPLOAD_BYTES)}; nothing was stored`,
  );
const unrecognised = () =>
  new AppError(
    'BAD_REQUEST',
    `file: the bytes are not a supported image, audio or video file (the type is read from the content, not the name). Allowed: ${allowedList()}`,
    { reason: 'file_type_unsupported' },
  );

/**
 * Writes an upload stream to a temporary file while reading it: the type is decided from the first
 * bytes, the size limit of that type is enforced as bytes arrive, and nothing is held whole in memory.
 */
export async function spool(stream: Readable, file: string): Promise<{ size: number; type: UploadType }> {
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

interface Received {
  file: string;
  size: number;
  type: UploadType;
  workspaceId: string | null;
  filename: string | null;
}

/** Reads a multipart body with one `file` part and an optional `workspace_id` field. */
export function receive(body: ReadableStream<Uint8Array>, contentType: string, tmpDir: string): Promise<Received> {
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
      // No boundary (or another unreadable header): take the body so the client reads the refusal.
      const refusal = new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the file as multipart/form-data with a boundary (a form with a `file` field)',
      );
      drainStream(source).then(
        () => reject(refusal),
        () => reject(refusal),
      );
      return;
    }
    const fields: Record<string, string> = {};
    const tmp = path.join(tmpDir, `upload-${randomUUID()}`);
    let spooled: Promise<{ size: number; type: UploadType }> | null = null;
    let filename: string | null = null;
    let failed = false;
    const removeTmp = () => void rm(tmp, { force: true });
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      removeTmp();
      // A spool still opening its file could create it after the removal above: remove it again
      // once the spool has settled, so a refused upload never leaves a file behind.
      if (spooled) spooled.then(removeTmp, removeTmp);
      // Read the rest (up to a bound) before answering, so the client, still sending, receives the
      // refusal instead of a broken connection; past the bound the connection is dropped.
      const refusal = err instanceof Error ? err : new Error(String(err));
      drainStream(source).then(
        () => reject(refusal),
        () => reject(refusal),
      );
    };
    parser.on('file', (name, stream, info) => {
      if (failed) {
        stream.resume();
        return;
      }
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
    source.on('error', (err) =>
      fail(new AppError('BAD_REQUEST', 'The upload was interrupted; nothing was stored', { cause: err })),
    );
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
