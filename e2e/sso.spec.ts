import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { startOidcProvider, type TestPerson, type TestProvider } from '../tests/helpers/oidc-provider';
import { E2E_ADMIN_KEY, E2E_BASE_URL } from './env';
import { chooseLanguage, expect, expectNoSidewaysScroll, signIn, test } from './helpers';

// The OpenID provider runs in the test process on its own port; Studio reaches it on 127.0.0.1.
const PROVIDER_PORT = Number(process.env.E2E_OIDC_PORT ?? 5241);
const people: Record<string, TestPerson> = {};
let provider: TestProvider;

// Each test walks through Studio and the provider several times.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  provider = await startOidcProvider({
    port: PROVIDER_PORT,
    redirectUris: [`${E2E_BASE_URL}/login/sso/callback`],
    people,
  });
});
// The provider's own pages ask for a web font and a favicon; this machine reaches neither, and they are not Studio's.
test.beforeEach(async ({ page }) => {
  await page.route('https://fonts.googleapis.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/css', body: '' }),
  );
  await page.route(`${provider.issuer}/favicon.ico`, (route) => route.fulfill({ status: 204, body: '' }));
});
test.afterAll(async () => {
  await provider?.close();
});

/** A tenant whose administrator's e-mail is on a domain of its own (so each test's single sign-on has its domain). */
async function tenantWithDomain(request: APIRequestContext) {
  const suffix = randomBytes(4).toString('hex');
  const domain = `sso-${suffix}.test`;
  const email = `owner@${domain}`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const res = await request.post('/api/admin', {
    headers: { 'X-API-Key': E2E_ADMIN_KEY },
    data: {
      action: 'tenant-create',
      name: `SSO ${suffix}`,
      credits: 10,
      quota_monthly: 0,
      admin_email: email,
      admin_password: password,
    },
  });
  expect(res.status()).toBe(200);
  return { domain, email, password, slug: `sso-${suffix}` };
}

/** Fills the console's single sign-on form (English) and saves it. */
async function configure(page: Page, t: { slug: string; domain: string }, createAccounts: boolean) {
  await page.goto('/sso');
  await expect(page.getByRole('heading', { level: 1, name: 'Single sign-on' })).toBeVisible();
  await expect(page.getByTestId('sso-redirect-uri')).toHaveText(`${E2E_BASE_URL}/login/sso/callback`);
  await page.getByLabel('Link name').fill(t.slug);
  await page.getByLabel('Issuer URL').fill(provider.issuer);
  await page.getByLabel('Client ID').fill(provider.clientId);
  await page.getByLabel('Client secret').fill(provider.clientSecret);
  await page.getByLabel('Allowed e-mail domains').fill(t.domain);
  await page.getByLabel('Create accounts on first sign-in').setChecked(createAccounts);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Single sign-on saved.');
  await expect(page.getByTestId('sso-link')).toHaveText(`${E2E_BASE_URL}/login/sso/${t.slug}`);
}

/** Signs in at the provider's own pages: its login form (any password), then its consent form. */
async function atProvider(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Forgets who is signed in at the provider (its cookies, and Studio's: both live on 127.0.0.1), so its login page shows again. */
async function forgetProviderSession(page: Page) {
  await page.context().clearCookies({ name: /^_/ });
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
}

test('a tenant admin sets up single sign-on and signs in through the local OpenID provider', async ({
  page,
  request,
}) => {
  const t = await tenantWithDomain(request);
  people[t.email] = { email: t.email, emailVerified: true };
  await signIn(page, t.email, t.password);
  await expect(page).toHaveURL(/\/overview$/);

  // An issuer that does not answer is refused on saving, naming why.
  await page.goto('/sso');
  await page.getByLabel('Link name').fill(t.slug);
  await page.getByLabel('Issuer URL').fill('http://127.0.0.1:5249');
  await page.getByLabel('Client ID').fill('x');
  await page.getByLabel('Client secret').fill('y');
  await page.getByLabel('Allowed e-mail domains').fill(t.domain);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/The provider could not be checked: .*http:\/\/127\.0\.0\.1:5249/)).toBeVisible();
  await expect(page.getByLabel('Issuer URL')).toHaveAttribute('aria-invalid', 'true');

  await configure(page, t, false);
  await signOut(page);

  await page.getByRole('link', { name: 'Sign in with SSO' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with SSO' })).toBeVisible();
  await page.getByLabel('Work e-mail').fill('someone@no-sso.example');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'No organisation has single sign-on' })).toBeVisible();

  await page.getByLabel('Work e-mail').fill(t.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await atProvider(page, t.email);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto('/account');
  await expect(page.getByTestId('account-email')).toHaveText(t.email);
});

