import { Agent, request, type Dispatcher } from 'undici';
import { UpstreamError, type Target } from '@/server/upstreams/types';
import { readBounded, type Body } from './body-read';
import { upstreamErrorFrom } from './http-classify';

/**
 * Calls to upstreams: the keyed fetch and POST, bounded JSON answers, the API path and the OpenAI-style
 * probe. The error classification (http-classify.ts), bounded body reads (body-read.ts) and result
 * downloads (download.ts) are modules of their own, re-exported here for the adapters that import them.
 */
export { classifyResponse, classOfCode, errorCodeOf } from './http-classify';
export { readBounded } from './body-read';
export { download, downloadToFile } from './download';

export async function upstreamError(res: Response): Promise<UpstreamError> {
  return upstreamErrorFrom(res.status, await errorBody(res.body), res.headers.get('retry-after'));
}

/**
 * The most an upstream's JSON answer may hold: enough for an image of the largest size accepted
 * (50 MiB) as base64 with its envelope. A longer answer is abandoned as bad output, so a broken or
 * hostile upstream cannot fill a worker's memory.
 */
export const MAX_ANSWER_BYTES = 72 * 1024 * 1024;

/** The most of an error answer read to classify it; the rest is left unread. */
const MAX_ERROR_BYTES = 64 * 1024;

/** An error answer's JSON, or null when it is not JSON, too long, or breaks off: then the status alone classifies it. */
async function errorBody(body: Body | null): Promise<unknown> {
  if (!body) return null;
  try {
    return JSON.parse((await readBounded(body, MAX_ERROR_BYTES, new AbortController().signal)).toString('utf8'));
  } catch {
    return null;
  }
}

