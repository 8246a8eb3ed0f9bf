import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '@/server/config';
import { consoleUsers, passkeyChallenges, passkeys } from '@/server/db/schema';
import { checkPassword, type SignInOutcome } from '@/server/domain/auth/console-sign-in';
import { OPERATOR } from '@/server/domain/auth/identity';
import {
  checkPasskeySecondFactor,
  checkPasskeySignIn,
  passkeySignInOptions,
  secondFactorPasskeyOptions,
} from '@/server/domain/auth/passkey-sign-in';
import {
  finishPasskeyEnrolment,
  listPasskeys,
  removePasskey,
  startPasskeyEnrolment,
} from '@/server/domain/auth/passkeys';
import { createTenant } from '@/server/domain/tenants/tenants';
import { softAuthenticator, type SoftAuthenticator } from '../helpers/soft-authenticator';
import { suiteDatabase } from '../helpers/suite-db';
import { testConfig } from '../helpers/test-db';

const t = suiteDatabase();
let config: Config;
let n = 0;
const PASSWORD = 'first-password-1';
const ORIGIN = 'https://studio.example.cn';
const site = { origin: ORIGIN, rpId: 'studio.example.cn' };

beforeAll(() => {
  config = { ...testConfig(), passkeys: site };
});

const deps = () => ({ db: t.db, config });
const userRow = async (id: string) => (await t.db.select().from(consoleUsers).where(eq(consoleUsers.id, id)))[0];

async function admin() {
  n += 1;
  const email = `passkey-${n}-${Date.now()}@example.cn`;
  await createTenant({ db: t.db, config }, OPERATOR, {
    name: `通行密钥${n}`,
    credits: 0,
    quota_monthly: 0,
    admin_email: email,
    admin_password: PASSWORD,
  });
  const [user] = await t.db.select().from(consoleUsers).where(eq(consoleUsers.email, email));
  if (!user) throw new Error('no user');
  return { id: user.id, email, address: `198.51.100.${n}` };
}

/** An administrator with one passkey, enrolled from the session `this-tab`. */
async function enrolled(): Promise<Awaited<ReturnType<typeof admin>> & { key: SoftAuthenticator }> {
  const who = await admin();
  const key = softAuthenticator();
  const options = await startPasskeyEnrolment(deps(), who.id);
  const done = await finishPasskeyEnrolment(deps(), {
    userId: who.id,
    name: 'Laptop',
    answer: key.register(options, ORIGIN),
    keepSession: 'this-tab',
  });
  expect(done).toMatchObject({ ok: true });
  return { ...who, key };
}

const ticketOf = (outcome: SignInOutcome): string => {
  if (outcome.ok || outcome.refused !== 'code_required') throw new Error(`no ticket: ${JSON.stringify(outcome)}`);
  return outcome.ticket;
};

async function passwordTicket(who: { email: string; address: string }) {
  return ticketOf(await checkPassword(deps(), { email: who.email, password: PASSWORD, address: who.address }));
}

describe('passkeys: enrolment', () => {
  it('stores the public key of a checked attestation under its name and ends the other sessions', async () => {
    const who = await admin();
    const before = await userRow(who.id);
    const key = softAuthenticator();
    const options = await startPasskeyEnrolment(deps(), who.id);
    expect(options.rp.id).toBe('studio.example.cn');
    expect(options.authenticatorSelection?.residentKey).toBe('required');
    const done = await finishPasskeyEnrolment(deps(), {
      userId: who.id,
      name: '  Work laptop  ',
      answer: key.register(options, ORIGIN),
      keepSession: 'this-tab',
    });
    expect(done).toMatchObject({ ok: true });
    expect((await listPasskeys(t.db, who.id)).map((p) => p.name)).toEqual(['Work laptop']);
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.userId, who.id));
    expect(row?.credentialId).toBe(key.credentialId);
    const after = await userRow(who.id);
    expect(after?.sessionEpoch).toBe((before?.sessionEpoch ?? 0) + 1);
    expect(after?.keptSession).toBe('this-tab');
    // The challenge served once: the same answer again is refused.
    const again = await finishPasskeyEnrolment(deps(), {
      userId: who.id,
      name: 'Copy',
      answer: key.register(options, ORIGIN),
      keepSession: null,
    });
    expect(again).toEqual({ refused: 'invalid' });
  });

  it('refuses an answer made for another site, another user’s challenge, or a challenge never issued', async () => {
    const who = await admin();
    const other = await admin();
    const options = await startPasskeyEnrolment(deps(), who.id);
    const key = softAuthenticator();
    const foreign = await finishPasskeyEnrolment(deps(), {
      userId: who.id,
      name: 'x',
      answer: key.register(options, 'https://evil.example.com'),
      keepSession: null,
    });
    expect(foreign).toEqual({ refused: 'invalid' });
    const fresh = await startPasskeyEnrolment(deps(), who.id);
    const stolen = await finishPasskeyEnrolment(deps(), {
      userId: other.id,
      name: 'x',
      answer: key.register(fresh, ORIGIN),
      keepSession: null,
    });
    expect(stolen).toEqual({ refused: 'invalid' });
    const invented = await finishPasskeyEnrolment(deps(), {
      userId: who.id,
      name: 'x',
      answer: key.register({ ...fresh, challenge: 'bm90LWlzc3VlZA' }, ORIGIN),
      keepSession: null,
    });
    expect(invented).toEqual({ refused: 'invalid' });
    expect(
      await finishPasskeyEnrolment(deps(), { userId: who.id, name: 'x', answer: { junk: 1 }, keepSession: null }),
    ).toEqual({
      refused: 'invalid',
    });
    expect(await listPasskeys(t.db, who.id)).toEqual([]);
  });

  it('refuses a lapsed challenge', async () => {
    const who = await admin();
    const key = softAuthenticator();
    const options = await startPasskeyEnrolment(deps(), who.id);
    await t.db
      .update(passkeyChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passkeyChallenges.challenge, options.challenge));
    const late = await finishPasskeyEnrolment(deps(), {
      userId: who.id,
      name: 'Late',
      answer: key.register(options, ORIGIN),
      keepSession: null,
    });
    expect(late).toEqual({ refused: 'invalid' });
  });
});

