import type { Page } from '@playwright/test';
import { E2E_ADMIN_KEY } from './env';
import { createTenant, expect, expectNoSidewaysScroll, signIn, signInAsOperator, snapshot, test } from './helpers';

test('the operator signs in with the admin key and turns a channel off and on again', async ({ page }) => {
  await page.goto('/operator');
  await expect(page).toHaveURL(/\/operator\/login$/);

  await signInAsOperator(page, 'sk-studio-notthekeyaaaaaaaaaaaaaaaaaaaaaaaaa');
  await expect(page.getByRole('alert').filter({ hasText: 'That is not the super-administrator key' })).toBeVisible();
  await expect(page).toHaveURL(/\/operator\/login\/key$/);
  await expect(page.getByLabel('Super-administrator key')).toHaveAttribute('type', 'password');
  await expect(page.getByLabel('Super-administrator key')).toHaveAttribute('aria-invalid', 'true');
  await snapshot(page, 'test-results/operator-login-error.png');

  await signInAsOperator(page, E2E_ADMIN_KEY);
  await expect(page).toHaveURL(/\/operator$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Upstreams' })).toBeVisible();
  await expect(page.getByTestId('simulated-banner')).toBeVisible();

  const table = page.getByTestId('upstreams-table');
  for (const name of ['sim-image-a', 'sim-image-b', 'sim-image-c', 'sim-video-a']) {
    await expect(table.locator(`tr[data-upstream="${name}"]`)).toBeVisible();
  }
  const a = table.locator('tr[data-upstream="sim-image-a"]');
  await expect(a.getByText('Simulated')).toBeVisible();
  await expect(a.getByTestId('state-sim-image-a')).toHaveText('Active');

  await a.getByRole('button', { name: /^Why/ }).click();
  await expect(page.locator('#why-sim-image-a')).toContainText('Eligible: score');

  const c = table.locator('tr[data-upstream="sim-image-c"]');
  const toggle = c.getByRole('switch', { name: 'sim-image-c enabled' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await saved(page, () => toggle.click());
  await expect(c.getByTestId('state-sim-image-c')).toHaveText('Disabled');
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(c).toContainText('0%');

  // The change is stored, not only shown.
  await page.reload();
  await expect(c.getByTestId('state-sim-image-c')).toHaveText('Disabled');
  await snapshot(page, 'test-results/operator-desktop.png');

  await saved(page, () => c.getByRole('switch', { name: 'sim-image-c enabled' }).click());
  await expect(c.getByTestId('state-sim-image-c')).toHaveText('Active');
  await page.reload();
  await expect(c.getByTestId('state-sim-image-c')).toHaveText('Active');
  await expect(c.getByRole('switch', { name: 'sim-image-c enabled' })).toHaveAttribute('aria-checked', 'true');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/operator\/login$/);
  await page.goto('/operator');
  await expect(page).toHaveURL(/\/operator\/login$/);
});

test('ratings are set from the keyboard and kept', async ({ page }) => {
  await signInAsOperator(page, E2E_ADMIN_KEY);
  await expect(page).toHaveURL(/\/operator$/);
  const video = page.getByTestId('upstreams-table').locator('tr[data-upstream="sim-video-b"]');
  const stars = video.getByRole('radiogroup', { name: 'Rating of sim-video-b' });
  const before = await stars.getByRole('radio', { checked: true }).getAttribute('aria-label');

  await saved(page, () => stars.getByRole('radio', { name: '4 of 5' }).click());
  await expect(stars.getByRole('radio', { name: '4 of 5' })).toHaveAttribute('aria-checked', 'true');
  await saved(page, () => page.keyboard.press('ArrowLeft'));
  await expect(stars.getByRole('radio', { name: '3 of 5' })).toHaveAttribute('aria-checked', 'true');
  await expect(stars.getByRole('radio', { name: '3 of 5' })).toBeFocused();
  await page.reload();
  await expect(stars.getByRole('radio', { name: '3 of 5' })).toHaveAttribute('aria-checked', 'true');
  expect(before).toBe('3 of 5');
});

test('tenant sessions do not open the operator area, and it reads well on a phone', async ({ page, request }) => {
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto('/operator');
  await expect(page).toHaveURL(/\/operator\/login$/);

  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsOperator(page, E2E_ADMIN_KEY);
  await expect(page).toHaveURL(/\/operator$/);
  const cards = page.getByTestId('upstreams-cards');
  await expect(cards.locator('[data-upstream="sim-image-a"]')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/operator-phone.png');
});

/** Runs an action that changes an upstream and waits until the server has stored the change. */
async function saved(page: Page, action: () => Promise<void>): Promise<void> {
  const answer = page.waitForResponse(
    (res) => res.url().includes('/api/trpc/admin.upstreamUpdate') && res.request().method() === 'POST',
  );
  await action();
  expect((await answer).ok()).toBe(true);
}
