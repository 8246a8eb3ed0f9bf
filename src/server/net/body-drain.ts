import type { Readable } from 'node:stream';

/**
 * Reading the rest of a refused request body and throwing it away, within bounds in bytes and time:
 * a client still writing when the server answers and closes sees a reset, not the answer. Used by
 * the request edge (src/server/edge/http/body-limit.ts) and by the multipart parser of uploads.
 */

/** The most of a refused body that is read and thrown away; above the largest upload (50 MB). */
export const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
/** The longest a refused body is read for. */
export const DRAIN_TIMEOUT_MS = 30_000;

/** The same drain for a Node stream (the multipart parser's source): bounded, then destroyed. */
export function drainStream(source: Readable, alreadyRead = 0): Promise<void> {
  return new Promise((resolve) => {
    if (source.readableEnded || source.destroyed) {
      resolve();
      return;
    }
    let read = alreadyRead;
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      source.destroy();
      done();
    }, DRAIN_TIMEOUT_MS);
    source.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_LIMIT_BYTES) {
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
