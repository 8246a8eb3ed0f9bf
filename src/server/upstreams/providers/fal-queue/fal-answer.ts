import { UpstreamError, type ErrorClass } from '@/server/upstreams/types';
import type { ImageTaskState } from '@/server/upstreams/providers/types';

/**
 * fal's answers and errors. Model errors (docs.fal.ai/errors) are `{detail: [{loc, msg, type, url,
 * ctx?, input?}]}`, decided by `type`; request errors (docs.fal.ai/documentation/model-apis/request-errors)
 * are `{detail: "<text>", error_type}`, decided by `error_type`; other answers (`{detail: "<text>"}`:
 * a wrong key, a locked account) by their status.
 */

/** Error types fal documents, by the class the engine gives them; any other type: its status decides. */
const FAL_TYPES: Record<string, ErrorClass> = {
  content_policy_violation: 'refused',
  // The caller's reference image cannot be used: another upstream would fail on it too.
  image_too_small: 'invalid_input',
  image_too_large: 'invalid_input',
  image_load_error: 'invalid_input',
  file_download_error: 'invalid_input',
  file_too_large: 'invalid_input',
  face_detection_error: 'invalid_input',
  feature_not_supported: 'unsupported',
  internal_server_error: 'server_error',
  generation_timeout: 'timeout',
  downstream_service_error: 'server_error',
  downstream_service_unavailable: 'server_error',
  request_timeout: 'timeout',
  startup_timeout: 'timeout',
  runner_scheduling_failure: 'server_error',
  runner_connection_timeout: 'server_error',
  runner_disconnected: 'server_error',
  runner_connection_refused: 'server_error',
  runner_connection_error: 'server_error',
  runner_incomplete_response: 'server_error',
  runner_server_error: 'server_error',
  internal_error: 'server_error',
};

/** Classes that blame the caller's content: only on a 4xx answer (or a finished request's error), never a 5xx. */
const CALLER: ReadonlySet<ErrorClass> = new Set(['refused', 'invalid_input']);

/** The machine-readable code of a fal error body: the first typed detail's `type`, else `error_type`. */
export function falErrorCode(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { detail, error_type: errorType } = body as { detail?: unknown; error_type?: unknown };
  if (Array.isArray(detail)) {
    // A refusal anywhere in the list decides: the content is the caller's whatever else is wrong.
    const types = detail.map((d) => (d as { type?: unknown } | null)?.type).filter((t) => typeof t === 'string');
    return types.find((t) => FAL_TYPES[t] === 'refused') ?? types[0] ?? null;
  }
  return typeof errorType === 'string' && errorType ? errorType : null;
}

export function falErrorMessage(body: unknown, status: number): string {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === 'string') return detail;
  const first = Array.isArray(detail) ? (detail[0] as { msg?: unknown } | undefined) : undefined;
  return typeof first?.msg === 'string' ? first.msg : `HTTP ${status}`;
}

/** The error class of a fal error answer: its code, else its status (never its message). */
export function classifyFal(status: number, body: unknown): ErrorClass {
  const code = falErrorCode(body);
  const byCode = code && Object.hasOwn(FAL_TYPES, code) ? FAL_TYPES[code] : undefined;
  if (byCode && !(CALLER.has(byCode) && status >= 500)) return byCode;
  if (status === 401) return 'invalid_key';
  // fal answers a locked account (exhausted balance, an admin lock) with 403; a wrong key is 401.
  if (status === 402 || status === 403) return 'unpaid';
  if (status === 404) return 'unsupported';
  if (status === 429) return 'rate_limit';
  if (status === 408 || status === 504) return 'timeout';
  if (status >= 500) return 'server_error';
  return 'bad_request';
}

/**
 * The class of a failed request's code, as the video side records it: a documented type (the table above),
 * `http_<status>` (an error answer without a type: its status), else one of fal's validation types
 * (`extra_forbidden`, `literal_error`, …), which fal answers with a 422: the request was wrong.
 */
export function falFailureClass(code: string): ErrorClass {
  if (Object.hasOwn(FAL_TYPES, code)) return FAL_TYPES[code] as ErrorClass;
  const status = /^http_(\d{3})$/.exec(code)?.[1];
  return status ? classifyFal(Number(status), null) : 'bad_request';
}

export function falError(status: number, body: unknown, retryAfterMs?: number): UpstreamError {
  return new UpstreamError(classifyFal(status, body), falErrorMessage(body, status), {
    status,
    retryAfterMs,
    code: falErrorCode(body) ?? undefined,
  });
}

/** A submission's answer (the queue API reference: "Submit a request"). */
export interface FalSubmitted {
  request_id: string;
  response_url?: string;
  status_url?: string;
  cancel_url?: string;
  queue_position?: number;
}

/** A status answer: `IN_QUEUE` (with `queue_position`), `IN_PROGRESS`, `COMPLETED` (with `error`/`error_type` when it failed). */
export interface FalStatus {
  status: string;
  queue_position?: number | null;
  response_url?: string;
  error?: string | null;
  error_type?: string | null;
}

/** An image model's output: `{images: [{url, width, height, content_type}], seed, has_nsfw_concepts?}`. */
export interface FalImageOutput {
  images?: { url?: unknown; content_type?: unknown }[];
  has_nsfw_concepts?: unknown;
}

/** The state of a queued or running request; a COMPLETED one is read from its result (`stateOfResult`). */
export function stateOfStatus(id: string, s: FalStatus): ImageTaskState {
  if (s.status === 'IN_QUEUE')
    return { id, status: 'queued', image: null, error: null, queuePosition: s.queue_position ?? null };
  if (s.status === 'IN_PROGRESS') return { id, status: 'running', image: null, error: null, queuePosition: 0 };
  throw new UpstreamError('bad_output', `fal answered an unknown request status '${String(s.status)}'`);
}

const DATA_URI = /^data:([^;,]+)?(;base64)?,(.*)$/s;

/**
 * The state of a completed request from its result. A safety checker that flagged the image (fal answers
 * `has_nsfw_concepts: [true]` and a black image) is the caller's refusal; no image at all is bad output.
 */
export function stateOfResult(id: string, out: FalImageOutput): ImageTaskState {
  const nsfw = Array.isArray(out.has_nsfw_concepts) && out.has_nsfw_concepts[0] === true;
  if (nsfw)
    return {
      id,
      status: 'failed',
      image: null,
      error: { code: 'has_nsfw_concepts', message: 'the safety checker flagged the image', errorClass: 'refused' },
    };
  const first = Array.isArray(out.images) ? out.images[0] : undefined;
  const url = typeof first?.url === 'string' ? first.url : null;
  if (!url) throw new UpstreamError('bad_output', 'fal answered a completed request without an image');
  const inline = DATA_URI.exec(url);
  if (inline) {
    const data = inline[2] ? Buffer.from(inline[3] ?? '', 'base64') : Buffer.from(decodeURIComponent(inline[3] ?? ''));
    return { id, status: 'succeeded', image: { data, mime: inline[1] ?? null }, error: null };
  }
  return { id, status: 'succeeded', image: { url }, error: null };
}

/** A completed request whose result answers an error: failed, classified as the answer would be. */
export function stateOfFailure(id: string, err: UpstreamError): ImageTaskState {
  return {
    id,
    status: 'failed',
    image: null,
    error: { code: err.code ?? `http_${err.status ?? 0}`, message: err.message, errorClass: err.errorClass },
  };
}
