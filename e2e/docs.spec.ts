import { expect, test } from './helpers';

test('the API reference is public and lists the endpoints', async ({ page }) => {
  await page.goto('/docs');
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();

  const main = page.getByRole('main');
  await expect(main.getByText('/api/balance', { exact: true })).toBeVisible();
  await expect(main.getByText('/api/admin', { exact: true })).toBeVisible();
  const auth = page.locator('#authentication');
  await expect(auth.getByText('X-API-Key: sk-studio-…', { exact: true })).toBeVisible();
  await expect(auth.getByText('Authorization: Bearer sk-studio-…', { exact: true })).toBeVisible();
  await expect(page.locator('#errors')).toContainText('What went wrong, written for the caller');
  await expect(page.getByRole('link', { name: /OpenAPI JSON/ })).toHaveAttribute('href', '/api/openapi.json');

  // The balance response documents its enum values.
  const balance = page.locator('article', { has: page.getByText('/api/balance', { exact: true }) });
  await expect(balance.getByText('dedicated', { exact: true })).toBeVisible();
  // The upload endpoint takes a multipart form, and says so; JSON endpoints say JSON.
  const upload = page.locator('article#uploads-proxy');
  await expect(upload.getByText('Request body · multipart form')).toBeVisible();
  const generate = page.locator('article#jobs-generate');
  await expect(generate.getByText('Request body · JSON')).toBeVisible();
  await page.screenshot({ path: 'test-results/docs.png', fullPage: true });
});

test('the API reference reads well on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/docs');
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/docs-phone.png' });
});
