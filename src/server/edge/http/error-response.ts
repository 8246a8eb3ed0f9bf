import { getTRPCErrorFromUnknown } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { codeForStatus, errorIssues, errorReason, publicMessage } from '@/server/api/trpc';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '@/server/db/unavailable';
import { authFailureError, type AuthFailure } from '@/server/domain/auth/guard';
import { AppError, defaultReason, type FieldIssue } from '@/server/errors';
import { logger } from '@/server/logger';
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
  /** Sent as it is instead of `body` as JSON (a file answer: its Content-Type is in `headers`). */
  text?: string;
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
  const body = {
    ok: false,
    error,
    code,
    reason,
    ...(issues && issues.length > 0 ? { issues } : {}),
    ...(request_id ? { request_id } : {}),
  };
  return { status, headers: { 'cache-control': 'no-store', ...headers }, body };
}

export function toResponse(answer: JsonAnswer): Response {
  if (answer.text !== undefined) return new Response(answer.text, { status: answer.status, headers: answer.headers });
  return Response.json(answer.body, { status: answer.status, headers: answer.headers });
}

/**
 * Anything thrown while answering, as the answer the caller reads: the one mapping of every way in
 * (REST, the streamed endpoints, the job feed, metrics). An `AppError` keeps its status, reason,
 * issues and Retry-After; a tRPC error speaks through its cause; a validation error names its
 * fields; the database unreachable is a 503 with Retry-After; anything else a logged 500 whose
 * text says nothing of the server's inside. `what` names the work in the log.
 */
export function errorAnswerOf(thrown: unknown, what: string): JsonAnswer {
  const cause = isDatabaseUnavailable(thrown)
    ? new AppError('UNAVAILABLE', DATABASE_UNAVAILABLE, { cause: thrown, retryAfter: 2 })
    : thrown;
  const error = getTRPCErrorFromUnknown(cause);
  const known = error.cause instanceof AppError ? error.cause : undefined;
  const status = known ? known.status : getHTTPStatusCodeFromError(error);
  if (status >= 500 && !known) logger.error({ err: error, what }, `${what} failed`);
  const headers: Record<string, string> = known?.retryAfter ? { 'retry-after': String(known.retryAfter) } : {};
  return errorAnswer(
    status,
    publicMessage(error),
    codeForStatus(status),
    headers,
    errorIssues(error),
    errorReason(error),
  );
}

/** `errorAnswerOf` as a `Response`. */
export function errorResponseOf(thrown: unknown, what: string): Response {
  return toResponse(errorAnswerOf(thrown, what));
}

/** The 401 or 403 of a request without a working key or session. */
export function authFailureResponse(failure: AuthFailure | null): Response {
  return errorResponseOf(authFailureError(failure), 'authentication');
}
