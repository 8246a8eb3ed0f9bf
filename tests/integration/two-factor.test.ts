import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '@/server/config';
import { decryptSecret } from '@/server/crypto';
import { consoleUsers, recoveryCodes, signInThrottles } from '@/server/db/schema';
import { checkPassword, checkSecondFactor, type SignInOutcome } from '@/server/domain/auth/console-sign-in';
import { OPERATOR } from '@/server/domain/auth/identity';
import { confirmEnrolment, removeTwoFactor, startEnrolment, twoFactorStatus } from '@/server/domain/auth/two-factor';
import { createTenant } from '@/server/domain/tenants/tenants';
import { AppError } from '@/server/errors';
import { suiteDatabase } from '../helpers/suite-db';
import { testConfig } from '../helpers/test-db';

const t = suiteDatabase();
let config: Config;
let n = 0;
const PASSWORD = 'first-password-1';
// A fixed clock, moved on by hand: codes of one step, of the next, and of long after.
const T0 = Date.UTC(2026, 2, 1, 4, 0, 5);
const STEP_MS = 30_000;

beforeAll(() => {
  config = testConfig();
});

/** A tenant administrator with a console login and a client address of its own (so throttles do not mix). */
async function admin() {
  n += 1;
  const email = `owner-${n}-${Date.now()}@example.cn`;
  await createTenant({ db: t.db, config }, OPERATOR, {
    name: `租户${n}`,
    credits: 0,
    quota_monthly: 0,
    admin_email: email,
    admin_password: PASSWORD,
  });
  const [user] = await t.db.select().from(consoleUsers).where(eq(consoleUsers.email, email));
  if (!user) throw new Error('no user');
  return { id: user.id, email, address: `203.0.113.${n}` };
}

const userRow = async (id: string) => (await t.db.select().from(consoleUsers).where(eq(consoleUsers.id, id)))[0];
const codeAt = (secret: string, ms: number) => generateSync({ secret, epoch: Math.floor(ms / 1000) });
const deps = () => ({ db: t.db, config });

/** An administrator with two-step verification on (confirmed at T0), their secret and recovery codes. */
async function enrolled() {
  const who = await admin();
  const { secret } = await startEnrolment(deps(), who.id);
  const confirmed = await confirmEnrolment(deps(), {
    userId: who.id,
    code: codeAt(secret, T0),
    keepSession: 'this-tab',
    nowMs: T0,
  });
  if (!('ok' in confirmed)) throw new Error(`not confirmed: ${confirmed.refused}`);
  return { ...who, secret, codes: confirmed.recoveryCodes };
}

const ticketOf = (outcome: SignInOutcome): string => {
  if (outcome.ok || outcome.refused !== 'code_required') throw new Error(`no ticket: ${JSON.stringify(outcome)}`);
  return outcome.ticket;
};

describe('two-step verification: enrolment', () => {
  it('keeps the secret encrypted, switches on only after a current code, and shows ten recovery codes once', async () => {
    const who = await admin();
    const before = await userRow(who.id);
    const { secret, uri } = await startEnrolment(deps(), who.id);
    expect(uri).toContain(`secret=${secret}`);
    const pending = await userRow(who.id);
    expect(pending?.totpSecretCiphertext).not.toContain(secret);
    expect(decryptSecret(pending?.totpSecretCiphertext ?? '', config.secret)).toBe(secret);
    expect((await twoFactorStatus(deps(), who.id)).enabled).toBe(false);
    // Not on yet: the password alone still signs in.
    expect((await checkPassword(deps(), { email: who.email, password: PASSWORD, address: who.address })).ok).toBe(true);

    const wrong = await confirmEnrolment(deps(), { userId: who.id, code: '000000', keepSession: null, nowMs: T0 });
    expect(wrong).toEqual({ refused: 'wrong_code' });
    const old = await confirmEnrolment(deps(), {
      userId: who.id,
      code: codeAt(secret, T0 - 3 * STEP_MS),
      keepSession: null,
      nowMs: T0,
    });
    expect(old).toEqual({ refused: 'wrong_code' });

    const confirmed = await confirmEnrolment(deps(), {
      userId: who.id,
      code: codeAt(secret, T0),
      keepSession: 'this-tab',
      nowMs: T0,
    });
    if (!('ok' in confirmed)) throw new Error('not confirmed');
    expect(confirmed.recoveryCodes).toHaveLength(10);
    const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, who.id));
    expect(stored).toHaveLength(10);
    for (const code of confirmed.recoveryCodes) {
      expect(stored.some((r) => r.digest.includes(code.replace('-', '')))).toBe(false);
    }
    // Every other session ends (the epoch rises); the one that switched it on stays.
    const after = await userRow(who.id);
    expect(after?.sessionEpoch).toBe((before?.sessionEpoch ?? 0) + 1);
    expect(after?.keptSession).toBe('this-tab');
    expect(await twoFactorStatus(deps(), who.id)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    await expect(startEnrolment(deps(), who.id)).rejects.toBeInstanceOf(AppError);
  });

  it('refuses to confirm before a secret was made', async () => {
    const who = await admin();
    expect(await confirmEnrolment(deps(), { userId: who.id, code: '123456', keepSession: null })).toEqual({
      refused: 'not_started',
    });
  });
});

