import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCaller } from '@/server/api/root';
import type { Context } from '@/server/api/trpc';
import type { Config } from '@/server/config';
import { consoleUsers, mailOutbox, passkeys, recoveryCodes } from '@/server/db/schema';
import { checkPassword } from '@/server/domain/auth/console-sign-in';
import type { AdminIdentity } from '@/server/domain/auth/identity';
import {
  checkOperatorCode,
  checkOperatorPassword,
  operatorOfSession,
  type OperatorSignInOutcome,
} from '@/server/domain/auth/operator-sign-in';
import { confirmEnrolment, startEnrolment } from '@/server/domain/auth/two-factor';
import { operatorAccountsExist } from '@/server/domain/operators/operators';
import { LocalFileStore } from '@/server/storage/store';
import { suiteDatabase } from '../helpers/suite-db';
import { testConfig } from '../helpers/test-db';

/** Operator accounts: made by the key or another operator, signed in with a mandatory second factor, named in the audit log. */
const t = suiteDatabase();
let config: Config;
let n = 0;
const T0 = Date.UTC(2026, 2, 1, 4, 0, 5);
const STEP_MS = 30_000;
const codeAt = (secret: string, ms: number) => generateSync({ secret, epoch: Math.floor(ms / 1000) });
const deps = () => ({ db: t.db, config });

beforeAll(() => {
  config = testConfig();
});

const as = (identity: AdminIdentity) =>
  createCaller({
    db: t.db,
    config,
    files: new LocalFileStore(config.dataDir, 'http://studio.test'),
    identity,
    authFailure: null,
    headers: new Headers(),
  } satisfies Context);
const byKey = () => as({ kind: 'admin', via: 'key' });

const fresh = () => {
  n += 1;
  return { email: `ops-${n}-${Date.now()}@studio.test`, address: `198.51.100.${n}` };
};

/** An operator account with two-step verification on (confirmed at T0) and its secret. */
async function enrolledOperator() {
  const { email, address } = fresh();
  const { operator, password } = await byKey().admin.operatorCreate({ email });
  if (!password) throw new Error('no generated password');
  const { secret } = await startEnrolment(deps(), operator.id);
  const done = await confirmEnrolment(deps(), {
    userId: operator.id,
    code: codeAt(secret, T0),
    keepSession: null,
    nowMs: T0,
  });
  if (!('ok' in done)) throw new Error('not enrolled');
  return { ...operator, password, secret, address, actor: { id: operator.id, email: operator.email } };
}

const ticketOf = (o: OperatorSignInOutcome): string => {
  if (o.ok || o.refused !== 'code_required') throw new Error(`no ticket: ${JSON.stringify(o)}`);
  return o.ticket;
};

