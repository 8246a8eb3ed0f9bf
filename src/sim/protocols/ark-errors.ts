import type { FaultHit } from './faults';
import { HttpError } from './http';

/** Ark's error object (`{error: {code, message, param, type}}`), for its video and image APIs, and the faults in it. */

const ARK_TYPES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  413: 'RequestEntityTooLarge',
  429: 'TooManyRequests',
  500: 'InternalServerError',
  502: 'BadGateway',
  503: 'ServiceUnavailable',
  504: 'GatewayTimeout',
};

export function arkError(
  status: number,
  code: string,
  message: string,
  requestId: string,
  param = '',
  headers: Record<string, string> = {},
): HttpError {
  return new HttpError(
    status,
    { error: { code, message: `${message} Request id: ${requestId}`, param, type: ARK_TYPES[status] ?? 'Error' } },
    headers,
  );
}

/** Ark's `InvalidParameter` naming the field. */
export function invalid(requestId: string, param: string, detail: string): HttpError {
  return arkError(
    400,
    'InvalidParameter',
    `The parameter \`${param}\` specified in the request is not valid: ${detail}.`,
    requestId,
    param,
  );
}

export function arkFaultError(hit: FaultHit, requestId: string): HttpError {
  switch (hit.fault) {
    case 'rate_limit':
      return arkError(
        429,
        'RateLimitExceeded',
        'The request has exceeded the rate limit for this model. Please try again later.',
        requestId,
        '',
        {
          'retry-after': String(hit.retryAfterS),
        },
      );
    case 'unpaid':
      return arkError(
        403,
        'AccountOverdueError',
        'The request failed because your account has an overdue balance. Please top up and try again.',
        requestId,
      );
    case 'invalid_key':
      return arkError(401, 'AuthenticationError', 'The API key in the request is missing or invalid.', requestId);
    case 'server_error': {
      const status = hit.status || 500;
      const code =
        status === 503
          ? 'ServiceUnavailable'
          : status === 500
            ? 'InternalServiceError'
            : (ARK_TYPES[status] ?? 'InternalServiceError');
      return arkError(status, code, 'The service encountered an unexpected internal error.', requestId);
    }
    default:
      return arkError(500, 'InternalServiceError', 'The service encountered an unexpected internal error.', requestId);
  }
}