describe('two-step verification: sign-in', () => {
  it('asks for a code after a correct password, opens no session without it, and accepts a current code once', async () => {
    const who = await enrolled();
    const wrongPassword = await checkPassword(deps(), {
      email: who.email,
      password: 'nope-nope',
      address: who.address,
    });
    expect(wrongPassword).toMatchObject({ ok: false, refused: 'wrong' });
    const first = await checkPassword(deps(), {
      email: who.email,
      password: PASSWORD,
      address: who.address,
      nowMs: T0,
    });
    const ticket = ticketOf(first);

    const wrong = await checkSecondFactor(deps(), { ticket, code: '000000', address: who.address, nowMs: T0 });
    expect(wrong).toMatchObject({ ok: false, refused: 'wrong' });
    // The code the enrolment used (step T0) is spent: a code works once.
    const replayOfEnrolment = await checkSecondFactor(deps(), {
      ticket,
      code: codeAt(who.secret, T0),
      address: who.address,
      nowMs: T0,
    });
    expect(replayOfEnrolment).toMatchObject({ ok: false, refused: 'wrong' });

    const at = T0 + STEP_MS;
    const code = codeAt(who.secret, at);
    const signed = await checkSecondFactor(deps(), { ticket, code, address: who.address, nowMs: at });
    expect(signed).toMatchObject({ ok: true, user: { id: who.id, email: who.email } });

    // The same code again, within its window, from a fresh password step: refused as a replay.
    const again = ticketOf(
      await checkPassword(deps(), { email: who.email, password: PASSWORD, address: who.address, nowMs: at }),
    );
    const replay = await checkSecondFactor(deps(), { ticket: again, code, address: who.address, nowMs: at + 5_000 });
    expect(replay).toMatchObject({ ok: false, refused: 'wrong' });
    // The next step's code works.
    const next = await checkSecondFactor(deps(), {
      ticket: again,
      code: codeAt(who.secret, at + STEP_MS),
      address: who.address,
      nowMs: at + STEP_MS,
    });
    expect(next.ok).toBe(true);
  });

  it('lets one of two simultaneous sign-ins with the same code through, never both', async () => {
    const who = await enrolled();
    const at = T0 + STEP_MS;
    const tickets = await Promise.all(
      [0, 1].map(async () =>
        ticketOf(
          await checkPassword(deps(), { email: who.email, password: PASSWORD, address: who.address, nowMs: at }),
        ),
      ),
    );
    const code = codeAt(who.secret, at);
    const recovery = who.codes[0] ?? '';
    const outcomes = await Promise.all([
      ...tickets.map((ticket) => checkSecondFactor(deps(), { ticket, code, address: who.address, nowMs: at })),
      ...tickets.map((ticket) =>
        checkSecondFactor(deps(), { ticket, code: recovery, address: who.address, nowMs: at }),
      ),
    ]);
    expect(outcomes.slice(0, 2).filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.slice(2).filter((o) => o.ok)).toHaveLength(1);
  });

  it('accepts each recovery code once', async () => {
    const who = await enrolled();
    const [code = '', other = ''] = who.codes;
    const ticket = ticketOf(
      await checkPassword(deps(), { email: who.email, password: PASSWORD, address: who.address, nowMs: T0 }),
    );
    const used = await checkSecondFactor(deps(), { ticket, code: code.toLowerCase(), address: who.address, nowMs: T0 });
    expect(used.ok).toBe(true);
    const twice = await checkSecondFactor(deps(), { ticket, code, address: who.address, nowMs: T0 });
    expect(twice).toMatchObject({ ok: false, refused: 'wrong' });
    expect((await checkSecondFactor(deps(), { ticket, code: other, address: who.address, nowMs: T0 })).ok).toBe(true);
    expect(await twoFactorStatus(deps(), who.id)).toMatchObject({ recoveryCodesLeft: 8 });
  });

  it('refuses a forged, expired or outdated ticket', async () => {
    const who = await enrolled();
    const ticket = ticketOf(
      await checkPassword(deps(), { email: who.email, password: PASSWORD, address: who.address, nowMs: T0 }),
    );
    const code = codeAt(who.secret, T0 + STEP_MS);
    const forged = ticket.slice(0, -2) + (ticket.endsWith('AA') ? 'BB' : 'AA');
    expect(
      await checkSecondFactor(deps(), { ticket: forged, code, address: who.address, nowMs: T0 + STEP_MS }),
    ).toEqual({
      ok: false,
      refused: 'expired',
    });
    const late = T0 + 6 * 60_000;
    expect(
      await checkSecondFactor(deps(), { ticket, code: codeAt(who.secret, late), address: who.address, nowMs: late }),
    ).toEqual({ ok: false, refused: 'expired' });
    // A password change (the epoch rises) voids tickets issued before it.
    await t.db.update(consoleUsers).set({ sessionEpoch: 99 }).where(eq(consoleUsers.id, who.id));
    expect(await checkSecondFactor(deps(), { ticket, code, address: who.address, nowMs: T0 + STEP_MS })).toEqual({
      ok: false,
      refused: 'expired',
    });
  });

  it('charges wrong codes to the account like wrong passwords: five, then locked; a correct password does not clear them', async () => {
    const who = await enrolled();
    const ticket = ticketOf(
      await checkPassword(deps(), { email: who.email, password: PASSWORD, address: who.address, nowMs: T0 }),
    );
    for (let i = 0; i < 4; i++) {
      const refused = await checkSecondFactor(deps(), { ticket, code: '000000', address: who.address, nowMs: T0 });
      expect(refused, `code ${i + 1}`).toMatchObject({ refused: 'wrong' });
    }
    // The right password again gives back only its own attempt.
    ticketOf(await checkPassword(deps(), { email: who.email, password: PASSWORD, address: who.address, nowMs: T0 }));
    const fifth = await checkSecondFactor(deps(), { ticket, code: '000000', address: who.address, nowMs: T0 });
    expect(fifth).toMatchObject({ refused: 'wrong', locks: [{ key: { scope: 'account' } }] });
    const locked = await checkSecondFactor(deps(), {
      ticket,
      code: codeAt(who.secret, T0 + STEP_MS),
      address: who.address,
      nowMs: T0 + STEP_MS,
    });
    expect(locked).toMatchObject({ ok: false, refused: 'throttled', scope: 'account' });
    const [row] = await t.db
      .select()
      .from(signInThrottles)
      .where(eq(signInThrottles.key, `account:${who.email.toLowerCase()}`));
    expect(row?.failures).toBe(5);
  });
});

