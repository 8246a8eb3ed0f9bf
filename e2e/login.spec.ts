import { E2E_BASE_URL } from './env';
import { adjustCredits, createTenant, expect, signIn, snapshot, test, type TestTenant, viewShot } from './helpers';

let tenant: TestTenant;

test.beforeAll(async ({ request }) => {
  tenant = await createTenant(request);
});

test('the console asks for a login first', async ({ page }) => {
  await page.goto('/overview');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to your workspace' })).toBeVisible();
  await snapshot(page, 'test-results/login.png');
});

test('a wrong password shows an inline error and keeps the email', async ({ page }) => {
  await signIn(page, tenant.email, 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: 'Email or password is incorrect' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email')).toHaveValue(tenant.email);
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await snapshot(page, 'test-results/login-error.png');
});

test('after five wrong passwords the account waits, and the form says how long', async ({ page, request }) => {
  const own = await createTenant(request);
  for (let i = 0; i < 5; i++) {
    await signIn(page, own.email, `wrong-${i}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Email or password is incorrect' })).toBeVisible();
  }
  // Even the right password is refused while the account is locked.
  await signIn(page, own.email, own.password);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Too many sign-in attempts; try again in 1 minute' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the right password opens the overview, and signing out returns to the login', async ({ page }) => {
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole('heading', { level: 1, name: '测试工作室 E2E' })).toBeVisible();
  await expect(page.getByTestId('credits')).toHaveText('1,234');
  await expect(page.getByTestId('quota')).toHaveText('5,000');
  await expect(page.getByText(`${E2E_BASE_URL}/api/balance`)).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('link', { name: 'Jobs' })).toHaveAttribute('href', '/jobs');
  await expect(nav.getByRole('link', { name: 'Playground' })).toHaveAttribute('href', '/playground');
  await expect(page.getByTestId('simulated-banner')).toContainText('Results are simulated');
  await snapshot(page, 'test-results/overview-desktop.png');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/overview');
  await expect(page).toHaveURL(/\/login$/);
});

test('the overview works on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByTestId('credits')).toHaveText('1,234');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
  await snapshot(page, 'test-results/overview-phone.png');

  await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByText('Members')).toBeVisible();
  await viewShot(page, 'test-results/overview-phone-menu.png');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the credits figure refreshes when the tab regains focus', async ({ page, request }) => {
  const own = await createTenant(request, { credits: 100 });
  await page.clock.install();
  await signIn(page, own.email, own.password);
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByTestId('credits')).toHaveText('100');

  await adjustCredits(request, own.id, 2400);
  // Past the cache's freshness window, a focus event makes the console ask the API again.
  await page.clock.fastForward('01:00');
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await expect(page.getByTestId('credits')).toHaveText('2,500');
});
