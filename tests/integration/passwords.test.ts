import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildConfig, parseEnv, type Config } from '@/server/config';
import { decryptSecret } from '@/server/crypto';
import { consoleUsers, mailOutbox, passwordResets } from '@/server/db/schema';
import { listOutbox, passOnMail } from '@/server/mail/outbox';
import { OPERATOR } from '@/server/domain/auth/identity';
import { changePassword } from '@/server/domain/auth/password-change';
import {
  answerResetRequest,
  requestPasswordReset,
  resetLinkUsable,
  resetPassword,
  ResetLinkInvalid,
} from '@/server/domain/auth/password-reset';
import { verifyPassword } from '@/server/domain/auth/passwords';
import { AppError } from '@/server/errors';
import { createTenant } from '@/server/domain/tenants/tenants';
import { redeemSchema } from '@/contracts/claims';
import { createClaim } from '@/server/domain/claims/claims';
import { redeemClaim } from '@/server/domain/claims/redeem';
import { createTemplate } from '@/server/domain/templates/templates';
import { LocalFileStore } from '@/server/storage/store';
import { suiteDatabase } from '../helpers/suite-db';
import { testSecret } from '../helpers/test-db';

const t = suiteDatabase();
let config: Config;
let n = 0;

beforeAll(() => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-passwords-'));
  config = {
    ...buildConfig(
      parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_SECRET: 'x'.repeat(40), PUBLIC_BASE_URL: 'http://studio.test' }),
    ),
    secret: testSecret,
  };
});

/** A tenant administrator with a console login, and a client address of its own (so limits do not mix). */
async function admin(locale: string | null = null) {
  n += 1;
  const email = `owner-${n}-${Date.now()}@example.cn`;
  await createTenant({ db: t.db, config }, OPERATOR, {
    name: `租户${n}`,
    credits: 0,
    quota_monthly: 0,
    admin_email: email,
    admin_password: 'first-password-1',
  });
  if (locale) await t.db.update(consoleUsers).set({ locale }).where(eq(consoleUsers.email, email));
  return { email, address: `198.51.100.${n}` };
}

const epochOf = async (email: string) =>
  (await t.db.select({ epoch: consoleUsers.sessionEpoch }).from(consoleUsers).where(eq(consoleUsers.email, email)))[0]
    ?.epoch;
const mailTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
const tokenIn = (text: string) => /\/login\/reset\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

/** Asks for a link and reads it from the outbox, as the operator would. */
async function linkFor(who: { email: string; address: string }, locale = 'en') {
  const asked = await requestPasswordReset({ db: t.db, config }, { email: who.email, address: who.address, locale });
  expect(asked.sent).toBe(true);
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.id, asked.sent ? asked.mailId : ''));
  // Sealed at rest: the operator's pass-on (or SMTP) opens it.
  expect(mail?.sealed).toBe(true);
  expect(mail?.text).not.toMatch(/login\/reset/);
  const opened = mail
    ? { ...mail, text: decryptSecret(mail.text, config.secret), html: decryptSecret(mail.html, config.secret) }
    : mail;
  return { token: tokenIn(opened?.text ?? ''), mail: opened };
}

