/**
 * Whether an error means the database cannot be reached right now (refused, reset or timed-out
 * connections, a server shutting down or starting up), as opposed to a fault in the request or in
 * Studio. Callers answer those with 503 and Retry-After: the request did not happen and can be sent
 * again (with its Idempotency-Key, where it has one).
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // The postgres driver's own.
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);
/**
 * SQLSTATE class 08 (connection exception: 08000–08006 and 08P01, which PgBouncer sends when it cannot
 * reach the server, e.g. `server login has been failing, try again later (server_login_retry)`) and
 * 57P (operator intervention: shutdown, starting up).
 */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[1-4])$/;

export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 6 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const DATABASE_UNAVAILABLE =
  'Studio cannot reach its database at the moment; nothing was done, retry in a few seconds';