describe('two-step verification: removal', () => {
  it('needs the current password and a code, then signs in with the password alone and ends other sessions', async () => {
    const who = await enrolled();
    const base = { userId: who.id, address: who.address, keepSession: 'settings-tab' };
    const at = T0 + STEP_MS;
    expect(
      await removeTwoFactor(deps(), { ...base, password: 'wrong-one', code: codeAt(who.secret, at), nowMs: at }),
    ).toEqual({
      refused: 'wrong_password',
    });
    expect(await removeTwoFactor(deps(), { ...base, password: PASSWORD, code: '000000', nowMs: at })).toEqual({
      refused: 'wrong_code',
    });
    const epoch = (await userRow(who.id))?.sessionEpoch ?? 0;
    expect(
      await removeTwoFactor(deps(), { ...base, password: PASSWORD, code: codeAt(who.secret, at), nowMs: at }),
    ).toEqual({
      ok: true,
    });
    const after = await userRow(who.id);
    expect(after).toMatchObject({
      totpSecretCiphertext: null,
      twoFactorEnabledAt: null,
      sessionEpoch: epoch + 1,
      keptSession: 'settings-tab',
    });
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, who.id))).toHaveLength(0);
    expect((await checkPassword(deps(), { email: who.email, password: PASSWORD, address: who.address })).ok).toBe(true);
    expect(await removeTwoFactor(deps(), { ...base, password: PASSWORD, code: '123456' })).toEqual({
      refused: 'not_on',
    });
  });

  it('takes a recovery code instead of the authenticator', async () => {
    const who = await enrolled();
    const removed = await removeTwoFactor(deps(), {
      userId: who.id,
      address: who.address,
      keepSession: null,
      password: PASSWORD,
      code: who.codes[3] ?? '',
    });
    expect(removed).toEqual({ ok: true });
  });
});