describe('forgot password', () => {
  it('answers an unknown email like a known one and writes nothing for it', async () => {
    const asked = await requestPasswordReset(
      { db: t.db, config },
      { email: 'nobody@example.cn', address: '203.0.113.1', locale: 'en' },
    );
    expect(asked).toEqual({ sent: false });
    expect(await mailTo('nobody@example.cn')).toEqual([]);
  });

  it('stores a random link hashed, and writes a mail in the account’s language to the outbox', async () => {
    const who = await admin('zh-CN');
    const { token, mail } = await linkFor({ ...who, email: who.email.toUpperCase() }, 'en');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail).toMatchObject({
      to: who.email,
      status: 'stored',
      kind: 'password_reset',
      locale: 'zh-CN',
      subject: '重设您的 Studio 密码',
      sentAt: null,
    });
    expect(mail?.text).toContain(`http://studio.test/login/reset/${token}`);
    expect(mail?.text).toContain('30 分钟内有效');
    expect(mail?.html).toContain(`href="http://studio.test/login/reset/${token}"`);
    const [stored] = await t.db.select().from(passwordResets);
    const rows = await t.db.select({ hash: passwordResets.tokenHash }).from(passwordResets);
    expect(rows.map((r) => r.hash)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    // Without an account language, the page's.
    const other = await admin();
    const english = await linkFor(other, 'en');
    expect(english.mail).toMatchObject({ locale: 'en', subject: 'Reset your Studio password' });
  });

  it('sets the password once; the link is then used up, and every session of the user ends', async () => {
    const who = await admin();
    const { token } = await linkFor(who);
    const before = await epochOf(who.email);
    expect(await resetLinkUsable(t.db, token)).toBe(true);
    expect(await resetPassword({ db: t.db, config }, { token, password: 'new-password-22' })).toEqual({
      email: who.email,
    });
    expect(await epochOf(who.email)).toBe((before ?? 0) + 1);
    const [user] = await t.db.select().from(consoleUsers).where(eq(consoleUsers.email, who.email));
    expect(await verifyPassword('new-password-22', user?.passwordHash ?? '')).toBe(true);
    expect(await resetLinkUsable(t.db, token)).toBe(false);
    await expect(resetPassword({ db: t.db, config }, { token, password: 'third-password-3' })).rejects.toBeInstanceOf(
      ResetLinkInvalid,
    );
    await expect(
      resetPassword({ db: t.db, config }, { token: 'x'.repeat(43), password: 'third-password-3' }),
    ).rejects.toBeInstanceOf(ResetLinkInvalid);
  });

  it('refuses an expired link', async () => {
    const who = await admin();
    const { token } = await linkFor(who);
    await t.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.tokenHash, createHash('sha256').update(token).digest('hex')));
    expect(await resetLinkUsable(t.db, token)).toBe(false);
    await expect(resetPassword({ db: t.db, config }, { token, password: 'new-password-22' })).rejects.toBeInstanceOf(
      ResetLinkInvalid,
    );
  });

  it('keeps only the newest link of a user working', async () => {
    const who = await admin();
    const first = await linkFor(who);
    const second = await linkFor(who);
    expect(await resetLinkUsable(t.db, first.token)).toBe(false);
    await expect(
      resetPassword({ db: t.db, config }, { token: first.token, password: 'new-password-22' }),
    ).rejects.toBeInstanceOf(ResetLinkInvalid);
    await resetPassword({ db: t.db, config }, { token: second.token, password: 'new-password-22' });
  });

  it('allows three links an hour per email address, known or not', async () => {
    for (const email of [(await admin()).email, 'ghost@example.cn']) {
      for (let i = 0; i < 3; i++)
        await requestPasswordReset({ db: t.db, config }, { email, address: `192.0.2.${i + 10}`, locale: 'en' });
      const fourth = requestPasswordReset({ db: t.db, config }, { email, address: '192.0.2.99', locale: 'en' });
      await expect(fourth).rejects.toSatisfy(
        (err: unknown) => err instanceof AppError && err.code === 'TOO_MANY_REQUESTS' && (err.retryAfter ?? 0) > 60,
      );
    }
  });

  it('allows twenty requests an hour from one client address', async () => {
    const address = '203.0.113.77';
    for (let i = 0; i < 20; i++)
      await requestPasswordReset({ db: t.db, config }, { email: `spray-${i}@example.cn`, address, locale: 'en' });
    await expect(
      requestPasswordReset({ db: t.db, config }, { email: 'spray-x@example.cn', address, locale: 'en' }),
    ).rejects.toSatisfy((err: unknown) => err instanceof AppError && err.code === 'TOO_MANY_REQUESTS');
  });
});

