/**
 * The one error type of the domain. Each code maps to one HTTP status in the API layer;
 * `message` is written for the caller and is safe to show.
 */
export const errorStatus = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  /** Work that has a deadline of its own (a synchronous image-to-template) did not finish in time. */
  GATEWAY_TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/**
 * The finer, machine-readable reason of an error (`reason` in every error body, beside the coarser
 * `code`): stable for programs, and the key the console translates a refusal by.
 */
export const errorReasons = [
  'validation',
  'bad_request',
  'capability_unsupported',
  'content_refused',
  'unauthorized',
  'forbidden',
  'tenant_only',
  'insufficient_credits',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'file_type_unsupported',
  'rate_limited',
  'internal',
  'upstream_failed',
  'unavailable',
  'timeout',
] as const;

export type ErrorReason = (typeof errorReasons)[number];

const reasonOfCode: Record<ErrorCode, ErrorReason> = {
  BAD_REQUEST: 'bad_request',
  UNAUTHORIZED: 'unauthorized',
  PAYMENT_REQUIRED: 'insufficient_credits',
  FORBIDDEN: 'forbidden',
  NOT_FOUND: 'not_found',
  METHOD_NOT_ALLOWED: 'method_not_allowed',
  CONFLICT: 'conflict',
  PAYLOAD_TOO_LARGE: 'payload_too_large',
  UNSUPPORTED_MEDIA_TYPE: 'unsupported_media_type',
  TOO_MANY_REQUESTS: 'rate_limited',
  INTERNAL: 'internal',
  UNAVAILABLE: 'upstream_failed',
  GATEWAY_TIMEOUT: 'timeout',
};

/** The reason an error of `code` has when nothing finer was said; a 400 naming fields is `validation`. */
export function defaultReason(code: string, hasIssues = false): ErrorReason {
  if (code === 'BAD_REQUEST' && hasIssues) return 'validation';
  return code in reasonOfCode ? reasonOfCode[code as ErrorCode] : 'bad_request';
}

/** One refused field: where it is in the request body and what is wrong with it. */
export interface FieldIssue {
  path: (string | number)[];
  message: string;
}

export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  /** Seconds to wait before retrying (429, 503). */
  readonly retryAfter: number | undefined;
  /** The fields at fault, so a form can show each message beside its field. */
  readonly issues: FieldIssue[] | undefined;
  readonly reason: ErrorReason;

  constructor(
    code: ErrorCode,
    message: string,
    opts: { cause?: unknown; retryAfter?: number; issues?: FieldIssue[]; reason?: ErrorReason } = {},
  ) {
    super(message, { cause: opts.cause });
    this.code = code;
    this.retryAfter = opts.retryAfter;
    this.issues = opts.issues;
    this.reason = opts.reason ?? defaultReason(code, (opts.issues?.length ?? 0) > 0);
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

/**
 * An error an operation can answer, declared beside the code that raises it: the OpenAPI document
 * lists each operation's statuses from these (src/server/api/openapi-errors.ts), and the API suite
 * fails on an answer whose status is not listed. `meaning` is written for the caller.
 */
export interface DeclaredError {
  code: ErrorCode;
  meaning: string;
}

export const declared = (code: ErrorCode, meaning: string): DeclaredError => ({ code, meaning });

/** The 404 of a look-up by id: `notFoundError('job')`. */
export const notFoundError = (what: string): DeclaredError =>
  declared('NOT_FOUND', `No such ${what}, or it belongs to another tenant`);

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);

/** `a.b[2].c` for a body path, as error texts write it. */
export function pathText(path: readonly (string | number)[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/**
 * A 400 about one field of the body: the text reads `<path>: <message>` as before, and the issue
 * carries the path as data so the console puts the message under that field.
 */
export const fieldError = (path: readonly (string | number)[], message: string) =>
  new AppError('BAD_REQUEST', `${pathText(path)}: ${message}`, { issues: [{ path: [...path], message }] });

/** Member keys on tenant-only endpoints: the text tells the caller that retrying will not help. */
export const tenantOnly = () =>
  new AppError(
    'FORBIDDEN',
    'This endpoint needs the tenant key; a member-account key is not allowed here. Do not retry with this key.',
    { reason: 'tenant_only' },
  );
