import { classifyResponse } from '@/server/upstreams/providers/http';
import type { ImageTaskState } from '@/server/upstreams/providers/types';
import { UpstreamError, type ErrorClass } from '@/server/upstreams/types';

/**
 * DashScope's answers: task states and the error body `{request_id, code, message}` (Model Studio
 * "Error codes" page). Classes come from the code, else the HTTP status, never the message.
 */

export interface DashScopeTaskAnswer {
  request_id?: string;
  output?: {
    task_id?: string;
    task_status?: string;
    results?: { url?: string; code?: string; message?: string }[];
    code?: string;
    message?: string;
  };
  usage?: { image_count?: number };
}

const CODE_CLASSES: Record<string, ErrorClass> = {
  InvalidApiKey: 'invalid_key',
  Arrearage: 'unpaid',
  // The account may not call this model or this way (`AccessDenied.Unpurchased`, synchronous calls): the key is valid.
  AccessDenied: 'unsupported',
  'Model.AccessDenied': 'unsupported',
  ModelNotFound: 'unsupported',
  UnsupportedOperation: 'unsupported',
  Throttling: 'rate_limit',
  // Moderation refused the input or the output; IP infringement is the same kind of refusal.
  DataInspectionFailed: 'refused',
  data_inspection_failed: 'refused',
  IPInfringementSuspect: 'refused',
  InvalidParameter: 'bad_request',
  BadRequest: 'bad_request',
  InvalidURL: 'bad_request',
  InternalError: 'server_error',
  ServiceUnavailable: 'server_error',
};

const CALLER: ReadonlySet<ErrorClass> = new Set(['refused', 'invalid_input']);

/** The class a DashScope code names (`Throttling.RateQuota` reads as its family `Throttling`); undefined if unknown. */
export function classOfDashScopeCode(code: string): ErrorClass | undefined {
  if (Object.hasOwn(CODE_CLASSES, code)) return CODE_CLASSES[code];
  const family = code.split('.')[0] ?? '';
  return Object.hasOwn(CODE_CLASSES, family) ? CODE_CLASSES[family] : undefined;
}

const codeOf = (body: unknown): string | null => {
  const code = (body as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code ? code : null;
};

/** An error answer's class: its code, unless it names the caller's content on a non-4xx answer; else the status. */
export function classifyDashScope(status: number, body: unknown): ErrorClass {
  const byCode = classOfDashScopeCode(codeOf(body) ?? '');
  if (byCode && !(CALLER.has(byCode) && (status < 400 || status >= 500))) return byCode;
  return classifyResponse(status, null);
}

export function dashScopeError(status: number, body: unknown, retryAfterMs?: number): UpstreamError {
  const message = (body as { message?: unknown } | null)?.message;
  return new UpstreamError(classifyDashScope(status, body), typeof message === 'string' ? message : `HTTP ${status}`, {
    status,
    retryAfterMs,
    code: codeOf(body) ?? undefined,
  });
}

/** A failed task's code as a class: unknown codes are the provider's failure. */
export const taskFailureClass = (code: string): ErrorClass => classOfDashScopeCode(code) ?? 'server_error';

const failed = (id: string, code: string, message: string): ImageTaskState => ({
  id,
  status: 'failed',
  image: null,
  error: { code, message, errorClass: taskFailureClass(code) },
});

/**
 * A task answer as Studio's task state. UNKNOWN (DashScope no longer knows the task: it expired after 24
 * hours, or was lost) is the provider's failure, `server_error`: the image is not coming, and another try may.
 */
export function taskStateOf(answer: DashScopeTaskAnswer, fallbackId: string): ImageTaskState {
  const out = answer.output;
  const id = out?.task_id ?? fallbackId;
  switch (out?.task_status) {
    case 'PENDING':
      return { id, status: 'queued', image: null, error: null };
    case 'RUNNING':
      return { id, status: 'running', image: null, error: null };
    case 'CANCELED':
      return { id, status: 'cancelled', image: null, error: null };
    case 'FAILED':
      return failed(id, out.code ?? 'InternalError', out.message ?? '');
    case 'UNKNOWN':
      return failed(id, 'UNKNOWN', 'the provider no longer knows the task (expired or lost)');
    case 'SUCCEEDED': {
      const results = out.results ?? [];
      const url = results.find((r) => typeof r.url === 'string' && r.url)?.url;
      if (url) return { id, status: 'succeeded', image: { url }, error: null };
      // A succeeded task whose only result failed names that result's code (a moderated output, say).
      const bad = results.find((r) => r.code);
      if (bad?.code) return failed(id, bad.code, bad.message ?? '');
      throw new UpstreamError('bad_output', 'the upstream task succeeded without a result URL');
    }
    default:
      throw new UpstreamError('bad_output', 'the upstream task has an unknown status');
  }
}
