import { classifyResponse } from '@/server/upstreams/providers/http';
import type { VideoTaskState, VideoTaskStatus } from '@/server/upstreams/providers/types';
import { UpstreamError, type ErrorClass } from '@/server/upstreams/types';

/**
 * MiniMax's answers (MiniMax API reference, "Video Generation" → query, "File Management" → retrieve, and
 * the error code table): every answer carries `base_resp: {status_code, status_msg}`, `status_code` 0 on
 * success; an error usually comes as HTTP 200 with another code. Classes come from the code, else the
 * HTTP status, never from the message.
 */

export interface BaseResp {
  status_code?: number;
  status_msg?: string;
}

export interface MiniMaxAnswer {
  base_resp?: BaseResp;
}

export interface MiniMaxCreated extends MiniMaxAnswer {
  task_id?: string;
}

export interface MiniMaxQuery extends MiniMaxAnswer {
  task_id?: string;
  status?: string;
  file_id?: string;
  video_width?: number;
  video_height?: number;
}

export interface MiniMaxFile {
  file_id?: number | string;
  bytes?: number;
  /** Unix seconds. */
  created_at?: number;
  filename?: string;
  purpose?: string;
  download_url?: string;
}

export interface MiniMaxRetrieved extends MiniMaxAnswer {
  file?: MiniMaxFile;
}

/** The error code table's codes. */
const CODE_CLASSES: Readonly<Record<number, ErrorClass>> = {
  1000: 'server_error',
  1001: 'timeout',
  1002: 'rate_limit',
  1004: 'invalid_key',
  1008: 'unpaid',
  1013: 'server_error',
  1024: 'server_error',
  // The input (the prompt or a frame) is sensitive content: the caller's, and another channel would refuse it too.
  1026: 'refused',
  // The output was judged sensitive: the caller's prompt led there.
  1027: 'refused',
  1033: 'server_error',
  1039: 'rate_limit',
  1042: 'bad_request',
  2013: 'bad_request',
  2049: 'invalid_key',
};

export function classOfMiniMaxCode(code: number): ErrorClass | undefined {
  return Object.hasOwn(CODE_CLASSES, code) ? CODE_CLASSES[code] : undefined;
}

export const codeOf = (answer: unknown): number | null => {
  const code = (answer as MiniMaxAnswer | null)?.base_resp?.status_code;
  return typeof code === 'number' && Number.isInteger(code) && code !== 0 ? code : null;
};

/** An error answer's class: its `base_resp` code (any status below 500), else the HTTP status. */
export function classifyMiniMax(status: number, body: unknown): ErrorClass {
  const byCode = classOfMiniMaxCode(codeOf(body) ?? 0);
  if (byCode && status < 500) return byCode;
  return classifyResponse(status, null);
}

export function minimaxError(status: number, body: unknown, retryAfterMs?: number): UpstreamError {
  const message = (body as MiniMaxAnswer | null)?.base_resp?.status_msg;
  const code = codeOf(body);
  // A 200 with an unknown non-zero code is still a refusal of the request, not a success.
  const errorClass =
    status < 300 && code !== null && !classOfMiniMaxCode(code) ? 'bad_request' : classifyMiniMax(status, body);
  return new UpstreamError(errorClass, typeof message === 'string' && message ? message : `HTTP ${status}`, {
    status,
    retryAfterMs,
    code: code === null ? undefined : String(code),
  });
}

/** A failed task without a code of its own: the provider's failure, and another channel may succeed. */
export const FAILED_TASK_CODE = 'task_failed';

export function minimaxFailureClass(code: string): ErrorClass | undefined {
  if (code === FAILED_TASK_CODE) return 'server_error';
  return /^\d+$/.test(code) ? classOfMiniMaxCode(Number(code)) : undefined;
}

const STATUSES: Readonly<Record<string, VideoTaskStatus>> = {
  Preparing: 'queued',
  Queueing: 'queued',
  Processing: 'running',
  Success: 'succeeded',
  Fail: 'failed',
};

/**
 * A query answer as Studio's state, with the file's download URL once retrieved. A task that succeeded
 * but whose file has no download URL yet reads as running, so the run asks again.
 */
export function minimaxTaskState(query: MiniMaxQuery, id: string, file: MiniMaxFile | null): VideoTaskState {
  const status =
    query.status !== undefined && Object.hasOwn(STATUSES, query.status) ? STATUSES[query.status] : undefined;
  if (!status) throw new UpstreamError('bad_output', 'the upstream task has an unknown status');
  const url = file?.download_url || null;
  const code = codeOf(query);
  return {
    id,
    status: status === 'succeeded' && !url ? 'running' : status,
    videoUrl: status === 'succeeded' ? url : null,
    // MiniMax returns no cover: the video's page shows it without one.
    lastFrameUrl: null,
    error:
      status === 'failed'
        ? { code: code === null ? FAILED_TASK_CODE : String(code), message: query.base_resp?.status_msg ?? '' }
        : null,
    createdAt: typeof file?.created_at === 'number' ? file.created_at : null,
    updatedAt: null,
    // MiniMax reports the frame size, not the length: the stored file's own duration is checked.
    duration: null,
  };
}
