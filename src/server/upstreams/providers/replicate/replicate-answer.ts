import { UpstreamError, type ErrorClass } from '@/server/upstreams/types';
import type { ImageTaskState, VideoTaskState } from '@/server/upstreams/providers/types';

/** A prediction as Replicate answers it (replicate.com/docs/reference/http#predictions.get). */
export interface Prediction {
  id?: unknown;
  model?: unknown;
  version?: unknown;
  status?: unknown;
  output?: unknown;
  error?: unknown;
  created_at?: unknown;
  completed_at?: unknown;
  urls?: { get?: string; cancel?: string; stream?: string };
}

/**
 * Replicate's statuses to Studio's. The HTTP reference lists starting, processing, succeeded, failed and
 * canceled; `aborted` (a prediction stopped before it started) is read as cancelled should it appear.
 */
const STATUS: Record<string, ImageTaskState['status']> = {
  starting: 'queued',
  processing: 'running',
  succeeded: 'succeeded',
  failed: 'failed',
  canceled: 'cancelled',
  aborted: 'cancelled',
};

/** The first file of an image model's output: a URL string, or a list of them. */
function firstFile(output: unknown): string | null {
  const first = Array.isArray(output) ? (output[0] as unknown) : output;
  return typeof first === 'string' && first ? first : null;
}

/** A data URI answer carries the bytes itself (`data:image/png;base64,…`). */
function inline(url: string): { data: Buffer; mime: string | null } | null {
  const m = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(url);
  if (!m) return null;
  const body = m[3] ?? '';
  return {
    data: m[2] ? Buffer.from(body, 'base64') : Buffer.from(decodeURIComponent(body)),
    mime: m[1] || null,
  };
}

/**
 * A prediction as an image task. A failed prediction's `error` is free text with no structured code
 * (the HTTP reference documents it as a string; content refusals such as "flagged as sensitive (E005)"
 * are only in that text), so a failed prediction is a `server_error`: routing moves to the next channel
 * and the text is kept as the attempt's message. Studio never classifies by message text.
 */
export function taskStateFrom(p: Prediction): ImageTaskState {
  const id = typeof p.id === 'string' ? p.id : '';
  const status = typeof p.status === 'string' ? STATUS[p.status] : undefined;
  if (!id || !status)
    throw new UpstreamError('bad_output', 'the upstream answered a prediction without id or known status');
  const url = status === 'succeeded' ? firstFile(p.output) : null;
  const message = typeof p.error === 'string' ? p.error : status === 'failed' ? 'the prediction failed' : '';
  return {
    id,
    status,
    image: url ? (inline(url) ?? { url }) : null,
    error:
      status === 'failed' || status === 'cancelled'
        ? { code: `prediction_${String(p.status)}`, message, errorClass: 'server_error' }
        : null,
  };
}

const unixSeconds = (v: unknown): number | null => {
  const ms = typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
};

/**
 * A prediction as a video task: the image side's statuses, the output's first URL (a video model answers
 * one URL, or a list) as the video to download. Replicate reports no video seconds (`metrics.predict_time`
 * is compute time), so `duration` stays null and Studio measures the file. A failed prediction's code is
 * `prediction_failed` (free text only), the provider's failure as on the image side.
 */
export function videoStateFrom(p: Prediction): VideoTaskState {
  const image = taskStateFrom(p);
  if (image.status === 'succeeded' && !(image.image && 'url' in image.image))
    throw new UpstreamError('bad_output', 'the upstream prediction succeeded without a video URL');
  return {
    id: image.id,
    status: image.status,
    videoUrl: image.image && 'url' in image.image ? image.image.url : null,
    lastFrameUrl: null,
    error: image.status === 'failed' && image.error ? { code: image.error.code, message: image.error.message } : null,
    createdAt: unixSeconds(p.created_at),
    updatedAt: unixSeconds(p.completed_at),
    duration: null,
  };
}

/** A failed prediction's class: the provider's (its `error` is prose Studio does not read). */
export const predictionFailureClass = (code: string): ErrorClass | undefined =>
  code.startsWith('prediction_') ? 'server_error' : undefined;

/** Replicate's error body: RFC 7807 problem details, with `invalid_fields` on a 422. */
interface Problem {
  title?: unknown;
  detail?: unknown;
  status?: unknown;
  invalid_fields?: unknown;
  retry_after?: unknown;
}

/**
 * The class of an error answer. Replicate's problem details carry no machine code beyond the status
 * (`title` and `detail` are prose), so the status decides: 401/403 invalid key, 402 unpaid ("Insufficient
 * credit"), 429 rate limit, 404 unsupported (no such model or version), 422 and other 4xx bad request
 * (`invalid_fields` names what the schema refused), 408/504 time-out, other 5xx server error.
 */
export function classifyReplicate(status: number): ErrorClass {
  if (status === 401 || status === 403) return 'invalid_key';
  if (status === 402) return 'unpaid';
  if (status === 429) return 'rate_limit';
  if (status === 404) return 'unsupported';
  if (status === 408 || status === 504) return 'timeout';
  if (status >= 500) return 'server_error';
  return 'bad_request';
}

function retryAfterMs(header: string | null, body: Problem | null): number | undefined {
  const raw = header ?? body?.retry_after;
  const seconds = Number(raw);
  return raw !== undefined && raw !== null && raw !== '' && Number.isFinite(seconds)
    ? Math.max(0, seconds * 1000)
    : undefined;
}

/** An error answer as an UpstreamError: the class from the status, the code `http_<status>` (or the invalid field types). */
export function replicateError(status: number, body: unknown, retryAfter: string | null): UpstreamError {
  const p = (typeof body === 'object' && body !== null ? body : null) as Problem | null;
  const detail = typeof p?.detail === 'string' ? p.detail : typeof p?.title === 'string' ? p.title : `HTTP ${status}`;
  const fields = Array.isArray(p?.invalid_fields) ? (p.invalid_fields as { type?: unknown }[]) : [];
  const types = fields.map((f) => (typeof f.type === 'string' ? f.type : '')).filter(Boolean);
  return new UpstreamError(classifyReplicate(status), detail, {
    status,
    retryAfterMs: retryAfterMs(retryAfter, p),
    code: types.length > 0 ? types.join(',') : `http_${status}`,
  });
}
