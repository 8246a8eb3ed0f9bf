import { decryptSecret, encryptSecret } from '@/server/crypto';

/**
 * Small values Studio hands out and must get back unchanged: sealed (AES-256-GCM with the instance
 * secret, so neither readable nor forgeable), marked with what they are for and when they expire.
 */
export function seal(secret: Buffer, purpose: string, value: Record<string, unknown>, ttlS: number, nowMs: number) {
  const sealed = encryptSecret(JSON.stringify({ p: purpose, x: Math.floor(nowMs / 1000) + ttlS, v: value }), secret);
  return sealed.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The value sealed for this purpose, or null when it is forged, for something else, or expired. */
export function unseal<T>(secret: Buffer, purpose: string, sealed: string, nowMs: number): T | null {
  if (!/^[A-Za-z0-9_-]{40,4000}$/.test(sealed)) return null;
  try {
    const raw = JSON.parse(decryptSecret(sealed.replaceAll('-', '+').replaceAll('_', '/'), secret)) as {
      p?: unknown;
      x?: unknown;
      v?: unknown;
    };
    if (raw.p !== purpose || typeof raw.x !== 'number' || raw.x * 1000 <= nowMs) return null;
    return raw.v as T;
  } catch {
    return null;
  }
}
