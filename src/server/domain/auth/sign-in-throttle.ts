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
  /**
   * When set, the count also decays: one failure is forgiven for every `decayS` since the last one,
   * so a steady trickle (an office's mistyped passwords) never adds up to a lock; a burst still does.
   */
  decayS?: number;
}

const MINUTE = 60;
const HOUR = 3600;

export const SIGN_IN_RULES = {
  /** One email, whoever tries it: guessing one account's password. */
  account: { free: 5, lockS: MINUTE, maxLockS: 15 * MINUTE, forgetS: 24 * HOUR },
  /**
   * One client address, whatever email it tries: spraying many accounts. Offices share addresses, hence
   * more, and a count that decays by one every 2 minutes: 30 failures an hour never lock an address.
   */
  address: { free: 30, lockS: MINUTE, maxLockS: 15 * MINUTE, forgetS: HOUR, decayS: 2 * MINUTE },
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
  /** What this attempt wrote to each key, so a success can take back exactly that (`signInSucceeded`). */
  marks: ChargeMark[];
}

/** The failure time and lock one charge wrote, and the failure time it replaced (database text, exact). */
interface ChargeMark {
  key: ThrottleKey;
  at: string;
  lock: string | null;
  previousAt: string | null;
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
): Promise<{ failures: number; lockedForS: number; mark: ChargeMark } | { retryAfterS: number }> {
  const rule: ThrottleRule = SIGN_IN_RULES[key.scope];
  const id = keyText(key);
  // now() is when this transaction began, which can be before a failure written by one that began later:
  // a negative elapsed time forgives nothing (it must not add a failure either).
  const kept = rule.decayS
    ? sql`greatest(0, sign_in_throttles.failures
        - floor(greatest(0, extract(epoch from (now() - sign_in_throttles.last_failure_at))) / ${rule.decayS}::float8)::int)`
    : sql`sign_in_throttles.failures`;
  const next = sql`(case when sign_in_throttles.last_failure_at < now() - ${rule.forgetS}::float8 * interval '1 second'
    then 1 else ${kept} + 1 end)`;
  const [row] = rowsOf<{
    failures: number;
    locked_for: number | null;
    at: string;
    lock: string | null;
    previous_at: string | null;
  }>(
    await tx.execute(sql`
      with old as (select last_failure_at from sign_in_throttles where key = ${id})
      insert into sign_in_throttles (key, failures, last_failure_at, locked_until) values (${id}, 1, now(), ${lockSql(sql`1`, rule)})
      on conflict (key) do update
        set failures = ${next}, last_failure_at = now(), locked_until = ${lockSql(next, rule)}
        where sign_in_throttles.locked_until is null or sign_in_throttles.locked_until <= now()
      returning failures, extract(epoch from (locked_until - now()))::float8 as locked_for,
        last_failure_at::text as at, locked_until::text as lock, (select last_failure_at::text from old) as previous_at`),
  );
  if (row) {
    return {
      failures: Number(row.failures),
      lockedForS: Math.max(0, Math.ceil(Number(row.locked_for ?? 0))),
      mark: { key, at: row.at, lock: row.lock, previousAt: row.previous_at },
    };
  }
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
      const marks: ChargeMark[] = [];
      for (const key of keys) {
        const charged = await charge(tx, key);
        if ('retryAfterS' in charged) throw new Locked({ ok: false, key, retryAfterS: charged.retryAfterS });
        if (charged.lockedForS > 0) locks.push({ key, failures: charged.failures, lockedForS: charged.lockedForS });
        marks.push(charged.mark);
      }
      return { ok: true as const, keys, locks, marks };
    });
  } catch (err) {
    if (err instanceof Locked) return err.refusal;
    throw err;
  }
}

/**
 * A successful sign-in: the account's count is cleared; an address's is only given back this one
 * attempt (another account signing in from it must not wipe a spray's failures). Giving it back takes
 * back exactly what the attempt wrote: the lock it set (a correct sign-in never locks anyone out) and
 * its failure time (a success never keeps a count alive, so the count is forgotten `forgetS` after the
 * last real failure). What a parallel failure wrote meanwhile stays.
 */
export async function signInSucceeded(db: Db, admitted: Admitted): Promise<void> {
  for (const key of admitted.keys) {
    if (key.scope === 'account') await db.execute(sql`delete from sign_in_throttles where key = ${keyText(key)}`);
    else await giveBack(db, admitted, key);
  }
}

/**
 * A correct password that still needs a code: every key is given back this one attempt, the account's
 * too, but no count is cleared (failed codes before it keep counting towards the lock).
 */
export async function signInAttemptReturned(db: Db, admitted: Admitted): Promise<void> {
  for (const key of admitted.keys) await giveBack(db, admitted, key);
}

async function giveBack(db: Db, admitted: Admitted, key: ThrottleKey): Promise<void> {
  const id = keyText(key);
  const mark = admitted.marks.find((m) => m.key === key);
  if (!mark) return;
  await db.execute(sql`
      update sign_in_throttles
         set failures = greatest(failures - 1, 0),
             locked_until = case when locked_until is not distinct from ${mark.lock}::timestamptz then null else locked_until end,
             last_failure_at = case when last_failure_at = ${mark.at}::timestamptz
               then coalesce(${mark.previousAt}::timestamptz, last_failure_at) else last_failure_at end
       where key = ${id}`);
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
