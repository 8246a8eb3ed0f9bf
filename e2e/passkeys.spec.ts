import type { Page } from '@playwright/test';
import { E2E_PASSKEY_URL } from './env';
import { createTenant, expect, expectNoSidewaysScroll, signIn, test } from './helpers';

/**
 * A virtual authenticator in the page's browser (Chrome DevTools Protocol): a platform authenticator
 * (internal, CTAP2) that keeps discoverable credentials and verifies its user, answering without a prompt.
 */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

test.use({ baseURL: E2E_PASSKEY_URL });

/** A sign-in runs the password's scrypt and a redirect: slow on a busy machine. */
const SIGN_IN_MS = 30_000;

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test('a passkey: added on the account page, then the second step after the password, then a sign-in alone', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const authenticator = await virtualAuthenticator(page);
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/overview$/, { timeout: SIGN_IN_MS });

  await page.goto('/account');
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Give the passkey a name')).toBeVisible();
  await page.getByLabel('Passkey name').fill('Test phone');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey added. Other sessions of this account were signed out.')).toBeVisible();
  await expect(page.getByTestId('passkeys').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('passkeys')).toContainText('Test phone');
  await expect(page.getByTestId('passkeys')).toContainText('not used yet');
  const [credential] = await authenticator.credentials();
  expect(credential?.isResidentCredential).toBe(true);

  // The password alone opens no session now: the second step offers the passkey.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/login\/code\?next=%2Foverview$/);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/overview$/, { timeout: SIGN_IN_MS });

  // Without a password: the browser offers the passkey it holds for this site.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/overview$/, { timeout: SIGN_IN_MS });

  await page.goto('/account');
  await expect(page.getByTestId('passkeys')).toContainText('last used');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);

  // Removed with the password: the password alone signs in again.
  await page.locator('summary', { hasText: 'Remove' }).click();
  const removal = page.getByRole('form', { name: 'Remove the passkey Test phone' });
  await removal.getByLabel('Current password').fill(tenant.password);
  await removal.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Passkey removed. Other sessions of this account were signed out.')).toBeVisible();
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
});

test('sessions: listed with their device, and one ended from another browser is signed out (in Chinese)', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tenant = await createTenant(request);
  await page.context().addCookies([{ name: 'studio_locale', value: 'zh-CN', url: E2E_PASSKEY_URL }]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.getByLabel('邮箱').fill(tenant.email);
  await page.getByLabel('密码').fill(tenant.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/overview$/, { timeout: SIGN_IN_MS });

  const other = await browser.newContext({ baseURL: E2E_PASSKEY_URL, locale: 'en-US', userAgent: IPHONE });
  const second = await other.newPage();
  await signIn(second, tenant.email, tenant.password);
  await expect(second).toHaveURL(/overview$/, { timeout: SIGN_IN_MS });

  await page.goto('/account');
  const sessions = page.getByTestId('sessions').getByRole('listitem');
  await expect(sessions).toHaveCount(2);
  await expect(page.getByTestId('sessions').locator('[data-current]')).toContainText('当前会话');
  await expect(sessions.filter({ hasNotText: '当前会话' })).toContainText('iOS 上的 Safari');
  await expect(page.getByTestId('sessions')).toContainText('登录于');
  await expectNoSidewaysScroll(page);

  await page.getByRole('button', { name: /^结束/ }).click();
  await expect(sessions).toHaveCount(1);

  // The other browser is signed out at its next request; this one stays.
  await second.goto('/overview');
  await expect(second).toHaveURL(/\/login/);
  await page.goto('/overview');
  await expect(page).toHaveURL(/overview$/, { timeout: SIGN_IN_MS });
  await other.close();
});
