import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const KEY_PREFIX = 'sk-studio-';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new API key: the prefix and 40 base62 characters (about 238 bits). */
export function generateApiKey(): string {
  const bytes = randomBytes(40);
  let out = '';
  // 62 * 4 = 248 < 256: rejecting bytes >= 248 keeps every character equally likely.
  for (let i = 0; out.length < 40; i++) {
    const b = i < bytes.length ? (bytes[i] as number) : (randomBytes(1)[0] as number);
    if (b < 248) out += ALPHABET[b % 62];
  }
  return KEY_PREFIX + out;
}

export function digestKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function looksLikeKey(value: string): boolean {
  return value.startsWith(KEY_PREFIX) && value.length > KEY_PREFIX.length && value.length <= 200;
}

export function sameDigest(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