/** fetch with the target's key, failures turned into classified UpstreamErrors. */
export async function upstreamFetch(
  target: Target,
  path: string,
  init: RequestInit,
  signal: AbortSignal,
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${target.apiKey}`);
  let res: Response;
  try {
    res = await fetch(`${target.baseUrl}${path}`, { ...init, headers, signal });
  } catch (err) {
    if (signal.aborted) throw new UpstreamError('timeout', 'the upstream did not answer in time', { cause: err });
    throw new UpstreamError('network', 'the upstream could not be reached', { cause: err });
  }
  if (!res.ok) throw await upstreamError(res);
  return res;
}

/** Reads a JSON body of at most MAX_ANSWER_BYTES, or fails as bad output (see `readBounded`). */
export async function readJson<T>(res: Response, signal: AbortSignal): Promise<T> {
  if (!res.body) throw new UpstreamError('bad_output', 'the upstream answered with an empty body');
  return parseAnswer<T>(await readBounded(res.body, MAX_ANSWER_BYTES, signal));
}

/** Reads the JSON body of an `upstreamPost` answer, at most MAX_ANSWER_BYTES, or fails as bad output. */
export async function readAnswerJson<T>(answer: UpstreamAnswer, signal: AbortSignal): Promise<T> {
  return parseAnswer<T>(await readBounded(answer.body, MAX_ANSWER_BYTES, signal));
}

/** An answer's bytes as JSON, or a bad-output error. */
export function parseAnswer<T>(bytes: Buffer): T {
  try {
    return JSON.parse(bytes.toString('utf8')) as T;
  } catch (err) {
    throw new UpstreamError('bad_output', 'the upstream answered with malformed JSON', { cause: err });
  }
}

/** A base URL path's last segment naming an API version: `/v1`, `/v4` (`/api/paas/v4`), `/v3` (`/api/v3`). */
const VERSION_SEGMENT = /\/v\d+$/;

/**
 * The path of an OpenAI-style call (`/v1/chat/completions`) below a channel's base URL. A base URL whose
 * path already ends in an API version segment is the API root itself (DashScope's `/compatible-mode/v1`,
 * Ark's `/api/v3`, Zhipu's `/api/paas/v4`): the call goes to `{base}/chat/completions`. Any other base
 * URL is a prefix (`https://gateway.example.com/openai`) and keeps `{base}/v1/chat/completions`.
 */
export function apiPath(baseUrl: string, path: string): string {
  const root = baseUrl.split(/[?#]/)[0]?.replace(/\/+$/, '') ?? '';
  return VERSION_SEGMENT.test(root) && path.startsWith('/v1/') ? path.slice(3) : path;
}

/** The probe of every OpenAI-compatible server: `GET /v1/models` (or `{base}/models`, see `apiPath`), authenticated and free. */
export async function probeOpenAiModels(target: Target, signal: AbortSignal): Promise<void> {
  await upstreamFetch(target, apiPath(target.baseUrl, '/v1/models'), { method: 'GET' }, signal);
}

/**
 * Keep-alive connections to upstreams for the frequent calls (chat). undici's `request` answers with a
 * Node stream: no web Request/Response objects, far less work and memory per call than `fetch`.
 */
const upstreamAgent = new Agent({ keepAliveTimeout: 30_000, connections: 4_096 });

/**
 * Image generations: one connection per call in flight, however many (a worker holds thousands of
 * calls open against a slow upstream; its concurrency setting is the bound, not a pool queue that would
 * leave calls waiting for a connection while their time-out runs).
 */
export const longCallAgent = new Agent({ keepAliveTimeout: 30_000 });

export interface UpstreamAnswer {
  status: number;
  body: Dispatcher.ResponseData['body'];
}

/** A whole answer read by `upstreamCall`: status, a header reader, and the body's bytes. */
export interface UpstreamReply {
  status: number;
  ok: boolean;
  header(name: string): string | null;
  bytes: Buffer;
}

/**
 * One call to an upstream on the shared keep-alive connections (undici's `request`, no web objects),
 * its body read whole, at most MAX_ANSWER_BYTES. Only a failure to reach the upstream (or the signal)
 * throws; the caller classifies non-2xx answers in its protocol's own terms. For the small JSON calls
 * of asynchronous tasks (submit, poll, result), made several times per image.
 */
export async function upstreamCall(
  url: string,
  init: { method: 'GET' | 'POST' | 'PUT'; headers: Record<string, string>; body?: string | undefined },
  signal: AbortSignal,
): Promise<UpstreamReply> {
  let res: Dispatcher.ResponseData;
  try {
    res = await request(url, {
      method: init.method,
      headers: init.headers,
      body: init.body,
      signal,
      dispatcher: upstreamAgent,
    });
  } catch (err) {
    if (signal.aborted) throw new UpstreamError('timeout', 'the upstream did not answer in time', { cause: err });
    throw new UpstreamError('network', 'the upstream could not be reached', { cause: err });
  }
  const bytes = await readBounded(res.body, MAX_ANSWER_BYTES, signal);
  const headers = res.headers;
  return {
    status: res.statusCode,
    ok: res.statusCode >= 200 && res.statusCode < 300,
    header(name) {
      const v = headers[name.toLowerCase()];
      return (Array.isArray(v) ? v[0] : v) ?? null;
    },
    bytes,
  };
}

/** POSTs JSON to the target with its key; failures become classified UpstreamErrors. */
export async function upstreamPost(
  target: Target,
  path: string,
  body: string,
  signal: AbortSignal,
  accept?: string,
  dispatcher: Dispatcher = upstreamAgent,
): Promise<UpstreamAnswer> {
  let res: Dispatcher.ResponseData;
  try {
    res = await request(`${target.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${target.apiKey}`,
        ...(accept ? { accept } : {}),
      },
      body,
      signal,
      dispatcher,
    });
  } catch (err) {
    if (signal.aborted) throw new UpstreamError('timeout', 'the upstream did not answer in time', { cause: err });
    throw new UpstreamError('network', 'the upstream could not be reached', { cause: err });
  }
  if (res.statusCode >= 200 && res.statusCode < 300) return { status: res.statusCode, body: res.body };
  const parsed = await errorBody(res.body);
  const retryAfter = res.headers['retry-after'];
  throw upstreamErrorFrom(res.statusCode, parsed, typeof retryAfter === 'string' ? retryAfter : null);
}
