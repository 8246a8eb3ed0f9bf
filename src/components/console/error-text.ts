import { errorReasons, type ErrorReason } from '@/server/errors';

/** What went wrong with a call, as the console words it: a reason from the server, or the way there failed. */
export type FailureKind = ErrorReason | 'network' | 'timeout';

/** Every kind of failure the `errorCodes` catalogue namespace must word, besides `generic`. */
export const failureKinds: readonly FailureKind[] = [...errorReasons, 'network', 'timeout'];

const isReason = (value: unknown): value is ErrorReason =>
  typeof value === 'string' && (errorReasons as readonly string[]).includes(value);

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  cause?: unknown;
  /** A tRPC error's data (src/server/api/trpc.ts). */
  data?: { reason?: unknown; code?: unknown } | null;
  /** A REST error body (`{ok: false, error, code, reason}`). */
  reason?: unknown;
}

const asObject = (value: unknown): ErrorLike | null => (typeof value === 'object' && value !== null ? value : null);

/** The timeout the console's requests carry (src/trpc/links.ts) ran out. */
export function isTimeout(error: unknown): boolean {
  for (let e = asObject(error), depth = 0; e && depth < 4; e = asObject(e.cause), depth++) {
    if (e.name === 'TimeoutError') return true;
  }
  return false;
}

/**
 * Studio could not be reached: the fetch itself failed (offline, DNS, connection refused) or the
 * answer was no tRPC answer at all (a proxy's error page). A tRPC error from Studio has `data`.
 */
export function isNetworkFailure(error: unknown): boolean {
  const e = asObject(error);
  if (!e) return false;
  if (isTimeout(error)) return false;
  if (e.name === 'TypeError' && typeof e.message === 'string' && /fetch|network|load failed/i.test(e.message))
    return true;
  if (e.name === 'TRPCClientError' && !e.data) return true;
  return false;
}

/** A call the server refused because no one is signed in (any more). */
export function isUnauthorized(error: unknown): boolean {
  const data = asObject(error)?.data;
  return data?.code === 'UNAUTHORIZED' || data?.reason === 'unauthorized';
}

/** The kind of a failed call, or null when it is not one the console knows (then it says `generic`). */
export function failureKind(error: unknown): FailureKind | null {
  if (isTimeout(error)) return 'timeout';
  if (isNetworkFailure(error)) return 'network';
  const e = asObject(error);
  const reason = e?.data?.reason ?? e?.reason;
  return isReason(reason) ? reason : null;
}

/** A failure that trying again may fix: Studio was not reached, too slow, or briefly overloaded. */
export function isRetryable(error: unknown): boolean {
  const kind = failureKind(error);
  return (
    kind === 'network' ||
    kind === 'timeout' ||
    kind === 'upstream_failed' ||
    kind === 'unavailable' ||
    kind === 'internal'
  );
}

/**
 * Reasons whose server text carries details worth keeping (the field, the amounts, the limit): an
 * English page shows that text, written for the caller in English; other languages say the reason.
 */
const DETAILED: ReadonlySet<FailureKind> = new Set<FailureKind>([
  'validation',
  'bad_request',
  'conflict',
  'insufficient_credits',
  'capability_unsupported',
  'content_refused',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
]);

/**
 * Which words to show for a failed call: the catalogue's message for its kind, or (on an English page,
 * for a reason with details) the server's own text. `generic` when the kind is unknown.
 */
export function errorWording(error: unknown, locale: string): { key: FailureKind | 'generic' } | { text: string } {
  const kind = failureKind(error);
  if (!kind) return { key: 'generic' };
  const e = asObject(error);
  // A tRPC error's text is its `message`; a REST error body's is `error`.
  const message = typeof e?.message === 'string' ? e.message : (e as { error?: unknown } | null)?.error;
  if (locale === 'en' && DETAILED.has(kind) && typeof message === 'string' && message.length > 0)
    return { text: message };
  return { key: kind };
}
