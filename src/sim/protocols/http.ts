import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseByteRange } from '@/lib/byte-range';

/** Plain HTTP helpers shared by the simulator's protocols and control API. */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A complete protocol-shaped error response, thrown by handlers and sent by the server. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${status}`);
  }
}

export class BodyTooLargeError extends Error {}

export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      req.resume();
      reject(new BodyTooLargeError());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(new BodyTooLargeError());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks, size));
    });
    req.on('error', (err) => {
      if (!failed) reject(err);
    });
  });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendBytes(
  req: IncomingMessage,
  res: ServerResponse,
  bytes: Buffer,
  contentType: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  const base = { ...headers, 'content-type': contentType, 'accept-ranges': 'bytes' };
  const range = req.headers.range;
  const total = bytes.length;
  if (range) {
    const parsed = parseByteRange(range, total);
    if (parsed === 'unsatisfiable') {
      res.writeHead(416, { ...base, 'content-range': `bytes */${total}` });
      res.end();
      return;
    }
    if (parsed) {
      const { start, end } = parsed;
      res.writeHead(206, {
        ...base,
        'content-range': `bytes ${start}-${end}/${total}`,
        'content-length': end - start + 1,
      });
      res.end(req.method === 'HEAD' ? undefined : bytes.subarray(start, end + 1));
      return;
    }
  }
  res.writeHead(200, { ...base, 'content-length': total });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

/** Resolves true after `ms`, or false as soon as `signal` aborts; uses a timer, never a busy wait. */
export function wait(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  if (ms <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** `decodeURIComponent` that keeps malformed escapes as they are instead of throwing. */
export function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
