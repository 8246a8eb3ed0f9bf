import { defaultReason, type FieldIssue } from '../domain/errors';

/**
 * The one error body of the REST surface: `code` is the class of the status, `reason` the finer cause
 * (docs/api.md → Errors); `issues` (the refused fields) only on validation errors. A code already
 * written in lower case (`invalid_credentials`) is its own reason.
 */
export function errorResponse(
  status: number,
  error: string,
  code: string,
  headers: Record<string, string> = {},
  issues?: readonly FieldIssue[],
  reason: string = /^[a-z_]+$/.test(code) ? code : defaultReason(code, (issues?.length ?? 0) > 0),
): Response {
  const body = issues && issues.length > 0 ? { ok: false, error, code, reason, issues } : { ok: false, error, code, reason };
  return Response.json(body, { status, headers: { 'cache-control': 'no-store', ...headers } });
}
