import { createHash } from 'node:crypto';
import { SignJWT } from 'jose';
import { KLING_KEY, KLING_KEY_TEXT } from '@/contracts/upstreams';
import { UpstreamError } from '@/server/upstreams/types';

/**
 * Kling's authentication ("Kling AI API — General Information", API authentication): every call carries
 * `Authorization: Bearer <JWT>`, an HS256 token whose payload is `{iss: <access key>, exp: now + 1800,
 * nbf: now - 5}`, signed with the secret key. A channel's key is the pair `<access key>:<secret key>`.
 * Tokens are cached per key pair and renewed when less than 5 minutes are left, so a token never expires
 * between its signing and a poll that uses it.
 */

export const TOKEN_LIFETIME_S = 1800;
/** A token with less than this left is renewed. */
export const RENEW_BEFORE_S = 300;
/** `nbf` a little in the past: Kling's clock may lag Studio's. */
const NOT_BEFORE_SKEW_S = 5;

export interface KlingKeyPair {
  accessKey: string;
  secretKey: string;
}

/** The channel key as its two halves; a key without them is the channel's misconfiguration (invalid_key). */
export function keyPairOf(apiKey: string): KlingKeyPair {
  if (!KLING_KEY.test(apiKey)) throw new UpstreamError('invalid_key', KLING_KEY_TEXT, { code: 'key_format' });
  const at = apiKey.indexOf(':');
  return { accessKey: apiKey.slice(0, at), secretKey: apiKey.slice(at + 1) };
}

interface Cached {
  token: string;
  expiresAtS: number;
}

/** By a digest of the key pair, so the cache holds no secret as a map key. */
const cache = new Map<string, Cached>();
const MAX_CACHED = 1000;

const cacheKey = (apiKey: string) => createHash('sha256').update(apiKey).digest('base64url');

/** Signs a fresh token for the key pair at `nowS` (Unix seconds). */
export async function signKlingToken(pair: KlingKeyPair, nowS: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(pair.accessKey)
    .setExpirationTime(nowS + TOKEN_LIFETIME_S)
    .setNotBefore(nowS - NOT_BEFORE_SKEW_S)
    .sign(new TextEncoder().encode(pair.secretKey));
}

/** The bearer token for a channel key: the cached one while more than 5 minutes are left, else a new one. */
export async function klingToken(apiKey: string, nowS = Math.floor(Date.now() / 1000)): Promise<string> {
  const key = cacheKey(apiKey);
  const hit = cache.get(key);
  if (hit && hit.expiresAtS - nowS > RENEW_BEFORE_S) return hit.token;
  const token = await signKlingToken(keyPairOf(apiKey), nowS);
  cache.delete(key);
  cache.set(key, { token, expiresAtS: nowS + TOKEN_LIFETIME_S });
  // Bounded: channels are few, but a key changed many times must not grow the map for good.
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value ?? '');
  return token;
}
