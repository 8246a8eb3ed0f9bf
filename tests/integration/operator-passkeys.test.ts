import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCaller } from '@/server/api/root';
import type { Context } from '@/server/api/trpc';
import type { Config } from '@/server/config';
import { consoleUsers } from '@/server/db/schema';
import { checkPassword, type SignInOutcome } from '@/server/domain/auth/console-sign-in';
import { OPERATOR } from '@/server/domain/auth/identity';
import {
  checkOperatorPasskey,
  checkOperatorPassword,
  operatorOfSession,
  type OperatorSignInOutcome,
} from '@/server/domain/auth/operator-sign-in';
import { checkPasskeySecondFactor, secondFactorPasskeyOptions } from '@/server/domain/auth/passkey-sign-in';
import {
  finishPasskeyEnrolment,
  listPasskeys,
  removePasskey,
  startPasskeyEnrolment,
} from '@/server/domain/auth/passkeys';
import { confirmEnrolment, startEnrolment } from '@/server/domain/auth/two-factor';
import { createTenant } from '@/server/domain/tenants/tenants';
import { LocalFileStore } from '@/server/storage/store';
import { softAuthenticator, type SoftAuthenticator } from '../helpers/soft-authenticator';
import { suiteDatabase } from '../helpers/suite-db';
import { testConfig } from '../helpers/test-db';

/** An operator's passkey: the second step of `/operator/login`, kept apart from the console's, and never the last factor removed. */
const t = suiteDatabase();
let config: Config;
let n = 0;
const PASSWORD = 'operator-password-1';
const ORIGIN = 'https://studio.example.cn';

beforeAll(() => {
  config = { ...testConfig(), passkeys: { origin: ORIGIN, rpId: 'studio.example.cn' } };
});

const deps = () => ({ db: t.db, config });
const byKey = () =>
  createCaller({
    db: t.db,
    config,
    files: new LocalFileStore(config.dataDir, 'http://studio.test'),
    identity: { kind: 'admin', via: 'key' },
    authFailure: null,
    headers: new Headers(),
  } satisfies Context);

const fresh = (what: string) => {
  n += 1;
  return { email: `${what}-${n}-${Date.now()}@studio.test`, address: `203.0.113.${n}` };
};

/** Adds a passkey (from another session: this one stays signed in). */
async function addPasskey(userId: string, name: string): Promise<SoftAuthenticator> {
  const key = softAuthenticator();
  const options = await startPasskeyEnrolment(deps(), userId);
  const done = await finishPasskeyEnrolment(deps(), {
    userId,
    name,
    answer: key.register(options, ORIGIN),
    keepSession: 'this-tab',
  });
  expect(done).toMatchObject({ ok: true });
  return key;
}

/** An operator account whose only second factor is a passkey. */
async function passkeyOperator() {
  const { email, address } = fresh('ops');
  const { operator } = await byKey().admin.operatorCreate({ email, password: PASSWORD });
  const key = await addPasskey(operator.id, 'Laptop');
  return { id: operator.id, email, address, key };
}

/** A tenant administrator with a passkey. */
async function consoleAdmin() {
  const { email, address } = fresh('admin');
  await createTenant({ db: t.db, config }, OPERATOR, {
    name: `租户${n}`,
    credits: 0,
    quota_monthly: 0,
    admin_email: email,
    admin_password: PASSWORD,
  });
  const [user] = await t.db.select().from(consoleUsers).where(eq(consoleUsers.email, email));
  if (!user) throw new Error('no user');
  return { id: user.id, email, address, key: await addPasskey(user.id, 'Phone') };
}

const ticketOf = (outcome: SignInOutcome | OperatorSignInOutcome): string => {
  if (outcome.ok || outcome.refused !== 'code_required') throw new Error(`no ticket: ${JSON.stringify(outcome)}`);
  return outcome.ticket;
};

const operatorTicket = async (who: { email: string; address: string }) =>
  ticketOf(await checkOperatorPassword(deps(), { email: who.email, password: PASSWORD, address: who.address }));

/** The passkey's answer to the second step's challenge of this ticket. */
async function answerFor(ticket: string, key: SoftAuthenticator) {
  const options = await secondFactorPasskeyOptions(deps(), ticket);
  if (!options) throw new Error('no options');
  return key.assert(options, ORIGIN);
}

