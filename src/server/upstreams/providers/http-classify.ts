import { UpstreamError, type ErrorClass } from '@/server/upstreams/types';

/** How an upstream's error answer is classified: by its status and structured error code, never its message text. */

/** Structured error codes that decide the class regardless of the status code. */
const CODE_CLASSES: Record<string, ErrorClass> = {
  insufficient_quota: 'unpaid',
  billing_hard_limit_reached: 'unpaid',
  AccountOverdueError: 'unpaid',
  invalid_api_key: 'invalid_key',
  AuthenticationError: 'invalid_key',
  unsupported_parameter: 'unsupported',
  unsupported_value: 'unsupported',
  model_not_found: 'unsupported',
  rate_limit_exceeded: 'rate_limit',
  RateLimitExceeded: 'rate_limit',
  // The input names itself as invalid: an image that does not decode, or an image address that leads to none.
  invalid_image_file: 'invalid_input',
  invalid_image: 'invalid_input',
  invalid_image_format: 'invalid_input',
  invalid_image_url: 'invalid_input',
  // The provider's moderation refused the content (OpenAI Images `moderation_blocked` with type
  // `image_generation_user_error`, `content_policy_violation`; Azure OpenAI's `content_filter`).
  moderation_blocked: 'refused',
  content_policy_violation: 'refused',
  content_filter: 'refused',
  // Ark: the same, for input text, images, video or audio, and for the output.
  InputTextSensitiveContentDetected: 'refused',
  InputImageSensitiveContentDetected: 'refused',
  InputVideoSensitiveContentDetected: 'refused',
  InputAudioSensitiveContentDetected: 'refused',
  OutputTextSensitiveContentDetected: 'refused',
  OutputImageSensitiveContentDetected: 'refused',
  OutputVideoSensitiveContentDetected: 'refused',
  OutputAudioSensitiveContentDetected: 'refused',
  SensitiveContentDetected: 'refused',
  // Ark's error code page (volcengine.com/docs/82379/1299023): refusals with a detail, and its risk-detection product's.
  'SensitiveContentDetected.SevereViolation': 'refused',
  'SensitiveContentDetected.Violence': 'refused',
  'InputTextSensitiveContentDetected.PolicyViolation': 'refused',
  'InputImageSensitiveContentDetected.PolicyViolation': 'refused',
  'InputVideoSensitiveContentDetected.PolicyViolation': 'refused',
  'InputAudioSensitiveContentDetected.PolicyViolation': 'refused',
  'InputImageSensitiveContentDetected.PrivacyInformation': 'refused',
  'InputVideoSensitiveContentDetected.PrivacyInformation': 'refused',
  'OutputVideoSensitiveContentDetected.PolicyViolation': 'refused',
  'OutputAudioSensitiveContentDetected.PolicyViolation': 'refused',
  InputTextRiskDetection: 'refused',
  InputImageRiskDetection: 'refused',
  OutputTextRiskDetection: 'refused',
  OutputImageRiskDetection: 'refused',
  // Ark: the same classes their status gives, named so a failed task's code (which has no status) reads alike.
  MissingParameter: 'bad_request',
  InvalidParameter: 'bad_request',
  'InvalidEndpointOrModel.NotFound': 'unsupported',
  ModelNotOpen: 'unsupported',
  QuotaExceeded: 'rate_limit',
  SetLimitExceeded: 'rate_limit',
  ServerOverloaded: 'rate_limit',
  RequestBurstTooFast: 'rate_limit',
  InflightBatchsizeExceeded: 'rate_limit',
  AccountRateLimitExceeded: 'rate_limit',
  ModelAccountRpmRateLimitExceeded: 'rate_limit',
  ModelAccountTpmRateLimitExceeded: 'rate_limit',
  'RateLimitExceeded.EndpointRPMExceeded': 'rate_limit',
  'RateLimitExceeded.EndpointTPMExceeded': 'rate_limit',
  InternalServiceError: 'server_error',
  // A 400 that is the provider's own failure: its moderation service failed, or the endpoint is closed for now.
  ContentSecurityDetectionError: 'server_error',
  'InvalidEndpoint.ClosedEndpoint': 'server_error',
};

/** Classes that name the caller's content or input: they only count on a 4xx answer (on a 5xx the upstream itself failed). */
const CALLER_CODES: ReadonlySet<ErrorClass> = new Set(['invalid_input', 'refused']);

interface ErrorBody {
  error?: { code?: unknown; type?: unknown; message?: unknown } | string;
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** Decides an error class from the status and the provider's structured error code (never the message text). */
export function classifyResponse(status: number, body: unknown): ErrorClass {
  const code = errorCodeOf(body) ?? '';
  const byCode = classOfCode(code);
  // A code naming the caller's input only counts on a 4xx answer: on a 5xx the upstream itself failed.
  if (byCode && !(CALLER_CODES.has(byCode) && (status < 400 || status >= 500))) return byCode;
  if (status === 401 || status === 403) return 'invalid_key';
  if (status === 402) return 'unpaid';
  if (status === 429) return 'rate_limit';
  if (status === 408 || status === 504) return 'timeout';
  if (status >= 500) return 'server_error';
  return 'bad_request';
}

/** The provider's structured error code (`error.code`, else `error.type`), verbatim; null when the body has none. */
export function errorCodeOf(body: unknown): string | null {
  const err = (body as ErrorBody | null)?.error;
  if (typeof err !== 'object' || !err) return null;
  if (typeof err.code === 'string' && err.code) return err.code;
  return typeof err.type === 'string' && err.type ? err.type : null;
}

/** The class a provider's error code names by itself (a task's failure code, say); undefined when unknown. */
export function classOfCode(code: string): ErrorClass | undefined {
  if (Object.hasOwn(CODE_CLASSES, code)) return CODE_CLASSES[code];
  // Ark adds a detail to a code's family (`OutputVideoSensitiveContentDetected.PolicyViolation`): read it as the family.
  const family = code.split('.')[0] ?? '';
  return family !== code && Object.hasOwn(CODE_CLASSES, family) ? CODE_CLASSES[family] : undefined;
}

/** The classified error of an upstream's error answer: its status, JSON body (or null) and `Retry-After`. */
export function upstreamErrorFrom(status: number, body: unknown, retryAfter: string | null): UpstreamError {
  const cls = classifyResponse(status, body);
  const err = (body as ErrorBody | null)?.error;
  const message = typeof err === 'object' && err && typeof err.message === 'string' ? err.message : `HTTP ${status}`;
  return new UpstreamError(cls, message, {
    status,
    retryAfterMs: parseRetryAfter(retryAfter),
    code: errorCodeOf(body) ?? undefined,
  });
}