describe('passkeys: sign-in', () => {
  it('is asked for after the password, and a signed answer to the ticket’s challenge signs in once', async () => {
    const who = await enrolled();
    const ticket = await passwordTicket(who);
    const options = await secondFactorPasskeyOptions(deps(), ticket);
    if (!options) throw new Error('no options');
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([who.key.credentialId]);
    const answer = who.key.assert(options, ORIGIN);
    const first = await checkPasskeySecondFactor(deps(), { ticket, answer, address: who.address });
    expect(first).toMatchObject({ ok: true, user: { id: who.id, email: who.email } });
    // The same answer again: its challenge is spent.
    const replay = await checkPasskeySecondFactor(deps(), { ticket, answer, address: who.address });
    expect(replay).toMatchObject({ ok: false, refused: 'wrong' });
    expect((await listPasskeys(t.db, who.id))[0]?.lastUsedAt).toBeInstanceOf(Date);
  });

  it('refuses a counter that does not rise (a cloned authenticator) and a passkey of another user', async () => {
    const who = await enrolled();
    const ticket = await passwordTicket(who);
    const first = await secondFactorPasskeyOptions(deps(), ticket);
    if (!first) throw new Error('no options');
    expect(
      await checkPasskeySecondFactor(deps(), {
        ticket,
        answer: who.key.assert(first, ORIGIN, { counter: 5 }),
        address: who.address,
      }),
    ).toMatchObject({ ok: true });
    const second = await secondFactorPasskeyOptions(deps(), ticket);
    if (!second) throw new Error('no options');
    const cloned = who.key.assert(second, ORIGIN, { counter: 5 });
    expect(await checkPasskeySecondFactor(deps(), { ticket, answer: cloned, address: who.address })).toMatchObject({
      ok: false,
      refused: 'wrong',
    });
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.userId, who.id));
    expect(row?.counter).toBe(5);

    const stranger = await enrolled();
    const third = await secondFactorPasskeyOptions(deps(), ticket);
    if (!third) throw new Error('no options');
    const theirs = stranger.key.assert(third, ORIGIN);
    expect(await checkPasskeySecondFactor(deps(), { ticket, answer: theirs, address: who.address })).toMatchObject({
      ok: false,
      refused: 'wrong',
    });
  });

  it('signs in without a password with a discoverable passkey that verified its person', async () => {
    const who = await enrolled();
    const options = await passkeySignInOptions(deps());
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe('required');
    const unverified = who.key.assert(options, ORIGIN, { userVerified: false });
    expect(await checkPasskeySignIn(deps(), { answer: unverified, address: who.address })).toMatchObject({ ok: false });
    const again = await passkeySignInOptions(deps());
    const outcome = await checkPasskeySignIn(deps(), { answer: who.key.assert(again, ORIGIN), address: who.address });
    expect(outcome).toMatchObject({ ok: true, user: { id: who.id, kind: 'tenant_admin' } });
    // A second-step challenge is not one for a sign-in alone, and the other way round.
    const ticket = await passwordTicket(who);
    const stepOptions = await secondFactorPasskeyOptions(deps(), ticket);
    if (!stepOptions) throw new Error('no options');
    expect(
      await checkPasskeySignIn(deps(), { answer: who.key.assert(stepOptions, ORIGIN), address: who.address }),
    ).toMatchObject({ ok: false, refused: 'wrong' });
  });

  it('a removed passkey no longer signs in, and removal needs the password', async () => {
    const who = await enrolled();
    const [key] = await listPasskeys(t.db, who.id);
    if (!key) throw new Error('no passkey');
    const base = { userId: who.id, passkeyId: key.id, address: who.address, keepSession: 'this-tab' };
    expect(await removePasskey(deps(), { ...base, password: 'wrong-password' })).toEqual({ refused: 'wrong_password' });
    expect(await removePasskey(deps(), { ...base, passkeyId: 'not-a-uuid', password: PASSWORD })).toEqual({
      refused: 'not_found',
    });
    expect(await removePasskey(deps(), { ...base, password: PASSWORD })).toEqual({ ok: true });
    expect(await listPasskeys(t.db, who.id)).toEqual([]);
    // Without a passkey (and no authenticator app) the password alone signs in again.
    expect((await checkPassword(deps(), { email: who.email, password: PASSWORD, address: who.address })).ok).toBe(true);
    const options = await passkeySignInOptions(deps());
    expect(
      await checkPasskeySignIn(deps(), { answer: who.key.assert(options, ORIGIN), address: who.address }),
    ).toMatchObject({ ok: false });
  });
});
