import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { apiKeys, type KeyPolicy } from '@/server/db/schema';
import type { Identity, KeyGrant } from '@/server/domain/auth/identity';
import { consume, type Limit } from '@/server/domain/limits/rate-limit';
import { AppError } from '@/server/errors';
import { logger } from '@/server/logger';
import { inRanges, parseTrustedProxies } from '@/server/net/trusted-proxies';
import type { KeyKind } from './kinds';

export { KEY_KINDS, KEY_POLICY_ERRORS, type KeyKind } from './kinds';

/** When a key's last use was written by this process: at most once a minute per key, never per request. */
const USE_EVERY_MS = 60_000;
const written = new Map<string, number>();
const pending = new Set<Promise<void>>();

/** Records the key's last use (time, client address), unless this process did so less than a minute ago. */
export function noteKeyUse(db: Db, grant: KeyGrant, address: string, now = Date.now()): void {
  const last = written.get(grant.id);
  if (last !== undefined && now - last < USE_EVERY_MS) return;
  if (written.size >= 50_000) written.clear();
  written.set(grant.id, now);
  const write = db
    .update(apiKeys)
    .set({ lastUsedAt: new Date(now), lastUsedFrom: address.slice(0, 100) })
    .where(eq(apiKeys.id, grant.id))
    .then(
      () => undefined,
      (err: unknown) => logger.warn({ err }, 'last use of a key not recorded'),
    )
    .finally(() => pending.delete(write));
  pending.add(write);
}

/** Waits for the last-use writes under way (tests, and a clean shutdown). */
export async function keyUsesWritten(): Promise<void> {
  await Promise.all([...pending]);
}

/** Forgets which keys' uses were written lately, so the next use is written (tests). */
export function forgetKeyUses(): void {
  written.clear();
}

/** The bucket of a key's `requests_per_minute`, shared by every instance through `rate_buckets`. */
export const keyRateLimit = (grant: KeyGrant, perMinute: number): Limit => ({
  key: `key_rpm:${grant.id}`,
  capacity: perMinute,
  perMs: 60_000,
  per: 'minute',
  label: '"requests_per_minute" (key policy)',
});

/** The refusal of a policy's rule, or null when the request may go on (the rate is taken separately). */
export function policyRefusal(policy: KeyPolicy, kind: KeyKind | null, address: string, now: number): AppError | null {
  if (policy.expires_at !== undefined && Date.parse(policy.expires_at) <= now) {
    return new AppError(
      'UNAUTHORIZED',
      `Key policy "expires_at": this key expired at ${policy.expires_at}; retrying will not help: use another key`,
    );
  }
  if (policy.allowed_ips !== undefined && !inRanges(address, parseTrustedProxies(policy.allowed_ips.join(',')))) {
    return new AppError(
      'FORBIDDEN',
      `Key policy "allowed_ips": this key does not accept requests from ${address}; retrying from the same address will not help`,
    );
  }
  if (kind !== null && policy.kinds !== undefined && !policy.kinds.includes(kind)) {
    return new AppError(
      'FORBIDDEN',
      `Key policy "kinds": this key may start ${policy.kinds.join(', ') || 'no work'}, not ${kind}; retrying will not help`,
    );
  }
  return null;
}

/** What a request that names no model is judged as by a policy's `models`. */
export const NO_MODEL = 'auto';

/**
 * Refuses (403, naming the rule) work for a model the key's policy does not list, before anything is
 * charged or sent upstream: `model` as the request names it (a family, a channel, a video tier; none:
 * `auto`), compared exactly, as routing compares them. Nothing for a key without `models`.
 */
export function admitModel(who: Identity, model: string | null | undefined): void {
  if (who.kind === 'admin') return;
  const allowed = who.key?.policy?.models;
  if (allowed === undefined) return;
  const name = model?.trim() || NO_MODEL;
  if (allowed.includes(name)) return;
  throw new AppError(
    'FORBIDDEN',
    `Key policy "models": this key may use ${allowed.join(', ')}, not ${name}; retrying will not help: name one of those models`,
  );
}

/**
 * Admits a request made with a key under its policy, before anything else is done for it (so a
 * refused request never reaches an upstream and is never charged): expiry (401), client address
 * (403), kind of work (403, when the request starts one) and the key's own rate (429 with
 * Retry-After). Records the key's last use. Console sessions and the operator have no key policy.
 */
export async function admitKey(
  db: Db,
  who: Identity | null,
  request: { kind: KeyKind | null; address: string },
): Promise<void> {
  if (who === null || who.kind === 'admin' || !who.key) return;
  const grant = who.key;
  noteKeyUse(db, grant, request.address);
  const policy = grant.policy;
  if (!policy) return;
  const refusal = policyRefusal(policy, request.kind, request.address, Date.now());
  if (refusal) throw refusal;
  const perMinute = policy.requests_per_minute;
  if (perMinute !== undefined) {
    const limit = keyRateLimit(grant, perMinute);
    await db.transaction((tx) => consume(tx, limit, 1, 'requests'));
  }
}
