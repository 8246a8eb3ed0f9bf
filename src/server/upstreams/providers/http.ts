import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Agent, interceptors, request, type Dispatcher } from 'undici';
import { UpstreamError, type ErrorClass, type Target } from '@/server/upstreams/types';

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
  // The provider's moderation refused the content (OpenAI Images `moderation_blocked` with type
  // `image_generation_user_error`, `content_policy_violation`; Azure OpenAI's `content_filter`).
  moderation_blocked: 'refused',
  content_policy_violation: 'refused',
  content_filter: 'refused',
  // Ark: the same, for input text, images, video or audio, and for the output.
  InputTextSensitiveContentDetected: 'refused',
  InputImageSensitiveContentDetected: 'refused',
  InputVideoSensitiveContentDetected: 'refused',
  InputAudioSensitiveContentDetected: 'refused',
  OutputTextSensitiveContentDetected: 'refused',
  OutputImageSensitiveContentDetected: 'refused',
  OutputVideoSensitiveContentDetected: 'refused',
  OutputAudioSensitiveContentDetected: 'refused',
  SensitiveContentDetected: 'refused',
  // Ark's error code page (volcengine.com/docs/82379/1299023): refusals with a detail, and its risk-detection product's.
  'SensitiveContentDetected.SevereViolation': 'refused',
  'SensitiveContentDetected.Violence': 'refused',
  'InputTextSensitiveContentDetected.PolicyViolation': 'refused',
  'InputImageSensitiveContentDetected.PolicyViolation': 'refused',
  'InputVideoSensitiveContentDetected.PolicyViolation': 'refused',
  'InputAudioSensitiveContentDetected.PolicyViolation': 'refused',
  'InputImageSensitiveContentDetected.PrivacyInformation': 'refused',
  'InputVideoSensitiveContentDetected.PrivacyInformation': 'refused',
  'OutputVideoSensitiveContentDetected.PolicyViolation': 'refused',
  'OutputAudioSensitiveContentDetected.PolicyViolation': 'refused',
  InputTextRiskDetection: 'refused',
  InputImageRiskDetection: 'refused',
  OutputTextRiskDetection: 'refused',
  OutputImageRiskDetection: 'refused',
  // Ark: the same classes their status gives, named so a failed task's code (which has no status) reads alike.
  MissingParameter: 'bad_request',
  InvalidParameter: 'bad_request',
  'InvalidEndpointOrModel.NotFound': 'unsupported',
  ModelNotOpen: 'unsupported',
  QuotaExceeded: 'rate_limit',
  SetLimitExceeded: 'rate_limit',
  ServerOverloaded: 'rate_limit',
  RequestBurstTooFast: 'rate_limit',
  InflightBatchsizeExceeded: 'rate_limit',
  AccountRateLimitExceeded: 'rate_limit',
  ModelAccountRpmRateLimitExceeded: 'rate_limit',
  ModelAccountTpmRateLimitExceeded: 'rate_limit',
  'RateLimitExceeded.EndpointRPMExceeded': 'rate_limit',
  'RateLimitExceeded.EndpointTPMExceeded': 'rate_limit',
  InternalServiceError: 'server_error',
  // A 400 that is the provider's own failure: its moderation service failed, or the endpoint is closed for now.
  ContentSecurityDetectionError: 'server_error',
  'InvalidEndpoint.ClosedEndpoint': 'server_error',
};

/** Classes that name the caller's content or input: they only count on a 4xx answer (on a 5xx the upstream itself failed). */
const CALLER_CODES: ReadonlySet<ErrorClass> = new Set(['invalid_input', 'refused']);

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
  const code = errorCodeOf(body) ?? '';
  const byCode = classOfCode(code);
  // A code naming the caller's input only counts on a 4xx answer: on a 5xx the upstream itself failed.
  if (byCode && !(CALLER_CODES.has(byCode) && (status < 400 || status >= 500))) return byCode;
  if (status === 401 || status === 403) return 'invalid_key';
  if (status === 402) return 'unpaid';
  if (status === 429) return 'rate_limit';
  if (status === 408 || status === 504) return 'timeout';
  if (status >= 500) return 'server_error';
  return 'bad_request';
}

/** The provider's structured error code (`error.code`, else `error.type`), verbatim; null when the body has none. */
export function errorCodeOf(body: unknown): string | null {
  const err = (body as ErrorBody | null)?.error;
  if (typeof err !== 'object' || !err) return null;
  if (typeof err.code === 'string' && err.code) return err.code;
  return typeof err.type === 'string' && err.type ? err.type : null;
}

/** The class a provider's error code names by itself (a task's failure code, say); undefined when unknown. */
export function classOfCode(code: string): ErrorClass | undefined {
  if (Object.hasOwn(CODE_CLASSES, code)) return CODE_CLASSES[code];
  // Ark adds a detail to a code's family (`OutputVideoSensitiveContentDetected.PolicyViolation`): read it as the family.
  const family = code.split('.')[0] ?? '';
  return family !== code && Object.hasOwn(CODE_CLASSES, family) ? CODE_CLASSES[family] : undefined;
}

function upstreamErrorFrom(status: number, body: unknown, retryAfter: string | null): UpstreamError {
  const cls = classifyResponse(status, body);
  const err = (body as ErrorBody | null)?.error;
  const message = typeof err === 'object' && err && typeof err.message === 'string' ? err.message : `HTTP ${status}`;
  return new UpstreamError(cls, message, {
    status,
    retryAfterMs: parseRetryAfter(retryAfter),
    code: errorCodeOf(body) ?? undefined,
  });
}

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

/** A body read chunk by chunk: undici's answer (a Node stream) or fetch's (a web stream). */
type Body = Readable | ReadableStream<Uint8Array>;

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
