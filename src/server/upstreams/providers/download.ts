import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Agent, interceptors, request, type Dispatcher } from 'undici';
import { UpstreamError } from '@/server/upstreams/types';
import { readBounded } from './body-read';

/**
 * Result files (an image a task points to, a video): undici's `request` on keep-alive connections, so a
 * worker downloading hundreds of images a second reuses its connections to the file host and builds no
 * web Request/Response/stream objects per file (as `fetch` does). Redirects are followed, as fetch would.
 */
const downloadAgent = new Agent({ keepAliveTimeout: 30_000, connections: 1_024 }).compose(
  interceptors.redirect({ maxRedirections: 5 }),
);

/**
 * Opens the download of a result file the upstream points to: only http(s) URLs, a 2xx answer with a
 * body, and a declared length within `maxBytes` (the body itself is still read bounded: the header
 * may be missing or wrong).
 */
async function openDownload(
  url: string,
  signal: AbortSignal,
  maxBytes: number,
  headers?: Record<string, string>,
): Promise<{ body: Readable; contentType: string | null }> {
  if (!/^https?:\/\//i.test(url))
    throw new UpstreamError('bad_output', 'the upstream returned a result URL that is not http(s)');
  let res: Dispatcher.ResponseData;
  try {
    res = await request(url, { signal, dispatcher: downloadAgent, ...(headers ? { headers } : {}) });
  } catch (err) {
    throw new UpstreamError(signal.aborted ? 'timeout' : 'network', 'could not download the upstream result', {
      cause: err,
    });
  }
  // Dropped unread: the stream's own error (aborted) is expected and must not go unhandled.
  const drop = () => res.body.on('error', () => {}).destroy();
  if (res.statusCode < 200 || res.statusCode >= 300) {
    drop();
    throw new UpstreamError('bad_output', `the result download answered HTTP ${res.statusCode}`, {
      status: res.statusCode,
    });
  }
  const header = (name: string) => {
    const v = res.headers[name];
    return (Array.isArray(v) ? v[0] : v) ?? null;
  };
  const declared = Number(header('content-length') ?? '0');
  if (declared > maxBytes) {
    drop();
    throw new UpstreamError('bad_output', `the upstream result is larger than ${maxBytes} bytes`);
  }
  if (res.statusCode === 204 || res.statusCode === 205) {
    drop();
    throw new UpstreamError('bad_output', 'the upstream result is empty');
  }
  return { body: res.body, contentType: header('content-type') };
}

/** Downloads a result file the upstream points to, whole (images, covers). */
export async function download(
  url: string,
  signal: AbortSignal,
  maxBytes: number,
  headers?: Record<string, string>,
): Promise<{ data: Buffer; contentType: string | null }> {
  const res = await openDownload(url, signal, maxBytes, headers);
  const data = await readBounded(res.body, maxBytes, signal);
  return { data, contentType: res.contentType };
}

/**
 * Downloads a result file to a local file as a stream (never whole in memory: videos), refusing more
 * than `maxBytes`. Answers the byte count; the file is removed when the download fails.
 */
export async function downloadToFile(
  url: string,
  file: string,
  signal: AbortSignal,
  maxBytes: number,
  headers?: Record<string, string>,
): Promise<number> {
  const res = await openDownload(url, signal, maxBytes, headers);
  let size = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes)
        done(new UpstreamError('bad_output', `the upstream result is larger than ${maxBytes} bytes`));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(res.body, cap, createWriteStream(file), { signal });
  } catch (err) {
    await rm(file, { force: true });
    if (err instanceof UpstreamError) throw err;
    throw new UpstreamError(signal.aborted ? 'timeout' : 'network', 'the result download broke off', { cause: err });
  }
  return size;
}
