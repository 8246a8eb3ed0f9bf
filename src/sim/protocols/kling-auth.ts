import { createHmac, timingSafeEqual } from 'node:crypto';
import { simKlingSecret } from '@/sim/channels-kling';

/**
 * Kling's token check as the simulator makes it: `Authorization: Bearer <JWT>`, HS256 over
 * `header.payload`, signed with the secret key of the access key in `iss`, valid between `nbf` and `exp`.
 * Written with node:crypto on purpose, apart from the `jose` Studio signs with.
 */

export type TokenVerdict =
  | { ok: true; accessKey: string }
  | { ok: false; reason: 'missing' | 'malformed' | 'signature' | 'not_yet_valid' | 'expired' };

function json(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Kling allows a little clock skew on `nbf`; `exp` is kept to the second. */
const NBF_LEEWAY_S = 5;

export function verifyKlingToken(token: string, nowS = Math.floor(Date.now() / 1000)): TokenVerdict {
  if (!token) return { ok: false, reason: 'missing' };
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [h = '', p = '', sig = ''] = parts;
  const header = json(h);
  const payload = json(p);
  if (header?.alg !== 'HS256' || !payload || typeof payload.iss !== 'string') return { ok: false, reason: 'malformed' };
  const expected = createHmac('sha256', simKlingSecret(payload.iss)).update(`${h}.${p}`).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
  if (typeof payload.exp !== 'number' || payload.exp <= nowS) return { ok: false, reason: 'expired' };
  if (typeof payload.nbf === 'number' && payload.nbf > nowS + NBF_LEEWAY_S)
    return { ok: false, reason: 'not_yet_valid' };
  return { ok: true, accessKey: payload.iss };
}

/** The bearer token of a request, or '' when none. */
export function bearerOf(authorization: string | undefined): string {
  return /^Bearer\s+(\S+)$/i.exec((authorization ?? '').trim())?.[1] ?? '';
}
