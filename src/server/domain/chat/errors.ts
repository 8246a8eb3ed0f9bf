import { AppError, errorStatus, type ErrorCode, type FieldIssue } from '@/server/errors';
import { logger } from '@/server/logger';
import { currentRequestId } from '@/server/request-id';

/**
 * Chat answers errors in one of two dialects:
 * - `openai` (`/api/chat/completions`, `/api/models`): OpenAI's error object
 *   `{error: {message, type, param, code}}`, so the official SDKs raise their typed errors;
 * - `studio` (`/api/chat`): Studio's `{ok: false, error, code, issues?}`.
 * The status is the same in both (docs/api.md → Chat → Errors).
 */
export type ChatDialect = 'openai' | 'studio';

/** OpenAI's `type` and a stable `code` for each of Studio's error codes. */
const OPENAI_KIND: Partial<Record<ErrorCode, { type: string; code: string }>> = {
  BAD_REQUEST: { type: 'invalid_request_error', code: 'invalid_request' },
  UNAUTHORIZED: { type: 'invalid_request_error', code: 'invalid_api_key' },
  PAYMENT_REQUIRED: { type: 'insufficient_quota', code: 'insufficient_credits' },
  FORBIDDEN: { type: 'permission_error', code: 'permission_denied' },
  NOT_FOUND: { type: 'invalid_request_error', code: 'not_found' },
  METHOD_NOT_ALLOWED: { type: 'invalid_request_error', code: 'method_not_allowed' },
  PAYLOAD_TOO_LARGE: { type: 'invalid_request_error', code: 'request_too_large' },
  UNSUPPORTED_MEDIA_TYPE: { type: 'invalid_request_error', code: 'unsupported_media_type' },
  TOO_MANY_REQUESTS: { type: 'requests', code: 'rate_limit_exceeded' },
  UNAVAILABLE: { type: 'server_error', code: 'upstream_unavailable' },
};

export interface ErrorAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

function paramOf(issues: readonly FieldIssue[] | undefined): string | null {
  const path = issues?.[0]?.path;
  if (!path || path.length === 0) return null;
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/** The answer to an error in the dialect; anything that is not an AppError is logged and answered 500. */
export function chatErrorAnswer(err: unknown, dialect: ChatDialect): ErrorAnswer {
  let e: AppError;
  if (err instanceof AppError) e = err;
  else {
    logger.error({ err }, 'chat request failed');
    e = new AppError('INTERNAL', 'Internal error; it has been logged');
  }
  const status = errorStatus[e.code];
  const headers: Record<string, string> = { 'content-type': 'application/json', 'cache-control': 'no-store' };
  if (e.retryAfter !== undefined) headers['retry-after'] = String(e.retryAfter);
  const requestId = currentRequestId();
  const tail = requestId ? { request_id: requestId } : {};
  if (dialect === 'studio') {
    const body = {
      ok: false,
      error: e.message,
      code: e.code,
      reason: e.reason,
      ...(e.issues?.length ? { issues: e.issues } : {}),
      ...tail,
    };
    return { status, body, headers };
  }
  // A moderation refusal carries the code OpenAI-compatible services use for it (Azure OpenAI's `content_filter`).
  const kind =
    e.reason === 'content_refused'
      ? { type: 'invalid_request_error', code: 'content_filter' }
      : (OPENAI_KIND[e.code] ?? { type: 'server_error', code: 'internal_error' });
  return {
    status,
    body: { error: { message: e.message, type: kind.type, param: paramOf(e.issues), code: kind.code }, ...tail },
    headers,
  };
}
