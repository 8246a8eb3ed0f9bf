import type { Readable } from 'node:stream';
import { UpstreamError } from '@/server/upstreams/types';

/** A body read chunk by chunk: undici's answer (a Node stream) or fetch's (a web stream). */
export type Body = Readable | ReadableStream<Uint8Array>;

/**
 * Reads a body whole, failing as bad output past `maxBytes` (the rest is not read: the connection
 * is closed), as a timeout once `signal` has aborted, else as a network error.
 */
export async function readBounded(body: Body, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const tooLarge = () => new UpstreamError('bad_output', `the upstream answer is larger than ${maxBytes} bytes`);
  const broken = (err: unknown) =>
    err instanceof UpstreamError
      ? err
      : signal.aborted
        ? new UpstreamError('timeout', 'the upstream stopped answering', { cause: err })
        : new UpstreamError('network', 'the upstream answer broke off', { cause: err });
  if ('getReader' in body) {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return Buffer.concat(chunks, size);
        size += value.length;
        if (size > maxBytes) {
          await reader.cancel().catch(() => {});
          throw tooLarge();
        }
        chunks.push(value);
      }
    } catch (err) {
      throw broken(err);
    }
  }
  // A Node stream through its events: no async iterator per answer on the chat path.
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        body.off('data', onData);
        body.destroy();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    body.on('data', onData);
    body.once('end', () => resolve(Buffer.concat(chunks, size)));
    body.once('error', (err) => reject(broken(err)));
    body.once('close', () => {
      if (!body.readableEnded) reject(broken(new Error('the answer closed before its end')));
    });
  });
}
