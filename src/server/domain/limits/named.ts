import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import type { Identity } from '@/server/domain/auth/identity';
import type { DeclaredError } from '@/server/errors';
import { consume, giveBack, rateLimitedError, type Limit } from './rate-limit';
import { NAMED_LIMITS, RATE_UNITS, type LimitName, type Rate } from './settings';

/**
 * The named limits (settings.ts) as token buckets: one per tenant, and one per member account, both
 * in `rate_buckets`, so every instance shares them. The operator is never limited.
 */

export type { LimitName } from './settings';

/** The buckets a call takes from, tenant first. */
export interface Taken {
  buckets: Limit[];
}

const bucket = (name: LimitName, scope: 'tenant' | 'key', id: string, rate: Rate): Limit => ({
  key: `${name}:${scope === 'tenant' ? 't' : 'k'}:${id}`,
  capacity: rate.count,
  perMs: RATE_UNITS[rate.per],
  per: rate.per,
  label: `"${name}" (per ${scope === 'tenant' ? 'tenant' : 'key'})`,
});

/**
 * The buckets of limit `name` for `who`: the tenant's, and a member's own; none for the operator or
 * an anonymous caller (the endpoints open to them are limited otherwise).
 */
export function bucketsFor(config: Pick<Config, 'rateLimits'>, name: LimitName, who: Identity | null): Limit[] {
  if (who === null || who.kind === 'admin') return [];
  const rates = config.rateLimits[name];
  const out: Limit[] = [];
  if (rates.tenant) out.push(bucket(name, 'tenant', who.tenantId, rates.tenant));
  if (who.kind === 'member' && rates.key) out.push(bucket(name, 'key', who.accountId, rates.key));
  return out;
}

/** The 429 of limit `name`, declared by each operation that counts against it (its meta's `limit`). */
export const namedLimitError = (name: LimitName): DeclaredError =>
  rateLimitedError(`"${name}" (${NAMED_LIMITS[name].what}, per tenant and per member key)`);

/**
 * Takes one token of limit `name` from each of `who`'s buckets, all or none (one transaction): a
 * bucket that is empty throws 429 with Retry-After and the limit's name.
 */
export async function takeLimit(
  deps: { db: Db; config: Pick<Config, 'rateLimits'> },
  name: LimitName,
  who: Identity | null,
): Promise<Taken> {
  const buckets = bucketsFor(deps.config, name, who);
  if (buckets.length === 0) return { buckets };
  const what = NAMED_LIMITS[name].what;
  await deps.db.transaction(async (tx) => {
    for (const limit of buckets) await consume(tx, limit, 1, what);
  });
  return { buckets };
}

/** Gives back what `takeLimit` took, for a request that turned out not to count. */
export async function giveBackLimit(db: Db, taken: Taken): Promise<void> {
  for (const limit of taken.buckets) await giveBack(db, limit, 1);
}
