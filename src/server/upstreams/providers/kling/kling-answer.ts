import { classifyResponse } from '@/server/upstreams/providers/http';
import type { VideoTaskState, VideoTaskStatus } from '@/server/upstreams/providers/types';
import { UpstreamError, type ErrorClass } from '@/server/upstreams/types';

/**
 * Kling's answers ("Kling AI API — Video Generation" and its "Error Code" table): every answer is
 * `{code, message, request_id, data}`, `code` 0 on success. Classes come from `code`, else the HTTP
 * status, never from the message.
 */

export interface KlingVideo {
  id?: string;
  url?: string;
  /** Seconds, as a string ("5.1"). */
  duration?: string;
}

export interface KlingTask {
  task_id?: string;
  task_status?: string;
  task_status_msg?: string;
  task_info?: { external_task_id?: string };
  /** Milliseconds since the epoch. */
  created_at?: number;
  updated_at?: number;
  task_result?: { videos?: KlingVideo[] };
}

export interface KlingAnswer {
  code?: number;
  message?: string;
  request_id?: string;
  data?: KlingTask;
}

/** The error table's codes. */
const CODE_CLASSES: Readonly<Record<number, ErrorClass>> = {
  // Authentication: failed, empty, invalid, not yet valid, expired.
  1000: 'invalid_key',
  1001: 'invalid_key',
  1002: 'invalid_key',
  1003: 'invalid_key',
  1004: 'invalid_key',
  // Account: abnormal, in arrears, resource packs used up or expired.
  1100: 'unpaid',
  1101: 'unpaid',
  1102: 'unpaid',
  // No access to the resource (an API or model the account is not granted): the key itself is valid.
  1103: 'unsupported',
  1200: 'bad_request',
  1201: 'bad_request',
  1202: 'bad_request',
  // The resource (a model) does not exist.
  1203: 'unsupported',
  // A platform policy other than content; another channel may take the request.
  1300: 'bad_request',
  // The content security policy refused the input: the caller's content.
  1301: 'refused',
  1302: 'rate_limit',
  1303: 'rate_limit',
  // The IP allow list of the account refuses Studio's address: this channel's configuration.
  1304: 'invalid_key',
  5000: 'server_error',
  5001: 'server_error',
  5002: 'timeout',
};

const CALLER: ReadonlySet<ErrorClass> = new Set(['refused', 'invalid_input']);

export function classOfKlingCode(code: number): ErrorClass | undefined {
  return Object.hasOwn(CODE_CLASSES, code) ? CODE_CLASSES[code] : undefined;
}

const codeOf = (body: unknown): number | null => {
  const code = (body as { code?: unknown } | null)?.code;
  return typeof code === 'number' && Number.isInteger(code) && code !== 0 ? code : null;
};

/** An error answer's class: its code (a content refusal only on a 4xx), else its HTTP status. */
export function classifyKling(status: number, body: unknown): ErrorClass {
  const byCode = classOfKlingCode(codeOf(body) ?? 0);
  if (byCode && !(CALLER.has(byCode) && (status < 400 || status >= 500))) return byCode;
  return classifyResponse(status, null);
}

export function klingError(status: number, body: unknown, retryAfterMs?: number): UpstreamError {
  const message = (body as { message?: unknown } | null)?.message;
  const code = codeOf(body);
  return new UpstreamError(classifyKling(status, body), typeof message === 'string' ? message : `HTTP ${status}`, {
    status,
    retryAfterMs,
    code: code === null ? undefined : String(code),
  });
}

/**
 * The class of a failed task's code. A failed Kling task carries only `task_status_msg`, no code, so the
 * adapter names it `task_failed`: the provider's failure, and another channel may succeed.
 */
export function klingFailureClass(code: string): ErrorClass | undefined {
  if (code === FAILED_TASK_CODE) return 'server_error';
  return /^\d+$/.test(code) ? classOfKlingCode(Number(code)) : undefined;
}

export const FAILED_TASK_CODE = 'task_failed';

const STATUSES: Readonly<Record<string, VideoTaskStatus>> = {
  submitted: 'queued',
  processing: 'running',
  succeed: 'succeeded',
  failed: 'failed',
};

const seconds = (ms: unknown): number | null =>
  typeof ms === 'number' && Number.isFinite(ms) ? Math.floor(ms / 1000) : null;

/** A task answer as Studio's state, under Studio's handle of the task. */
export function klingTaskState(answer: KlingAnswer, handle: string): VideoTaskState {
  const task = answer.data;
  const status = task?.task_status !== undefined ? STATUSES[task.task_status] : undefined;
  if (!task || !status) throw new UpstreamError('bad_output', 'the upstream task has an unknown status');
  const video = task.task_result?.videos?.find((v) => typeof v.url === 'string' && v.url);
  const duration = Number(video?.duration);
  return {
    id: handle,
    status,
    videoUrl: status === 'succeeded' ? (video?.url ?? null) : null,
    // Kling returns no cover: the video's page shows it without one.
    lastFrameUrl: null,
    error: status === 'failed' ? { code: FAILED_TASK_CODE, message: task.task_status_msg ?? '' } : null,
    createdAt: seconds(task.created_at),
    updatedAt: seconds(task.updated_at),
    duration: video && Number.isFinite(duration) && duration > 0 ? duration : null,
  };
}
