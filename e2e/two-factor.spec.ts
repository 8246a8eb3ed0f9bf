import { generateSync } from 'otplib';
import { chooseLanguage, createTenant, expect, signIn, test } from './helpers';

/** A code of the authenticator app for the next 30-second step: the step the enrolment used is spent. */
const nextCode = (secret: string) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

test('two-step verification: switched on from the account page, then asked for at sign-in (in Chinese)', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/overview$/);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Set up two-step verification' }).click();
  const secret = (await page.getByTestId('two-factor-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByRole('img', { name: 'QR code to add Studio to an authenticator app' })).toBeVisible();
  await page.getByLabel('Code from the app').fill(generateSync({ secret }));
  await page.getByRole('button', { name: 'Switch on' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByTestId('two-factor-status')).toHaveText('10 recovery codes left.');

  // Another browser, in Chinese: the password alone opens no session.
  const other = await browser.newContext();
  await chooseLanguage(other, 'zh-CN');
  const second = await other.newPage();
  await second.goto('/login');
  await second.getByLabel('邮箱').fill(tenant.email);
  await second.getByLabel('密码').fill(tenant.password);
  await second.getByRole('button', { name: '登录' }).click();
  await expect(second).toHaveURL(/\/login\/code\?next=%2Foverview$/);
  await second.goto('/overview');
  await expect(second).toHaveURL(/\/login/);
  await second.goto('/login/code?next=%2Foverview');
  await second.getByLabel('验证码').fill('000000');
  await second.getByRole('button', { name: '登录' }).click();
  await expect(second.locator('#code-error')).toHaveText('验证码不正确或已使用过');
  await second.getByLabel('验证码').fill(nextCode(secret));
  await second.getByRole('button', { name: '登录' }).click();
  await expect(second).toHaveURL(/overview$/);
  await other.close();
});
