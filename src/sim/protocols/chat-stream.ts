import { randomBytes } from 'node:crypto';
import type { SimChatChannel } from '@/sim/channels';
import type { SimContext } from './protocol';

/** How a Chat Completions stream is cut into chunks and written, paced or batched, or broken off. */

/** Pieces of a few characters, like a tokenizer's stream; whitespace stays attached to the following word. */
export function streamPieces(text: string): string[] {
  const pieces = text.match(/\s*[A-Za-z0-9_'-]+|\s*[^\sA-Za-z0-9_'-]{1,3}|\s+/g) ?? [];
  return pieces.length > 0 ? pieces : [text];
}

export function completionId(): string {
  return `chatcmpl-${randomBytes(15).toString('base64url').replace(/[-_]/g, 'x')}`;
}

/**
 * Writes the SSE chunks, then ends the response. With `chunkDelayMs` each chunk is its own write,
 * paced by one re-armed timer per stream; otherwise a few batched writes. With `breakAfter`, stops
 * after that many chunks and destroys the connection once they are flushed (a `stream_break` fault).
 */
export function writeChunks(
  ctx: SimContext<SimChatChannel>,
  out: readonly string[],
  breakAfter: number | null,
): Promise<void> {
  const { res, signal } = ctx;
  const limit = Math.min(breakAfter ?? out.length, out.length);
  const gone = (): boolean => signal.aborted || res.destroyed;
  /** Writes `data`; after the last piece, ends the response or, under the fault, breaks it once flushed. */
  const put = (data: string, last: boolean): void => {
    if (!last) res.write(data);
    else if (breakAfter === null) res.end(data);
    else res.write(data, () => ctx.breakConnection());
  };
  const delay = ctx.chunkDelayMs;
  if (delay <= 0) {
    return (async () => {
      // A few writes so clients see a genuinely chunked stream without per-token syscalls.
      const batch = 16;
      for (let i = 0; i < limit; i += batch) {
        if (gone()) return;
        put(out.slice(i, Math.min(i + batch, limit)).join(''), i + batch >= limit);
        if (i + batch < limit) await new Promise<void>((resolve) => setImmediate(resolve));
      }
    })();
  }
  // The first chunk goes out at once; the pause is between chunks.
  if (gone() || limit === 0) return Promise.resolve();
  put(out[0] ?? '', limit === 1);
  if (limit === 1) return Promise.resolve();
  return new Promise<void>((resolve) => {
    let i = 1;
    const stop = (): void => {
      clearTimeout(timer);
      resolve();
    };
    const step = (): void => {
      if (gone()) return stop();
      put(out[i] ?? '', i === limit - 1);
      i += 1;
      if (i < limit) {
        timer.refresh();
        return;
      }
      signal.removeEventListener('abort', stop);
      resolve();
    };
    const timer = setTimeout(step, delay);
    signal.addEventListener('abort', stop, { once: true });
  });
}