describe('reset mails in the outbox', () => {
  it('answers before any account work, the same for a known and an unknown e-mail', async () => {
    const who = await admin();
    for (const email of [who.email, `ghost-${n}@example.cn`]) {
      const later: (() => Promise<unknown>)[] = [];
      await answerResetRequest({ db: t.db, config }, { email, address: who.address, locale: 'en' }, (w) =>
        later.push(w),
      );
      // Answered: nothing looked up or written for the account yet, one piece of work scheduled either way.
      expect(later).toHaveLength(1);
      expect(await mailTo(email)).toEqual([]);
      await later[0]?.();
    }
    expect(await mailTo(who.email)).toHaveLength(1);
    expect(await mailTo(`ghost-${n}@example.cn`)).toEqual([]);
  });

  it('shows a waiting link to the operator once, then keeps only the text without it', async () => {
    const who = await admin();
    const { token, mail } = await linkFor(who);
    const listed = (await listOutbox(t.db)).find((m) => m.id === mail?.id);
    expect(listed).toMatchObject({ status: 'stored', can_pass_on: true, text: null });
    expect(JSON.stringify(await listOutbox(t.db))).not.toContain(token);

    const passed = await passOnMail(t.db, config, mail?.id ?? '');
    expect(passed.text).toContain(`/login/reset/${token}`);
    expect(passed.mail).toMatchObject({ status: 'sent', can_pass_on: false });
    expect(passed.mail.text).toContain('[link removed]');
    const [row] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, mail?.id ?? ''));
    expect(`${row?.text}${row?.html}`).not.toContain(token);
    await expect(passOnMail(t.db, config, mail?.id ?? '')).rejects.toSatisfy(
      (err: unknown) => err instanceof AppError && err.code === 'CONFLICT',
    );
    // The link itself still works for its owner.
    expect(await resetLinkUsable(t.db, token)).toBe(true);
  });

  it('removes the link of a waiting mail once it is used or replaced', async () => {
    const who = await admin();
    const first = await linkFor(who);
    const second = await linkFor(who);
    const rows = async () => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, who.email));
    const replaced = (await rows()).find((m) => m.id === first.mail?.id);
    expect(replaced?.redactedAt).toBeInstanceOf(Date);
    expect(replaced?.text).not.toContain(first.token);
    expect(replaced?.text).toContain('[link removed]');
    await resetPassword({ db: t.db, config }, { token: second.token, password: 'new-password-22' });
    for (const m of await rows()) {
      expect(m.redactedAt).toBeInstanceOf(Date);
      expect(`${m.text}${m.html}`).not.toMatch(/login\/reset\/[A-Za-z0-9_-]{43}/);
    }
    expect((await listOutbox(t.db)).filter((m) => m.to === who.email).every((m) => !m.can_pass_on)).toBe(true);
  });
});

describe('changing a password', () => {
  it('needs the current password, then ends every session of the user', async () => {
    const who = await admin();
    const [user] = await t.db.select().from(consoleUsers).where(eq(consoleUsers.email, who.email));
    const userId = user?.id ?? '';
    expect(
      await changePassword(
        { db: t.db, config },
        { userId, current: 'wrong-password', next: 'new-password-22', address: who.address, keepSession: null },
      ),
    ).toEqual({ refused: 'wrong_password' });
    expect(await epochOf(who.email)).toBe(0);
    expect(
      await changePassword(
        { db: t.db, config },
        {
          userId,
          current: 'first-password-1',
          next: 'new-password-22',
          address: who.address,
          keepSession: 'this-browser',
        },
      ),
    ).toEqual({
      ok: true,
      email: who.email,
    });
    expect(await epochOf(who.email)).toBe(1);
    // Only the session that made the change outlives it; a reset keeps none.
    expect((await t.db.select().from(consoleUsers).where(eq(consoleUsers.id, userId)))[0]?.keptSession).toBe(
      'this-browser',
    );
    const { token } = await linkFor(who);
    await resetPassword({ db: t.db, config }, { token, password: 'third-password-3' });
    expect((await t.db.select().from(consoleUsers).where(eq(consoleUsers.id, userId)))[0]?.keptSession).toBeNull();
    expect(await epochOf(who.email)).toBe(2);
    const [after] = await t.db.select().from(consoleUsers).where(eq(consoleUsers.id, userId));
    expect(await verifyPassword('third-password-3', after?.passwordHash ?? '')).toBe(true);
  });

  it('is throttled like a sign-in after repeated wrong current passwords', async () => {
    const who = await admin();
    const [user] = await t.db.select().from(consoleUsers).where(eq(consoleUsers.email, who.email));
    const attempt = () =>
      changePassword(
        { db: t.db, config },
        {
          userId: user?.id ?? '',
          current: 'wrong-password',
          next: 'new-password-22',
          address: who.address,
          keepSession: null,
        },
      );
    for (let i = 0; i < 5; i++) expect(await attempt()).toEqual({ refused: 'wrong_password' });
    const locked = await attempt();
    expect(locked).toMatchObject({ refused: 'throttled' });
    expect('retryAfterS' in locked && locked.retryAfterS).toBeGreaterThanOrEqual(59);
    // Even the right password waits out the lock.
    expect(
      await changePassword(
        { db: t.db, config },
        {
          userId: user?.id ?? '',
          current: 'first-password-1',
          next: 'new-password-22',
          address: who.address,
          keepSession: null,
        },
      ),
    ).toMatchObject({
      refused: 'throttled',
    });
  });
});