describe('operator passkeys: the second step', () => {
  it('lets an operator in with password and passkey, enrolled, once per challenge', async () => {
    const op = await passkeyOperator();
    const ticket = await operatorTicket(op);
    const answer = await answerFor(ticket, op.key);
    const outcome = await checkOperatorPasskey(deps(), { ticket, answer, address: op.address });
    expect(outcome).toEqual({
      ok: true,
      operator: { id: op.id, email: op.email, sessionEpoch: expect.any(Number), enrolled: true },
    });
    if (!outcome.ok) throw new Error('refused');
    const session = { userId: op.id, epoch: outcome.operator.sessionEpoch, sessionId: 'passkey-tab' };
    expect(await operatorOfSession(t.db, session)).toMatchObject({ id: op.id, enrolled: true });
    expect(await checkOperatorPasskey(deps(), { ticket, answer, address: op.address })).toMatchObject({
      ok: false,
      refused: 'wrong',
    });
    // Another operator's passkey does not answer for this one.
    const other = await passkeyOperator();
    const theirs = await answerFor(ticket, other.key);
    expect(await checkOperatorPasskey(deps(), { ticket, answer: theirs, address: op.address })).toMatchObject({
      ok: false,
      refused: 'wrong',
    });
  });

  it('refuses a console user on the operator step, and an operator on the console step', async () => {
    const admin = await consoleAdmin();
    const consoleTicket = ticketOf(
      await checkPassword(deps(), { email: admin.email, password: PASSWORD, address: admin.address }),
    );
    const adminAnswer = await answerFor(consoleTicket, admin.key);
    expect(
      await checkOperatorPasskey(deps(), { ticket: consoleTicket, answer: adminAnswer, address: admin.address }),
    ).toEqual({ ok: false, refused: 'expired' });
    // The console's own step still lets the administrator in with the same answer.
    expect(
      await checkPasskeySecondFactor(deps(), { ticket: consoleTicket, answer: adminAnswer, address: admin.address }),
    ).toMatchObject({ ok: true, user: { id: admin.id, kind: 'tenant_admin' } });

    const op = await passkeyOperator();
    // The console's password step does not know operator accounts at all.
    expect(await checkPassword(deps(), { email: op.email, password: PASSWORD, address: op.address })).toMatchObject({
      ok: false,
      refused: 'wrong',
    });
    const ticket = await operatorTicket(op);
    const answer = await answerFor(ticket, op.key);
    expect(await checkPasskeySecondFactor(deps(), { ticket, answer, address: op.address })).toEqual({
      ok: false,
      refused: 'expired',
    });
  });

  it('refuses a disabled operator', async () => {
    const op = await passkeyOperator();
    const ticket = await operatorTicket(op);
    const answer = await answerFor(ticket, op.key);
    await t.db.update(consoleUsers).set({ disabledAt: new Date() }).where(eq(consoleUsers.id, op.id));
    expect(await checkOperatorPasskey(deps(), { ticket, answer, address: op.address })).toEqual({
      ok: false,
      refused: 'expired',
    });
  });

  it('an operator without a second factor gets the enrolment-only session; a passkey enrols', async () => {
    const { email, address } = fresh('ops');
    const { operator } = await byKey().admin.operatorCreate({ email, password: PASSWORD });
    const first = await checkOperatorPassword(deps(), { email, password: PASSWORD, address });
    expect(first).toMatchObject({ ok: true, operator: { enrolled: false } });
    await addPasskey(operator.id, 'Laptop');
    const [row] = await t.db.select().from(consoleUsers).where(eq(consoleUsers.id, operator.id));
    const session = { userId: operator.id, epoch: row?.sessionEpoch ?? 0, sessionId: 'this-tab' };
    expect(await operatorOfSession(t.db, session)).toMatchObject({ enrolled: true });
    // The Operators page counts the passkey as the operator's second factor.
    const { operators } = await byKey().admin.operatorList({});
    expect(operators.find((o) => o.id === operator.id)).toMatchObject({ two_factor: true });
  });
});

describe('operator passkeys: the last second factor stays', () => {
  const remove = (who: { id: string; address: string }, passkeyId: string) =>
    removePasskey(deps(), {
      userId: who.id,
      passkeyId,
      password: PASSWORD,
      address: who.address,
      keepSession: 'this-tab',
      secondFactorRequired: true,
    });

  it('refuses to remove an operator’s only passkey, and removes one of two', async () => {
    const op = await passkeyOperator();
    const [only] = await listPasskeys(t.db, op.id);
    if (!only) throw new Error('no passkey');
    expect(await remove(op, only.id)).toEqual({ refused: 'last_factor' });
    expect(await listPasskeys(t.db, op.id)).toHaveLength(1);
    await addPasskey(op.id, 'Security key');
    expect(await remove(op, only.id)).toEqual({ ok: true });
    expect((await listPasskeys(t.db, op.id)).map((p) => p.name)).toEqual(['Security key']);
  });

  it('removes the only passkey of an operator whose authenticator app is on', async () => {
    const op = await passkeyOperator();
    const { secret } = await startEnrolment(deps(), op.id);
    const confirmed = await confirmEnrolment(deps(), {
      userId: op.id,
      code: generateSync({ secret }),
      keepSession: null,
    });
    expect(confirmed).toMatchObject({ ok: true });
    const [only] = await listPasskeys(t.db, op.id);
    if (!only) throw new Error('no passkey');
    expect(await remove(op, only.id)).toEqual({ ok: true });
  });
});
