import { defaultReason, type FieldIssue } from '@/server/domain/errors';
import { currentRequestId } from '@/server/request-id';

/**
 * The one error body of the REST surface: `code` is the class of the status, `reason` the finer cause
 * (docs/api.md → Errors); `issues` (the refused fields) only on validation errors; `request_id` the
 * id of the request (also its `X-Request-Id` header). A code already written in lower case
 * (`invalid_credentials`) is its own reason.
 */
export function errorResponse(
  status: number,
  error: string,
  code: string,
  headers: Record<string, string> = {},
  issues?: readonly FieldIssue[],
  reason?: string,
): Response {
  return toResponse(errorAnswer(status, error, code, headers, issues, reason));
}

/** A JSON answer before it is sent: the Node server writes it as is, a route handler as a `Response`. */
export interface JsonAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** The same error as `errorResponse`, not yet a `Response`. */
export function errorAnswer(
  status: number,
  error: string,
  code: string,
  headers: Record<string, string> = {},
  issues?: readonly FieldIssue[],
  reason: string = /^[a-z_]+$/.test(code) ? code : defaultReason(code, (issues?.length ?? 0) > 0),
): JsonAnswer {
  const request_id = currentRequestId();
  const body = { ok: false, error, code, reason, ...(issues && issues.length > 0 ? { issues } : {}), ...(request_id ? { request_id } : {}) };
  return { status, headers: { 'cache-control': 'no-store', ...headers }, body };
}

export function toResponse(answer: JsonAnswer): Response {
  return Response.json(answer.body, { status: answer.status, headers: answer.headers });
}
