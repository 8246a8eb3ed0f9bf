import { and, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { rowsOf } from '@/server/db/rows';
import { signInThrottles } from '@/server/db/schema';

/**
 * How many failed sign-ins one key allows before it is locked. The lock lasts `lockS`, doubling with
 * every further failure up to `maxLockS`; the count is forgotten `forgetS` after the last failure
 * (and, for an account, at once when it signs in). `maxLockS` stays below `forgetS`, so waiting out
 * the locks never resets the count.
 */
export interface ThrottleRule {
  free: number;
  lockS: number;
  maxLockS: number;
  forgetS: number;
}

const MINUTE = 60;
const HOUR = 3600;

export const SIGN_IN_RULES = {
  /** One email, whoever tries it: guessing one account's password. */
  account: { free: 5, lockS: MINUTE, maxLockS: 15 * MINUTE, forgetS: 24 * HOUR },
  /** One client address, whatever email it tries: spraying many accounts. Offices share addresses, hence more. */
  address: { free: 30, lockS: MINUTE, maxLockS: 15 * MINUTE, forgetS: HOUR },
  /** One client address on the operator sign-in (super-administrator key). */
  operator: { free: 10, lockS: MINUTE, maxLockS: 15 * MINUTE, forgetS: 24 * HOUR },
} as const satisfies Record<string, ThrottleRule>;

export type ThrottleScope = keyof typeof SIGN_IN_RULES;

/** One counter an attempt is charged to. */
export interface ThrottleKey {
  scope: ThrottleScope;
  /** The email (lower-cased) or the client address. */
  subject: string;
}

const keyText = (k: ThrottleKey) => `${k.scope}:${k.subject}`;

/** An attempt let through: what it was charged, and which of its keys it locked (should it fail). */
export interface Admitted {
  ok: true;
  keys: ThrottleKey[];
  locks: { key: ThrottleKey; failures: number; lockedForS: number }[];
}

/** An attempt refused because a key is locked: nothing was charged. */
export interface Refused {
  ok: false;
  key: ThrottleKey;
  retryAfterS: number;
}

class Locked extends Error {
  constructor(readonly refusal: Refused) {
    super('locked');
  }
}

/** The lock (in seconds from now) of the n-th failure, or null when within the allowance. */
function lockSql(n: ReturnType<typeof sql>, rule: ThrottleRule) {
  return sql`case when ${n} >= ${rule.free}
    then now() + least(${rule.maxLockS}::float8, ${rule.lockS}::float8 * power(2::float8, (${n} - ${rule.free})::float8)) * interval '1 second'
    else null end`;
}

/** Counts one attempt against `key` unless it is locked; answers the lock's remaining seconds when it is. */
async function charge(
  tx: Db,
  key: ThrottleKey,
): Promise<{ failures: number; lockedForS: number } | { retryAfterS: number }> {
  const rule: ThrottleRule = SIGN_IN_RULES[key.scope];
  const id = keyText(key);
  const next = sql`(case when sign_in_throttles.last_failure_at < now() - ${rule.forgetS}::float8 * interval '1 second'
    then 1 else sign_in_throttles.failures + 1 end)`;
  const [row] = rowsOf<{ failures: number; locked_for: number | null }>(
    await tx.execute(sql`
      insert into sign_in_throttles (key, failures, last_failure_at, locked_until) values (${id}, 1, now(), ${lockSql(sql`1`, rule)})
      on conflict (key) do update
        set failures = ${next}, last_failure_at = now(), locked_until = ${lockSql(next, rule)}
        where sign_in_throttles.locked_until is null or sign_in_throttles.locked_until <= now()
      returning failures, extract(epoch from (locked_until - now()))::float8 as locked_for`),
  );
  if (row) return { failures: Number(row.failures), lockedForS: Math.max(0, Math.ceil(Number(row.locked_for ?? 0))) };
  const [held] = rowsOf<{ wait: number }>(
    await tx.execute(
      sql`select extract(epoch from (locked_until - now()))::float8 as wait from sign_in_throttles where key = ${id}`,
    ),
  );
  return { retryAfterS: Math.max(1, Math.ceil(Number(held?.wait ?? 1))) };
}

/**
 * Admits one sign-in attempt, charging it to every key at once, or refuses it when any key is
 * locked (then nothing is charged). The attempt counts as a failure until `signInSucceeded` says
 * otherwise, so parallel guesses cannot slip past the allowance. Answers the same for an email
 * that exists and one that does not.
 */
export async function admitSignIn(db: Db, keys: ThrottleKey[]): Promise<Admitted | Refused> {
  try {
    return await db.transaction(async (tx) => {
      const locks: Admitted['locks'] = [];
      for (const key of keys) {
        const charged = await charge(tx, key);
        if ('retryAfterS' in charged) throw new Locked({ ok: false, key, retryAfterS: charged.retryAfterS });
        if (charged.lockedForS > 0) locks.push({ key, failures: charged.failures, lockedForS: charged.lockedForS });
      }
      return { ok: true as const, keys, locks };
    });
  } catch (err) {
    if (err instanceof Locked) return err.refusal;
    throw err;
  }
}

/**
 * A successful sign-in: the account's count is cleared; an address's is only given back this one
 * attempt (another account signing in from it must not wipe a spray's failures).
 */
export async function signInSucceeded(db: Db, admitted: Admitted): Promise<void> {
  for (const key of admitted.keys) {
    const id = keyText(key);
    if (key.scope === 'account') {
      await db.execute(sql`delete from sign_in_throttles where key = ${id}`);
      continue;
    }
    const rule: ThrottleRule = SIGN_IN_RULES[key.scope];
    await db.execute(sql`
      update sign_in_throttles
         set failures = greatest(failures - 1, 0),
             locked_until = case when failures - 1 >= ${rule.free} then locked_until else null end
       where key = ${id}`);
  }
}

/** Drops the counts nobody has added to for a day and that hold no lock (a recurring task). */
export async function pruneSignInThrottles(db: Db): Promise<void> {
  const forgetS = Math.max(...Object.values(SIGN_IN_RULES).map((r) => r.forgetS));
  await db
    .delete(signInThrottles)
    .where(
      and(
        lt(signInThrottles.lastFailureAt, sql`now() - ${forgetS}::float8 * interval '1 second'`),
        or(isNull(signInThrottles.lockedUntil), lt(signInThrottles.lockedUntil, sql`now()`)),
      ),
    );
}