describe('operator accounts', () => {
  it('are made with a generated password shown once, listed, and refused a second time for the same e-mail', async () => {
    const { email } = fresh();
    const made = await byKey().admin.operatorCreate({ email: email.toUpperCase() });
    expect(made.operator).toMatchObject({ email, two_factor: false, disabled: false });
    expect(made.password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    const given = await byKey().admin.operatorCreate({ email: `given-${email}`, password: 'chosen-password-1' });
    expect(given.password).toBeNull();
    await expect(byKey().admin.operatorCreate({ email })).rejects.toThrow(/already exists/);
    const { operators } = await byKey().admin.operatorList({});
    expect(operators.map((o) => o.email)).toEqual(expect.arrayContaining([email, `given-${email}`]));
    expect(await operatorAccountsExist(t.db)).toBe(true);
    const { entries } = await byKey().admin.auditList({ audited_action: 'operator-create' });
    expect(JSON.stringify(entries)).not.toContain('chosen-password-1');
  });

  it('sign in with a password to enrolment only, then with a code once: a replayed code is refused', async () => {
    const { email, address } = fresh();
    const { operator, password } = await byKey().admin.operatorCreate({ email });
    // No second factor yet: the password opens a session that is not enrolled (only the enrolment page).
    const first = await checkOperatorPassword(deps(), { email, password: password ?? '', address, nowMs: T0 });
    expect(first).toMatchObject({ ok: true, operator: { id: operator.id, enrolled: false } });
    const epoch = first.ok ? first.operator.sessionEpoch : -1;
    expect(await operatorOfSession(t.db, { userId: operator.id, epoch, sessionId: 'tab-1' })).toMatchObject({
      enrolled: false,
    });
    const { secret } = await startEnrolment(deps(), operator.id);
    await confirmEnrolment(deps(), { userId: operator.id, code: codeAt(secret, T0), keepSession: 'tab-1', nowMs: T0 });
    // The enrolling tab stays signed in, now enrolled; any other session of the old epoch ends.
    expect(await operatorOfSession(t.db, { userId: operator.id, epoch, sessionId: 'tab-1' })).toMatchObject({
      enrolled: true,
    });
    expect(await operatorOfSession(t.db, { userId: operator.id, epoch, sessionId: 'tab-2' })).toBeNull();

    const later = T0 + 2 * STEP_MS;
    const ticket = ticketOf(
      await checkOperatorPassword(deps(), { email, password: password ?? '', address, nowMs: later }),
    );
    const code = codeAt(secret, later);
    const signed = await checkOperatorCode(deps(), { ticket, code, address, nowMs: later });
    expect(signed).toMatchObject({ ok: true, operator: { email, enrolled: true } });
    expect(await checkOperatorCode(deps(), { ticket, code, address, nowMs: later })).toMatchObject({
      ok: false,
      refused: 'wrong',
    });
    // An operator account is no tenant login: the console sign-in refuses it.
    expect(await checkPassword(deps(), { email, password: password ?? '', address })).toMatchObject({
      ok: false,
      refused: 'wrong',
    });
  });

  it('refuses a disabled operator at sign-in and ends its sessions; nobody disables their own account', async () => {
    const op = await enrolledOperator();
    const other = await enrolledOperator();
    const [row] = await t.db.select().from(consoleUsers).where(eq(consoleUsers.id, op.id));
    const session = { userId: op.id, epoch: row?.sessionEpoch ?? 0, sessionId: 's' };
    expect(await operatorOfSession(t.db, session)).not.toBeNull();
    await expect(
      as({ kind: 'admin', via: 'session', operator: op.actor }).admin.operatorDisable({
        operator_id: op.id,
        disabled: true,
      }),
    ).rejects.toThrow(/your own/);
    const { operator } = await as({ kind: 'admin', via: 'session', operator: other.actor }).admin.operatorDisable({
      operator_id: op.id,
      disabled: true,
    });
    expect(operator.disabled).toBe(true);
    expect(await operatorOfSession(t.db, session)).toBeNull();
    const later = T0 + 4 * STEP_MS;
    expect(
      await checkOperatorPassword(deps(), {
        email: op.email,
        password: op.password,
        address: op.address,
        nowMs: later,
      }),
    ).toMatchObject({ ok: false, refused: 'wrong' });
  });

  it('records the acting operator in the audit log by id and e-mail; the key has no name', async () => {
    const op = await enrolledOperator();
    const { tenant } = await as({ kind: 'admin', via: 'session', operator: op.actor }).admin.tenantCreate({
      name: '操作者',
      credits: 1,
    });
    await byKey().admin.tenantCredit({ tenant_id: tenant.id, credits: 2 });
    const { entries } = await byKey().admin.auditList({ tenant_id: tenant.id });
    expect(entries.map((e) => [e.action, e.actor, e.actor_name])).toEqual([
      ['tenant-credit', 'admin-key', null],
      ['tenant-create', 'operator-console', op.email],
    ]);
  });
});

describe('operator reset of two-step verification', () => {
  it('turns off every second factor, ends the sessions, mails the user in their language and is audited with the reason', async () => {
    const op = await enrolledOperator();
    const { email } = fresh();
    const tenantAdmin = await byKey().admin.tenantCreate({
      name: '丢了手机',
      credits: 0,
      admin_email: email,
      admin_password: 'lost-phone-1',
    });
    const [user] = await t.db.select().from(consoleUsers).where(eq(consoleUsers.email, email));
    if (!user) throw new Error('no user');
    await t.db.update(consoleUsers).set({ locale: 'zh-CN' }).where(eq(consoleUsers.id, user.id));
    const { secret } = await startEnrolment(deps(), user.id);
    await confirmEnrolment(deps(), { userId: user.id, code: codeAt(secret, T0), keepSession: null, nowMs: T0 });
    const [on] = await t.db.select().from(consoleUsers).where(eq(consoleUsers.id, user.id));
    await t.db
      .insert(passkeys)
      .values({ userId: user.id, credentialId: `cred-${user.id}`, publicKey: 'pk', name: '办公室的钥匙' });

    const operator = as({ kind: 'admin', via: 'session', operator: op.actor });
    const reset = await operator.admin.userTwoFactorReset({
      email: email.toUpperCase(),
      reason: 'called from the office line',
    });
    expect(reset.user).toEqual({ id: user.id, email, kind: 'tenant_admin' });

    const [off] = await t.db.select().from(consoleUsers).where(eq(consoleUsers.id, user.id));
    expect(off).toMatchObject({ totpSecretCiphertext: null, twoFactorEnabledAt: null, keptSession: null });
    expect(off?.sessionEpoch).toBe((on?.sessionEpoch ?? 0) + 1);
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, reset.mail_id));
    expect(mail).toMatchObject({ to: email, kind: 'two_factor_reset', locale: 'zh-CN' });
    expect(mail?.subject).toBe('你的 Studio 账号已关闭两步验证');
    // The password alone signs in again.
    expect(
      await checkPassword(deps(), { email, password: 'lost-phone-1', address: '192.0.2.77', nowMs: T0 + STEP_MS }),
    ).toMatchObject({ ok: true });

    const { entries } = await byKey().admin.auditList({ audited_action: 'user-two-factor-reset' });
    const entry = entries.find((e) => e.target_id === user.id);
    expect(entry).toMatchObject({
      actor: 'operator-console',
      actor_name: op.email,
      target_kind: 'console-user',
      tenant_id: tenantAdmin.tenant.id,
      body: { email: email.toUpperCase(), reason: 'called from the office line' },
      before: { two_factor: true },
      after: { two_factor: false },
    });
    // Nothing left to reset; and an operator cannot reset their own.
    await expect(operator.admin.userTwoFactorReset({ email, reason: 'again, by mistake' })).rejects.toThrow(
      /no two-step/,
    );
    await expect(operator.admin.userTwoFactorReset({ email: op.email, reason: 'my own phone' })).rejects.toThrow(
      /your own/,
    );
    await expect(operator.admin.userTwoFactorReset({ email: `nobody-${email}`, reason: 'who?' })).rejects.toThrow(
      /No console user/,
    );
  });
});
