import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signInThrottles } from '@/server/db/schema';
import {
  admitSignIn,
  pruneSignInThrottles,
  signInSucceeded,
  type Admitted,
  type ThrottleKey,
} from '@/server/domain/auth/sign-in-throttle';
import { suiteDatabase } from '../helpers/suite-db';

const t = suiteDatabase();

const account = (): ThrottleKey => ({ scope: 'account', subject: `${randomBytes(4).toString('hex')}@example.cn` });
const address = (): ThrottleKey => ({
  scope: 'address',
  subject: `192.0.2.${Math.floor(Math.random() * 250)}-${randomBytes(3).toString('hex')}`,
});
const row = async (key: ThrottleKey) =>
  (
    await t.db
      .select()
      .from(signInThrottles)
      .where(eq(signInThrottles.key, `${key.scope}:${key.subject}`))
  )[0];

/** Ends the key's lock now, as if its time had passed. */
const expire = (key: ThrottleKey) =>
  t.db
    .update(signInThrottles)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(signInThrottles.key, `${key.scope}:${key.subject}`));

describe('sign-in throttle', () => {
  it('admits five attempts on an account, locks it for a minute, and doubles the lock with each further failure', async () => {
    const key = account();
    for (let i = 1; i <= 4; i++)
      expect(await admitSignIn(t.db, [key]), `attempt ${i}`).toMatchObject({ ok: true, locks: [] });
    // The fifth is let through, and locks the account should it fail.
    const fifth = await admitSignIn(t.db, [key]);
    expect(fifth).toMatchObject({ ok: true, locks: [{ key, failures: 5 }] });
    expect((fifth as Admitted).locks[0]?.lockedForS).toBeGreaterThanOrEqual(59);
    const refused = await admitSignIn(t.db, [key]);
    expect(refused).toMatchObject({ ok: false, key });
    expect(refused.ok === false && refused.retryAfterS).toBeGreaterThanOrEqual(59);
    // Refusals are not counted.
    expect((await row(key))?.failures).toBe(5);
    await expire(key);
    const sixth = await admitSignIn(t.db, [key]);
    expect((sixth as Admitted).locks[0]?.lockedForS).toBeGreaterThanOrEqual(119);
    expect((sixth as Admitted).locks[0]?.lockedForS).toBeLessThanOrEqual(120);
    for (let i = 0; i < 6; i++) {
      await expire(key);
      await admitSignIn(t.db, [key]);
    }
    // Capped at 15 minutes.
    expect((await admitSignIn(t.db, [key])).ok).toBe(false);
    const held = await row(key);
    const left = ((held?.lockedUntil?.getTime() ?? 0) - Date.now()) / 1000;
    expect(left).toBeGreaterThan(14 * 60);
    expect(left).toBeLessThanOrEqual(15 * 60 + 1);
  });

  it('charges nothing when one key is locked, and lets no more than the allowance through in parallel', async () => {
    const acct = account();
    const addr = address();
    const results = await Promise.all(Array.from({ length: 12 }, () => admitSignIn(t.db, [addr, acct])));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect((await row(acct))?.failures).toBe(5);
    // The address was charged only for the admitted attempts.
    expect((await row(addr))?.failures).toBe(5);
  });

  it('counts one failure when the last one was written by a transaction that began later', async () => {
    const addr = address();
    await admitSignIn(t.db, [addr]);
    await admitSignIn(t.db, [addr]);
    // As a parallel attempt that began after this one would leave it: the last failure just ahead of now().
    await t.db
      .update(signInThrottles)
      .set({ lastFailureAt: sql`now() + interval '50 milliseconds'` })
      .where(eq(signInThrottles.key, `address:${addr.subject}`));
    await admitSignIn(t.db, [addr]);
    expect((await row(addr))?.failures).toBe(3);
  });

  it('clears an account on success, gives an address back only the one attempt, and forgets after a quiet day', async () => {
    const acct = account();
    const addr = address();
    let last: Admitted | undefined;
    for (let i = 0; i < 4; i++) last = (await admitSignIn(t.db, [addr, acct])) as Admitted;
    await signInSucceeded(t.db, last as Admitted);
    expect(await row(acct)).toBeUndefined();
    expect((await row(addr))?.failures).toBe(3);

    await admitSignIn(t.db, [acct]);
    await t.db
      .update(signInThrottles)
      .set({ failures: 40, lastFailureAt: sql`now() - interval '25 hours'`, lockedUntil: null })
      .where(eq(signInThrottles.key, `account:${acct.subject}`));
    expect(await admitSignIn(t.db, [acct])).toMatchObject({ ok: true, locks: [] });
    expect((await row(acct))?.failures).toBe(1);

    await t.db
      .update(signInThrottles)
      .set({ lastFailureAt: sql`now() - interval '25 hours'` })
      .where(eq(signInThrottles.key, `account:${acct.subject}`));
    await pruneSignInThrottles(t.db);
    expect(await row(acct)).toBeUndefined();
    expect(await row(addr)).toBeDefined();
  });

  it('never locks a busy address on a correct sign-in, and a success does not keep its count alive', async () => {
    const addr = address();
    // 30 wrong guesses from one address (an office behind one NAT): the 30th locks it for a minute.
    let last: Admitted | undefined;
    for (let i = 0; i < 30; i++) last = (await admitSignIn(t.db, [addr, account()])) as Admitted;
    expect(last?.locks.map((l) => l.key)).toContainEqual(addr);
    await expire(addr);
    const failedAt = (await row(addr))?.lastFailureAt;
    // After the lock, people sign in correctly, one after another: none is refused, none locks the address.
    for (let i = 0; i < 5; i++) {
      const attempt = await admitSignIn(t.db, [addr, account()]);
      expect(attempt.ok, `sign-in ${i + 1}`).toBe(true);
      await signInSucceeded(t.db, attempt as Admitted);
      const after = await row(addr);
      expect(after?.lockedUntil, `sign-in ${i + 1}`).toBeNull();
      expect(after?.failures).toBe(30);
      // The count is still dated from the last real failure: it is forgotten an hour after it.
      expect(after?.lastFailureAt?.getTime()).toBe(failedAt?.getTime());
    }
    // A wrong guess still locks it again: the spray protection holds.
    const wrong = (await admitSignIn(t.db, [addr, account()])) as Admitted;
    expect(wrong.locks.map((l) => l.key)).toContainEqual(addr);
  });
  it('lets an address count decay: a steady trickle of failures never locks it, a burst still does', async () => {
    const addr = address();
    for (let i = 0; i < 29; i++) await admitSignIn(t.db, [addr, account()]);
    // Ten minutes pass since the 29th failure: five of them (one per 2 minutes) are forgiven.
    await t.db
      .update(signInThrottles)
      .set({ lastFailureAt: sql`now() - interval '10 minutes'` })
      .where(eq(signInThrottles.key, `address:${addr.subject}`));
    const next = (await admitSignIn(t.db, [addr, account()])) as Admitted;
    expect(next.locks.map((l) => l.key)).not.toContainEqual(addr);
    expect((await row(addr))?.failures).toBe(25);
    // Five more at once reach 30 again: locked.
    let last: Admitted | undefined;
    for (let i = 0; i < 5; i++) last = (await admitSignIn(t.db, [addr, account()])) as Admitted;
    expect(last?.locks.map((l) => l.key)).toContainEqual(addr);
  });
});
