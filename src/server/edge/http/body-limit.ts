import type { IncomingMessage } from 'node:http';
import { DRAIN_LIMIT_BYTES, DRAIN_TIMEOUT_MS, drainStream } from '@/server/net/body-drain';
import { errorAnswer, toResponse, type JsonAnswer } from './error-response';

export { drainStream };

/**
 * Refusing a request body for its size without breaking the client's connection. A client that is
 * still writing when the server answers and closes sees a reset ("fetch failed"), not the answer; so
 * every refusal first reads the rest of the body and throws it away, up to a bound in bytes and in
 * time, and only then answers. Past either bound the body is cut: nobody can hold a server busy by
 * sending forever. Every route that takes a body (REST, the console's tRPC, uploads) uses this module.
 */

/** The 413 answer for a body over `limit` bytes. */
export function bodyTooLarge(limit: number): Response {
  return toResponse(bodyTooLargeAnswer(limit));
}

export function bodyTooLargeAnswer(limit: number): JsonAnswer {
  return errorAnswer(
    413,
    `The request body is larger than ${limit.toLocaleString('en-US')} bytes`,
    'PAYLOAD_TOO_LARGE',
  );
}

const lengthOf = (value: string | null | undefined): number | null =>
  value == null || !/^\d+$/.test(value) ? null : Number(value);
const declaredLength = (req: Request): number | null => lengthOf(req.headers.get('content-length'));

/** Reads a web stream to its end without keeping anything, within the drain bounds. */
async function drainReader(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number): Promise<void> {
  let read = alreadyRead;
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), DRAIN_TIMEOUT_MS);
  });
  try {
    while (Date.now() < deadline) {
      const next = await Promise.race([reader.read(), timeout]);
      if (next === 'timeout' || next.done) break;
      read += next.value.byteLength;
      if (read > DRAIN_LIMIT_BYTES) break;
    }
  } catch {
    // the client went away: nothing left to drain
  } finally {
    clearTimeout(timer);
    await reader.cancel().catch(() => undefined);
  }
}

/**
 * Throws away the rest of a refused request's body (bounded), so a client still sending reads the
 * answer. A body declared larger than the bound is not read at all: it is cut when the answer is sent.
 */
export async function drainRequest(req: Request): Promise<void> {
  // A locked body is being read (or was taken) by a parser, which drains it itself.
  if (!req.body || req.bodyUsed || req.body.locked) return;
  const declared = declaredLength(req);
  if (declared !== null && declared > DRAIN_LIMIT_BYTES) return;
  await drainReader(req.body.getReader(), 0);
}

/**
 * The body of a request as bytes, or null when it is larger than `limit` (the `Content-Length` is
 * checked before reading; a chunked body is counted as it arrives). On null the rest has been drained.
 */
export async function readBodyLimited(req: Request, limit: number): Promise<Buffer | null> {
  const declared = declaredLength(req);
  if (declared !== null && declared > limit) {
    await drainRequest(req);
    return null;
  }
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await drainReader(reader, size);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** `drainRequest` for a Node request: the rest of a refused body read and thrown away, within the bounds. */
export async function drainNodeRequest(req: IncomingMessage): Promise<void> {
  if (req.readableEnded || req.destroyed) return;
  const declared = lengthOf(req.headers['content-length']);
  if (declared !== null && declared > DRAIN_LIMIT_BYTES) return;
  await drainStream(req);
}

/** A request whose client disconnected before its body arrived: nobody is left to answer. */
export class ClientGone extends Error {
  constructor() {
    super('The client disconnected before sending the whole body');
  }
}

/**
 * `readBodyLimited` for a Node request (the server in front of Next.js): the bytes, or null when
 * over `limit`, the rest then drained within the same bounds.
 */
export function readNodeBodyLimited(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const declared = lengthOf(req.headers['content-length']);
  if (declared !== null && declared > limit) return drainNodeRequest(req).then(() => null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      stop();
      chunks.length = 0;
      void drainStream(req, size).then(() => resolve(null));
    };
    const onEnd = () => {
      stop();
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
    };
    const onError = (err: Error) => {
      stop();
      reject(err);
    };
    // The client went away before sending the whole body.
    const onClose = () => {
      if (req.complete) return;
      stop();
      reject(new ClientGone());
    };
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
    req.once('close', onClose);
  });
}
