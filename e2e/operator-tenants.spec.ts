import { randomBytes } from 'node:crypto';
import { E2E_ADMIN_KEY } from './env';
import { chooseLanguage, expect, expectNoSidewaysScroll, signInAsOperator, snapshot, test } from './helpers';

test.setTimeout(120_000);
// The refused correction (more than the tenant has) answers 409, which the browser logs.
test.use({ expectedConsoleErrors: { patterns: [/status of 409/] } });

test('the operator opens a tenant, credits it, disables and enables it, and reads the audit log', async ({
  page,
  request,
}) => {
  const suffix = randomBytes(3).toString('hex');
  const name = `E2E 租户 ${suffix}`;
  await signInAsOperator(page, E2E_ADMIN_KEY);
  await expect(page).toHaveURL(/\/operator$/);
  // The operator home still shows the upstreams.
  await expect(page.getByRole('heading', { level: 1, name: 'Upstreams' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Operator' }).getByRole('link', { name: 'Tenants' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tenants' })).toBeVisible();

  // Open a tenant: its key is shown once.
  await page.getByRole('button', { name: 'New tenant' }).click();
  const form = page.getByRole('form', { name: 'Open a tenant' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Opening credits').fill('300');
  await form.getByLabel('Monthly quota').fill('1000');
  await form.getByLabel('Administrator e-mail').fill(`owner-${suffix}@e2e.studio.test`);
  await form.getByLabel('Administrator password').fill('short');
  await form.getByRole('button', { name: 'Open tenant' }).click();
  await expect(form.getByText('The password needs at least 8 characters')).toBeVisible();
  await form.getByLabel('Administrator password').fill(`pw-${suffix}-long-enough`);
  await form.getByRole('button', { name: 'Open tenant' }).click();
  const keyCard = page.getByTestId('new-tenant-key');
  await expect(keyCard).toBeVisible({ timeout: 20_000 });
  await expect(keyCard).toContainText('shows it this once');
  await expect(keyCard).toContainText('can reveal it in their own console');
  const key = (await page.getByTestId('new-key-value').textContent())?.trim() ?? '';
  expect(key).toMatch(/^sk-studio-/);
  expect((await request.get('/api/balance', { headers: { 'X-API-Key': key } })).status()).toBe(200);
  await keyCard.getByRole('button', { name: 'I have copied it' }).click();
  await expect(keyCard).toBeHidden();

  // Found by search, then its page.
  await page.getByLabel('Search tenants').fill(suffix);
  const table = page.getByTestId('tenants-table');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table).toContainText('300');
  // Who runs it is shown, and the search finds it by that e-mail.
  await expect(table).toContainText(`owner-${suffix}@e2e.studio.test`);
  await page.getByLabel('Search tenants').fill(`owner-${suffix}@e2e`);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await table.getByRole('link', { name }).first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('tenant-credits')).toHaveText('300');

  // Credits with a note, seen in the ledger.
  await page.getByLabel('Amount').fill('200');
  await page.getByLabel('Note').fill(`E2E top-up ${suffix}`);
  await page.getByRole('button', { name: 'Record' }).click();
  await expect(page.getByText('Recorded. The tenant now has 500 credits.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('tenant-credits')).toHaveText('500');
  const ledger = page.getByTestId('tenant-ledger');
  await expect(ledger.locator('li').first()).toContainText(`E2E top-up ${suffix}`);
  await expect(ledger.locator('li').first()).toContainText('+200');
  await expect(ledger.locator('li').first()).toContainText('Balance 500');
  // A new attempt clears the last success: a refusal never stands beside "Recorded".
  const creditForm = page.getByRole('form', { name: 'Credits' });
  await creditForm.getByLabel('Amount').fill('-100000');
  await creditForm.getByRole('button', { name: 'Record' }).click();
  await expect(creditForm.getByRole('alert')).toBeVisible({ timeout: 20_000 });
  await expect(creditForm.getByText('Recorded.')).toHaveCount(0);
  await expect(page.getByTestId('tenant-credits')).toHaveText('500');
  await creditForm.getByLabel('Amount').fill('');

  // Disabled: its key is refused at once; enabled again, it works.
  await page.getByRole('button', { name: 'Disable tenant' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Nothing is deleted');
  await dialog.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByTestId('tenant-state')).toHaveText('Disabled', { timeout: 20_000 });
  expect((await request.get('/api/balance', { headers: { 'X-API-Key': key } })).status()).toBe(403);
  await page.getByRole('button', { name: 'Enable tenant' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByTestId('tenant-state')).toHaveText('Active', { timeout: 20_000 });
  expect((await request.get('/api/balance', { headers: { 'X-API-Key': key } })).status()).toBe(200);

  // The tenant's recent audit entries, and the whole log filtered to it.
  const recent = page.getByRole('region', { name: 'Recent audit entries' }).getByTestId('audit-entries');
  await expect(recent.locator('li[data-audit-action="tenant-toggle"]')).toHaveCount(2);
  await snapshot(page, 'test-results/tenants-page-en.png');
  await page.getByRole('link', { name: 'Whole audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const log = page.getByTestId('audit-entries');
  for (const action of ['tenant-create', 'tenant-credit', 'tenant-toggle']) {
    await expect(log.locator(`li[data-audit-action="${action}"]`).first()).toHaveAttribute(
      'data-audit-actor',
      'operator-console',
    );
  }
  await expect(log.locator('li[data-audit-action="tenant-credit"]')).toContainText('300');
  await expect(log.locator('li[data-audit-action="tenant-credit"]')).toContainText('500');
  await expect(log).toContainText('Operator console');
  await expect(log).not.toContainText(key);
  await snapshot(page, 'test-results/tenants-audit-en.png');

  // The same pages in Chinese, and at phone width.
  await chooseLanguage(page.context(), 'zh-CN');
  await page.goto('/operator/tenants');
  await expect(page.getByRole('heading', { level: 1, name: '租户' })).toBeVisible();
  await snapshot(page, 'test-results/tenants-list-zh.png');
  await page.goto('/operator/audit');
  await expect(page.getByRole('heading', { level: 1, name: '审计日志' })).toBeVisible();
  await expect(page.getByTestId('audit-entries')).toContainText('运营控制台');
  // Actions and fields in Chinese words, not the API's ids.
  await expect(page.getByTestId('audit-entries')).toContainText('创建租户');
  await expect(page.getByTestId('audit-entries')).toContainText('每月额度');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('navigation', { name: '运营后台' }).getByRole('link', { name: '租户' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '租户' })).toBeVisible();
  await page.getByLabel('搜索租户').fill(suffix);
  await page.getByTestId('tenants-table').getByRole('link', { name }).first().click();
  await expect(page.getByRole('heading', { level: 2, name: '积分流水' })).toBeVisible();
  // The notes Studio wrote, in Chinese; the note the operator typed, as typed.
  await expect(page.getByTestId('tenant-ledger')).toContainText('开户积分');
  await expect(page.getByTestId('tenant-ledger')).toContainText(`E2E top-up ${suffix}`);
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/tenants-page-zh-phone.png');
});
