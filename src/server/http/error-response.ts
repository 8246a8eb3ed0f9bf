import type { FieldIssue } from '../domain/errors';

/** The one error body of the REST surface; `issues` (the refused fields) only on validation errors. */
export function errorResponse(
  status: number,
  error: string,
  code: string,
  headers: Record<string, string> = {},
  issues?: readonly FieldIssue[],
): Response {
  const body = issues && issues.length > 0 ? { ok: false, error, code, issues } : { ok: false, error, code };
  return Response.json(body, { status, headers: { 'cache-control': 'no-store', ...headers } });
}
