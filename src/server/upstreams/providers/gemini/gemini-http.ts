import { Agent, request, type Dispatcher } from 'undici';
import { UpstreamError, type ErrorClass, type Target } from '@/server/upstreams/types';
import { readBounded } from '@/server/upstreams/providers/http';

/**
 * The Gemini API's wire (ai.google.dev/api): `{base}/v1beta/models/{model}:generateContent` (and
 * `:streamGenerateContent?alt=sse`), the key in `x-goog-api-key`, and Google's error object
 * `{ error: { code, message, status, details } }` classified by `status` and `details[].reason`.
 */

export const GEMINI_API_VERSION = 'v1beta';

const agent = new Agent({ keepAliveTimeout: 30_000, connections: 4_096 });

/** The headers of every call (ai.google.dev/api#authentication). */
export function geminiHeaders(apiKey: string): Record<string, string> {
  return { 'content-type': 'application/json', 'x-goog-api-key': apiKey };
}

/** The path of a model's method, e.g. `/v1beta/models/gemini-2.5-flash:generateContent`. */
export function modelPath(model: string, method: 'generateContent' | 'streamGenerateContent'): string {
  const path = `/${GEMINI_API_VERSION}/models/${encodeURIComponent(model)}:${method}`;
  return method === 'streamGenerateContent' ? `${path}?alt=sse` : path;
}

/** google.rpc.Code names (the `status` field) by the class the engine gives them. */
const STATUS_CLASSES: Record<string, ErrorClass> = {
  INVALID_ARGUMENT: 'bad_request',
  OUT_OF_RANGE: 'bad_request',
  // Gemini's troubleshooting page: the free tier is not offered in the caller's region; billing must be enabled.
  FAILED_PRECONDITION: 'unpaid',
  UNAUTHENTICATED: 'invalid_key',
  PERMISSION_DENIED: 'invalid_key',
  NOT_FOUND: 'unsupported',
  UNIMPLEMENTED: 'unsupported',
  RESOURCE_EXHAUSTED: 'rate_limit',
  ABORTED: 'server_error',
  INTERNAL: 'server_error',
  UNKNOWN: 'server_error',
  UNAVAILABLE: 'server_error',
  DEADLINE_EXCEEDED: 'timeout',
};

/** The class of a google.rpc.Code name (an error answer's `status`, a finished operation's `error.status`). */
export function classOfGoogleStatus(status: string): ErrorClass | undefined {
  return Object.hasOwn(STATUS_CLASSES, status) ? STATUS_CLASSES[status] : undefined;
}

/** google.rpc.ErrorInfo reasons that decide the class whatever the status says. */
const REASON_CLASSES: Record<string, ErrorClass> = {
  API_KEY_INVALID: 'invalid_key',
  API_KEY_EXPIRED: 'invalid_key',
  API_KEY_SERVICE_BLOCKED: 'invalid_key',
  SERVICE_DISABLED: 'invalid_key',
  CONSUMER_SUSPENDED: 'invalid_key',
  BILLING_DISABLED: 'unpaid',
  RATE_LIMIT_EXCEEDED: 'rate_limit',
};

interface GoogleError {
  code?: unknown;
  message?: unknown;
  status?: unknown;
  details?: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function errorOf(body: unknown): GoogleError | null {
  // Streamed and batched answers may wrap the error in a one-element list.
  const one: unknown = Array.isArray(body) ? (body as unknown[])[0] : body;
  return isRecord(one) && isRecord(one.error) ? one.error : null;
}

function detailsOf(err: GoogleError | null): Record<string, unknown>[] {
  return Array.isArray(err?.details) ? err.details.filter(isRecord) : [];
}

/** The ErrorInfo `reason` of an error answer, or null. */
export function googleReason(body: unknown): string | null {
  const info = detailsOf(errorOf(body)).find((d) => typeof d.reason === 'string');
  return typeof info?.reason === 'string' ? info.reason : null;
}

/** The `status` (google.rpc.Code name) of an error answer, or null. */
export function googleStatus(body: unknown): string | null {
  const status = errorOf(body)?.status;
  return typeof status === 'string' && status ? status : null;
}

/** RetryInfo's `retryDelay` (a Duration in JSON: `"3s"`, `"0.5s"`) in milliseconds. */
export function retryDelayMs(body: unknown): number | undefined {
  for (const d of detailsOf(errorOf(body))) {
    if (typeof d['@type'] !== 'string' || !d['@type'].endsWith('google.rpc.RetryInfo')) continue;
    const m = typeof d.retryDelay === 'string' ? /^(\d+(?:\.\d+)?)s$/.exec(d.retryDelay) : null;
    if (m) return Math.round(Number(m[1]) * 1000);
  }
  return undefined;
}

/** The class of a Gemini error answer: its reason, else its status, else the HTTP status (never the message). */
export function classifyGemini(httpStatus: number, body: unknown): ErrorClass {
  const reason = googleReason(body);
  if (reason && Object.hasOwn(REASON_CLASSES, reason)) return REASON_CLASSES[reason] as ErrorClass;
  const byStatus = classOfGoogleStatus(googleStatus(body) ?? '');
  if (byStatus) return byStatus;
  if (httpStatus === 401 || httpStatus === 403) return 'invalid_key';
  if (httpStatus === 404) return 'unsupported';
  if (httpStatus === 429) return 'rate_limit';
  if (httpStatus === 408 || httpStatus === 504) return 'timeout';
  if (httpStatus >= 500) return 'server_error';
  return 'bad_request';
}

export function geminiError(httpStatus: number, body: unknown, retryAfterHeader?: string): UpstreamError {
  const err = errorOf(body);
  const message = typeof err?.message === 'string' ? err.message : `HTTP ${httpStatus}`;
  const header = Number(retryAfterHeader);
  return new UpstreamError(classifyGemini(httpStatus, body), message, {
    status: httpStatus,
    retryAfterMs: retryDelayMs(body) ?? (Number.isFinite(header) && retryAfterHeader ? header * 1000 : undefined),
    code: googleReason(body) ?? googleStatus(body) ?? undefined,
  });
}

/** One call to the Gemini API; a non-2xx answer is thrown classified. */
export async function geminiCall(
  target: Target,
  method: 'GET' | 'POST',
  path: string,
  body: string | undefined,
  signal: AbortSignal,
  dispatcher: Dispatcher = agent,
): Promise<Dispatcher.ResponseData['body']> {
  let res: Dispatcher.ResponseData;
  try {
    res = await request(`${target.baseUrl.replace(/\/+$/, '')}${path}`, {
      method,
      headers: geminiHeaders(target.apiKey),
      body,
      signal,
      dispatcher,
    });
  } catch (err) {
    if (signal.aborted) throw new UpstreamError('timeout', 'the upstream did not answer in time', { cause: err });
    throw new UpstreamError('network', 'the upstream could not be reached', { cause: err });
  }
  if (res.statusCode >= 200 && res.statusCode < 300) return res.body;
  let parsed: unknown = null;
  try {
    parsed = JSON.parse((await readBounded(res.body, 64 * 1024, signal)).toString('utf8'));
  } catch {
    // Not JSON: the status alone classifies it.
  }
  const retryAfter = res.headers['retry-after'];
  throw geminiError(res.statusCode, parsed, typeof retryAfter === 'string' ? retryAfter : undefined);
}

/** `GET /v1beta/models?pageSize=1`: authenticated and free. */
export async function probeGemini(target: Target, signal: AbortSignal): Promise<void> {
  const body = await geminiCall(target, 'GET', `/${GEMINI_API_VERSION}/models?pageSize=1`, undefined, signal);
  await body.dump();
}
