import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { E2E_ADMIN_KEY, E2E_PASSKEY_URL } from './env';
import { chooseLanguage, expect, expectNoSidewaysScroll, test } from './helpers';

/** The code of the next time step: never the one just used (a code is accepted once). */
const nextCode = (secret: string) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

/** An operator account made with the key (as the command line or another operator would). */
async function makeOperator(request: APIRequestContext) {
  const email = `ops-${randomBytes(4).toString('hex')}@e2e.studio.test`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const res = await request.post('/api/admin', {
    headers: { 'X-API-Key': E2E_ADMIN_KEY },
    data: { action: 'operator-create', email, password },
  });
  expect(res.status()).toBe(200);
  return { email, password };
}

/** Signs in with e-mail and password: an account without a second factor reaches only its enrolment. */
async function signInToEnrol(page: Page, who: { email: string; password: string }, zh = false): Promise<void> {
  await page.goto('/operator/login');
  await page.getByLabel(zh ? '邮箱' : 'Email').fill(who.email);
  await page.getByLabel(zh ? '密码' : 'Password').fill(who.password);
  await page.getByRole('button', { name: zh ? '登录' : 'Sign in', exact: true }).click();
  // No operator page opens before a second factor is on.
  await expect(page).toHaveURL(/\/operator\/enrol$/);
  await page.goto('/operator/tenants');
  await expect(page).toHaveURL(/\/operator\/enrol$/);
}

/** Signs in with e-mail and password, enrols the mandatory second factor, and answers its secret. */
async function signInAndEnrol(page: Page, who: { email: string; password: string }, zh = false): Promise<string> {
  await signInToEnrol(page, who, zh);
  await page.getByRole('button', { name: zh ? '设置两步验证' : 'Set up two-step verification' }).click();
  const secret = (await page.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
  await page.getByLabel(zh ? '应用中的验证码' : 'Code from the app').fill(generateSync({ secret }));
  await page.getByRole('button', { name: zh ? '开启' : 'Switch on' }).click();
  await page.getByRole('link', { name: zh ? '进入运营后台' : 'Continue to the operator area' }).click();
  await expect(page).toHaveURL(/\/operator$/);
  return secret;
}

test('an operator signs in with password and code, acts, and the audit log names them', async ({ page, request }) => {
  const me = await makeOperator(request);
  const secret = await signInAndEnrol(page, me);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/operator\/login$/);

  // Again: the password leads to the code step; a replayed code is refused, a fresh one lets in.
  await page.getByLabel('Email').fill(me.email);
  await page.getByLabel('Password').fill(me.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/operator\/login\/code$/);
  const code = nextCode(secret);
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/operator$/);

  // An action: add another operator, whose password is shown once.
  await page.getByRole('navigation', { name: 'Operator' }).getByRole('link', { name: 'Operators' }).click();
  const other = `ops2-${randomBytes(4).toString('hex')}@e2e.studio.test`;
  await page.getByLabel('E-mail', { exact: true }).fill(other);
  await page.getByRole('button', { name: 'Add operator' }).click();
  await expect(page.getByTestId('operator-password')).toHaveText(/^[A-Za-z0-9_-]{20}$/);

  await page.getByRole('navigation', { name: 'Operator' }).getByRole('link', { name: 'Audit log' }).click();
  const entry = page.locator('[data-audit-action="operator-create"]').filter({ hasText: other }).first();
  await expect(entry.getByTestId('audit-actor-name')).toHaveText(me.email);
});

