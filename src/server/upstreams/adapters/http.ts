import { Agent, request, type Dispatcher } from 'undici';
import { UpstreamError, type ErrorClass, type Target } from '../types';

/** Structured error codes that decide the class regardless of the status code. */
const CODE_CLASSES: Record<string, ErrorClass> = {
  insufficient_quota: 'unpaid',
  billing_hard_limit_reached: 'unpaid',
  AccountOverdueError: 'unpaid',
  invalid_api_key: 'invalid_key',
  AuthenticationError: 'invalid_key',
  unsupported_parameter: 'unsupported',
  unsupported_value: 'unsupported',
  model_not_found: 'unsupported',
  rate_limit_exceeded: 'rate_limit',
  RateLimitExceeded: 'rate_limit',
  // The input names itself as invalid: an image that does not decode, or an image address that leads to none.
  invalid_image_file: 'invalid_input',
  invalid_image: 'invalid_input',
  invalid_image_format: 'invalid_input',
  invalid_image_url: 'invalid_input',
};

interface ErrorBody {
  error?: { code?: unknown; type?: unknown; message?: unknown } | string;
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** Decides an error class from the status and the provider's structured error code (never the message text). */
export function classifyResponse(status: number, body: unknown): ErrorClass {
  const err = (body as ErrorBody | null)?.error;
  const code = typeof err === 'object' && err ? (typeof err.code === 'string' ? err.code : typeof err.type === 'string' ? err.type : '') : '';
  const byCode = CODE_CLASSES[code];
  // An "invalid input" code only counts on a 4xx answer: on a 5xx the upstream itself failed.
  if (byCode && !(byCode === 'invalid_input' && (status < 400 || status >= 500))) return byCode;
  if (status === 401 || status === 403) return 'invalid_key';
  if (status === 402) return 'unpaid';
  if (status === 429) return 'rate_limit';
  if (status === 408 || status === 504) return 'timeout';
  if (status >= 500) return 'server_error';
  return 'bad_request';
}

function upstreamErrorFrom(status: number, body: unknown, retryAfter: string | null): UpstreamError {
  const cls = classifyResponse(status, body);
  const err = (body as ErrorBody | null)?.error;
  const message = typeof err === 'object' && err && typeof err.message === 'string' ? err.message : `HTTP ${status}`;
  return new UpstreamError(cls, message, { status, retryAfterMs: parseRetryAfter(retryAfter) });
}

export async function upstreamError(res: Response): Promise<UpstreamError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // not JSON: classify by status alone
  }
  return upstreamErrorFrom(res.status, body, res.headers.get('retry-after'));
}

/** fetch with the target's key, failures turned into classified UpstreamErrors. */
export async function upstreamFetch(target: Target, path: string, init: RequestInit, signal: AbortSignal): Promise<Response> {
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

/** Reads a JSON body, or fails as bad output. */
export async function readJson<T>(res: Response, signal: AbortSignal): Promise<T> {
  try {
    return (await res.json()) as T;
  } catch (err) {
    if (signal.aborted) throw new UpstreamError('timeout', 'the upstream stopped answering', { cause: err });
    throw new UpstreamError('bad_output', 'the upstream answered with malformed JSON', { cause: err });
  }
}

/** Reads the JSON body of an `upstreamPost` answer, or fails as bad output. */
export async function readAnswerJson<T>(answer: UpstreamAnswer, signal: AbortSignal): Promise<T> {
  try {
    return (await answer.body.json()) as T;
  } catch (err) {
    if (signal.aborted) throw new UpstreamError('timeout', 'the upstream stopped answering', { cause: err });
    throw new UpstreamError('bad_output', 'the upstream answered with malformed JSON', { cause: err });
  }
}

/** Downloads a result file the upstream points to. Only http(s) URLs. */
export async function download(url: string, signal: AbortSignal, maxBytes: number): Promise<{ data: Buffer; contentType: string | null }> {
  if (!/^https?:\/\//i.test(url)) throw new UpstreamError('bad_output', 'the upstream returned a result URL that is not http(s)');
  let res: Response;
  try {
    res = await fetch(url, { signal });
  } catch (err) {
    throw new UpstreamError(signal.aborted ? 'timeout' : 'network', 'could not download the upstream result', { cause: err });
  }
  if (!res.ok) throw new UpstreamError('bad_output', `the result download answered HTTP ${res.status}`, { status: res.status });
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new UpstreamError('bad_output', 'the upstream result is too large');
  const data = Buffer.from(await res.arrayBuffer());
  if (data.length > maxBytes) throw new UpstreamError('bad_output', 'the upstream result is too large');
  return { data, contentType: res.headers.get('content-type') };
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
      headers: { 'content-type': 'application/json', authorization: `Bearer ${target.apiKey}`, ...(accept ? { accept } : {}) },
      body,
      signal,
      dispatcher,
    });
  } catch (err) {
    if (signal.aborted) throw new UpstreamError('timeout', 'the upstream did not answer in time', { cause: err });
    throw new UpstreamError('network', 'the upstream could not be reached', { cause: err });
  }
  if (res.statusCode >= 200 && res.statusCode < 300) return { status: res.statusCode, body: res.body };
  let parsed: unknown = null;
  try {
    parsed = await res.body.json();
  } catch {
    // not JSON: classified by status alone
  }
  const retryAfter = res.headers['retry-after'];
  throw upstreamErrorFrom(res.statusCode, parsed, typeof retryAfter === 'string' ? retryAfter : null);
}
