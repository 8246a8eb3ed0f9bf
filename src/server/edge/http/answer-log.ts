import { appendFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/**
 * A test instrument (`STUDIO_ANSWER_LOG`): every answer under /api, whoever wrote it (the REST front,
 * the chat door, Next.js), is appended to the file as one JSON line `{method, path, status, type,
 * retryAfter, body}`, so the API suite can check each against the OpenAPI document
 * (tests/helpers/answer-check.ts). Unset, nothing is wrapped: production pays nothing.
 */

/** Bodies past this are recorded without their text (no answer the document describes is this large). */
const MAX_BODY = 512 * 1024;

/** The console's tRPC and sign-in are not REST operations of the document. */
const SKIPPED = /^\/api\/(trpc|auth)(\/|$|\?)/;

export interface RecordedAnswer {
  method: string;
  path: string;
  status: number;
  type: string | null;
  retryAfter: boolean;
  /** The JSON body's text; absent when the answer is not JSON or too large. */
  body?: string;
}

function decoded(bytes: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'gzip') return gunzipSync(bytes);
  if (encoding === 'br') return brotliDecompressSync(bytes);
  if (encoding === 'deflate') return inflateSync(bytes);
  return bytes;
}

/** Wraps `res` so that its answer is appended to `file` when it finishes. */
export function recordAnswer(file: string, req: IncomingMessage, res: ServerResponse): void {
  const url = req.url ?? '/';
  if (!url.startsWith('/api/') || SKIPPED.test(url)) return;
  // A React Server Components request (`RSC: 1`) is the framework's, not a REST call: Next.js
  // answers it on its own (a 307 to `?_rsc` on a route handler), which no API client sends.
  if (req.headers.rsc !== undefined) return;
  const chunks: Buffer[] = [];
  let size = 0;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function' || size > MAX_BODY) return;
    const bytes = Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array);
    size += bytes.length;
    if (size <= MAX_BODY) chunks.push(bytes);
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.write = ((...args: unknown[]) => {
    keep(args[0], args[1]);
    return write(...args);
  }) as ServerResponse['write'];
  res.end = ((...args: unknown[]) => {
    keep(args[0], args[1]);
    return end(...args);
  }) as ServerResponse['end'];
  res.once('finish', () => {
    const type = String(res.getHeader('content-type') ?? '') || null;
    const record: RecordedAnswer = {
      method: req.method ?? 'GET',
      path: url.split('?')[0] ?? url,
      status: res.statusCode,
      type,
      retryAfter: res.getHeader('retry-after') !== undefined,
    };
    if (type?.includes('json') && size <= MAX_BODY) {
      try {
        record.body = decoded(Buffer.concat(chunks), res.getHeader('content-encoding') as string | undefined).toString(
          'utf8',
        );
      } catch {
        record.body = '<undecodable>';
      }
    }
    appendFileSync(file, `${JSON.stringify(record)}\n`);
  });
}