describe('redeeming with a chosen password', () => {
  /** A tenant's claim code for one of its own templates. */
  async function code() {
    const { tenant } = await createTenant({ db: t.db, config }, OPERATOR, {
      name: '花漾小店',
      credits: 500,
      quota_monthly: 0,
    });
    const who = { kind: 'tenant' as const, tenantId: tenant.id, via: 'key' as const };
    const files = new LocalFileStore(path.join(config.dataDir, 'files'), 'http://studio.test');
    const { template } = await createTemplate({ db: t.db, config, files }, who, {
      type: 'image',
      zh_name: '海报',
      prompt_template: '海报：{input}',
    });
    return (await createClaim({ db: t.db, config }, who, { template_ids: [template.id], credits: 60 })).code;
  }
  const hashOf = async (email: string) =>
    (await t.db.select().from(consoleUsers).where(eq(consoleUsers.email, email)))[0]?.passwordHash ?? '';

  it('opens the account with it and never echoes it; an existing account keeps its own', async () => {
    const email = `buyer-${Date.now()}@example.cn`;
    const answer = await redeemClaim(
      { db: t.db, config },
      { code: await code(), nickname: '小林', email, password: 'chun-cha-2026' },
      { idempotencyKey: null },
    );
    expect(answer.sign_in.password).toBeNull();
    expect(answer.account.created).toBe(true);
    expect(JSON.stringify(answer)).not.toContain('chun-cha-2026');
    expect(await verifyPassword('chun-cha-2026', await hashOf(email))).toBe(true);

    const again = await redeemClaim(
      { db: t.db, config },
      { code: await code(), nickname: '小林', email, password: 'another-one-99' },
      { idempotencyKey: null },
    );
    expect(again.account.created).toBe(false);
    expect(await verifyPassword('chun-cha-2026', await hashOf(email))).toBe(true);
  });

  it('still generates a password shown once when none is given', async () => {
    const email = `api-buyer-${Date.now()}@example.cn`;
    const answer = await redeemClaim(
      { db: t.db, config },
      { code: await code(), nickname: '程序', email },
      { idempotencyKey: null },
    );
    expect(answer.sign_in.password).toMatch(/^\S{10,}$/);
    expect(await verifyPassword(answer.sign_in.password ?? '', await hashOf(email))).toBe(true);
  });

  it('takes only a string of 8 to 128 characters without NUL', () => {
    const body = { code: 'X', nickname: '小林', email: 'lin@example.cn' };
    for (const password of ['short', 'x'.repeat(129), 'with\0nul-inside', 12345678])
      expect(redeemSchema.safeParse({ ...body, password }).success, String(password)).toBe(false);
    expect(redeemSchema.safeParse({ ...body, password: 'x'.repeat(128) }).success).toBe(true);
  });
});