test('in Chinese on a phone, an operator resets a user’s two-step verification', async ({ page, context, request }) => {
  await chooseLanguage(context, 'zh-CN');
  await page.setViewportSize({ width: 390, height: 844 });
  // The user who lost their device: another operator with two-step verification on.
  const lost = await makeOperator(request);
  const lostPage = await context.newPage();
  await signInAndEnrol(lostPage, lost, true);
  // Signed out again: the browser's session is theirs until then (one cookie per browser).
  await lostPage.getByRole('button', { name: '退出登录' }).click();
  await expect(lostPage).toHaveURL(/\/operator\/login$/);
  await lostPage.close();

  const me = await makeOperator(request);
  await signInAndEnrol(page, me, true);
  await page.goto('/operator/operators');
  await expectNoSidewaysScroll(page);
  await page.getByLabel('对方邮箱').fill(lost.email);
  await page.getByLabel('原因').fill('回拨登记电话核实');
  await page.getByRole('button', { name: '重置两步验证' }).click();
  await expect(page.getByRole('status').filter({ hasText: lost.email })).toContainText('两步验证已关闭');

  await page.goto('/operator/audit');
  const entry = page.locator('[data-audit-action="user-two-factor-reset"]').first();
  await expect(entry.getByTestId('audit-actor-name')).toHaveText(me.email);
  await expect(entry).toContainText('回拨登记电话核实');
  await expectNoSidewaysScroll(page);
});

/** A virtual authenticator in the page's browser (Chrome DevTools Protocol), answering without a prompt. */
async function virtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

test.describe('with a passkey', () => {
  // Passkeys need a host name (`localhost`), not an IP address.
  test.use({ baseURL: E2E_PASSKEY_URL });

  test('an operator adds a passkey on their account page, signs in with password and passkey, acts, and the audit log names them', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await virtualAuthenticator(page);
    const me = await makeOperator(request);
    await signInAndEnrol(page, me);
    await page.getByRole('navigation', { name: 'Operator' }).getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/operator\/account$/);
    await expect(page.getByTestId('account-email')).toHaveText(me.email);
    await page.getByLabel('Passkey name').fill('Operator laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByText('Passkey added. Other sessions of this account were signed out.')).toBeVisible();
    await expect(page.getByTestId('passkeys')).toContainText('Operator laptop');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/operator\/login$/);
    await page.getByLabel('Email').fill(me.email);
    await page.getByLabel('Password').fill(me.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/operator\/login\/code$/);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page).toHaveURL(/\/operator$/, { timeout: 30_000 });

    await page.getByRole('navigation', { name: 'Operator' }).getByRole('link', { name: 'Operators' }).click();
    const other = `ops3-${randomBytes(4).toString('hex')}@e2e.studio.test`;
    await page.getByLabel('E-mail', { exact: true }).fill(other);
    await page.getByRole('button', { name: 'Add operator' }).click();
    await expect(page.getByTestId('operator-password')).toHaveText(/^[A-Za-z0-9_-]{20}$/);
    await page.getByRole('navigation', { name: 'Operator' }).getByRole('link', { name: 'Audit log' }).click();
    const entry = page.locator('[data-audit-action="operator-create"]').filter({ hasText: other }).first();
    await expect(entry.getByTestId('audit-actor-name')).toHaveText(me.email);
  });

  test('in Chinese on a phone, an operator enrols with a passkey and cannot remove their last second factor', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(180_000);
    await context.addCookies([{ name: 'studio_locale', value: 'zh-CN', url: E2E_PASSKEY_URL }]);
    await page.setViewportSize({ width: 390, height: 844 });
    await virtualAuthenticator(page);
    const me = await makeOperator(request);
    await signInToEnrol(page, me, true);
    await page.getByLabel('通行密钥名称').fill('手机');
    await page.getByRole('button', { name: '添加通行密钥' }).click();
    await expect(page).toHaveURL(/\/operator$/, { timeout: 30_000 });

    await page.goto('/operator/account');
    await expect(page.getByRole('heading', { name: '我的账户' })).toBeVisible();
    await expect(page.getByTestId('passkeys')).toContainText('手机');
    await expectNoSidewaysScroll(page);
    await page.locator('summary', { hasText: '移除' }).click();
    const removal = page.getByRole('form', { name: '移除通行密钥 手机' });
    await removal.getByLabel('当前密码').fill(me.password);
    await removal.getByRole('button', { name: '移除' }).click();
    await expect(removal.getByRole('alert')).toContainText('运营人员必须保留一个');
    await expect(page.getByTestId('passkeys')).toContainText('手机');
    await expectNoSidewaysScroll(page);
  });
});