test('refusals: unverified e-mail, a domain not allowed, no account without creation, an answer with a wrong state', async ({
  page,
  request,
}) => {
  const t = await tenantWithDomain(request);
  await signIn(page, t.email, t.password);
  await expect(page).toHaveURL(/\/overview$/);
  await configure(page, t, false);
  await signOut(page);

  const unverified = `unverified@${t.domain}`;
  people[unverified] = { email: unverified, emailVerified: false };
  await page.goto(`/login/sso/${t.slug}`);
  await atProvider(page, unverified);
  await expect(page).toHaveURL(/\/login\/sso\/refused\?reason=unverified$/);
  await expect(
    page.getByRole('alert').filter({ hasText: 'does not confirm that your e-mail address is verified' }),
  ).toBeVisible();

  const outsider = `outsider-${t.slug}@elsewhere.test`;
  people[outsider] = { email: outsider, emailVerified: true };
  await forgetProviderSession(page);
  await page.goto(`/login/sso/${t.slug}`);
  await atProvider(page, outsider);
  await expect(page.getByRole('alert').filter({ hasText: 'is not one your organisation allows' })).toBeVisible();

  const newcomer = `new@${t.domain}`;
  people[newcomer] = { email: newcomer, emailVerified: true };
  await forgetProviderSession(page);
  await page.goto(`/login/sso/${t.slug}`);
  await atProvider(page, newcomer);
  await expect(page.getByRole('alert').filter({ hasText: 'does not create accounts on first sign-in' })).toBeVisible();

  // An answer that no attempt started here: refused, nothing signed in.
  await page.goto('/login/sso/callback?code=made-up&state=made-up');
  await expect(page).toHaveURL(/reason=state$/);
  await expect(page.getByRole('alert').filter({ hasText: 'did not start here' })).toBeVisible();
  await page.goto('/overview');
  await expect(page).toHaveURL(/\/login$/);
});

test('on a phone in Chinese: the first sign-in creates the administrator, and a refusal is worded in Chinese', async ({
  page,
  context,
  request,
}) => {
  const t = await tenantWithDomain(request);
  await signIn(page, t.email, t.password);
  await expect(page).toHaveURL(/\/overview$/);
  await configure(page, t, true);
  await signOut(page);

  await chooseLanguage(context, 'zh-CN');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.getByRole('link', { name: '使用单点登录' }).click();
  await expect(page.getByRole('heading', { name: '单点登录' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  const unverified = `cn-unverified@${t.domain}`;
  people[unverified] = { email: unverified, emailVerified: false };
  await page.getByLabel('工作邮箱').fill(unverified);
  await page.getByRole('button', { name: '继续' }).click();
  await atProvider(page, unverified);
  await expect(page.getByRole('alert').filter({ hasText: '登录服务未确认你的邮箱已验证' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  const newcomer = `new-admin@${t.domain}`;
  people[newcomer] = { email: newcomer, emailVerified: true };
  await forgetProviderSession(page);
  await page.getByRole('link', { name: '重新使用单点登录' }).click();
  await page.getByLabel('工作邮箱').fill(newcomer);
  await page.getByRole('button', { name: '继续' }).click();
  await atProvider(page, newcomer);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto('/account');
  await expect(page.getByTestId('account-email')).toHaveText(newcomer);
  await page.goto('/sso');
  await expect(page.getByRole('heading', { level: 1, name: '单点登录' })).toBeVisible();
  await expect(page.getByLabel('允许的邮箱域名')).toHaveValue(t.domain);
  await expectNoSidewaysScroll(page);
});
