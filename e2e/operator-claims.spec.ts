import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_ADMIN_KEY } from './env';
import {
  chooseLanguage,
  createTenant,
  expect,
  expectNoSidewaysScroll,
  signInAsOperator,
  snapshot,
  test,
  type TestTenant,
} from './helpers';

/** A claim code of the tenant's own new template, made through the tenant API. */
async function claimCode(request: APIRequestContext, tenant: TestTenant, credits: number): Promise<string> {
  const tpl = await request.post('/api/templates', {
    headers: { 'X-API-Key': tenant.apiKey },
    data: {
      type: 'image',
      slug: `ops-e2e-${randomBytes(4).toString('hex')}`,
      zh_name: '运营测试海报',
      prompt_template: '为{shop}设计一张海报',
      fields: [{ key: 'shop', label: '店铺名' }],
    },
  });
  expect(tpl.status()).toBe(200);
  const { template } = (await tpl.json()) as { template: { id: string } };
  const res = await request.post('/api/tenant-claims', {
    headers: { 'X-API-Key': tenant.apiKey },
    data: { template_ids: [template.id], credits },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { code: string }).code;
}

/** Runs an image job for the tenant and waits until it is done; answers the credits it consumed today. */
async function chargedJob(request: APIRequestContext, tenant: TestTenant): Promise<number> {
  const res = await request.post('/api/generate', {
    headers: { 'X-API-Key': tenant.apiKey },
    data: { prompt: '一杯热拿铁，木桌，晨光', quality: 'high' },
  });
  expect(res.status()).toBe(200);
  const { jobId } = (await res.json()) as { jobId: string };
  await expect
    .poll(
      async () => {
        const job = await request.get(`/api/jobs?id=${jobId}`, { headers: { 'X-API-Key': tenant.apiKey } });
        return ((await job.json()) as { job: { status: string } }).job.status;
      },
      { timeout: 60_000 },
    )
    .toBe('done');
  const usage = await request.get('/api/tenant-usage?days=1', { headers: { 'X-API-Key': tenant.apiKey } });
  return ((await usage.json()) as { totals: { total: number } }).totals.total;
}

async function openSection(page: Page, name: string, path: RegExp) {
  await page.getByRole('navigation', { name: 'Operator' }).getByRole('link', { name }).click();
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
}

test('the operator finds an open claim code by searching, disables it, and the buyer page says it is no longer valid', async ({
  page,
  request,
}) => {
  const seller = await createTenant(request, { name: `运营检索花店 ${randomBytes(3).toString('hex')}`, credits: 500 });
  const code = await claimCode(request, seller, 80);
  await claimCode(request, seller, 20);

  await signInAsOperator(page, E2E_ADMIN_KEY);
  await expect(page).toHaveURL(/\/operator$/);
  await openSection(page, 'Claim codes', /\/operator\/claims$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Claim codes' })).toBeVisible();

  // The tenant's name finds both of its codes; part of the code finds the one.
  const table = page.getByTestId('operator-claims-table');
  await page.getByLabel('Search claim codes').fill(seller.name);
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await page.getByLabel('Search claim codes').fill(code.slice(0, 12).toLowerCase());
  const row = table.locator(`tr[data-code="${code}"]`);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(row).toContainText(seller.name);
  await expect(row).toContainText('80 credits');
  await expect(row).toContainText('1 template: 运营测试海报');
  await expect(row.getByTestId('claim-state')).toHaveText('Open');
  await snapshot(page, 'test-results/operator-claims.png');

  // Disabling asks first, then says how many credits went back; the row is disabled and has no button.
  await row.getByRole('button', { name: `Disable ${code}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Disable this claim code?' });
  await expect(dialog).toContainText('80 credits go back');
  await dialog.getByRole('button', { name: 'Disable code' }).click();
  await expect(page.getByTestId('claim-disabled-notice')).toHaveText(
    `${code} is disabled. 80 credits went back to ${seller.name}.`,
  );
  await expect(row.getByTestId('claim-state')).toHaveText('Disabled');
  await expect(row.getByRole('button', { name: `Disable ${code}` })).toHaveCount(0);
  const balance = await request.get('/api/balance', { headers: { 'X-API-Key': seller.apiKey } });
  expect(((await balance.json()) as { credits: number }).credits).toBe(500 - 20);

  // The state filter: the code is among the disabled ones, not the open ones.
  await page.getByLabel('Search claim codes').fill(seller.name);
  await page.getByRole('group', { name: 'Filter by state' }).getByRole('button', { name: 'Open' }).click();
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator(`tr[data-code="${code}"]`)).toHaveCount(0);
  await page.getByRole('group', { name: 'Filter by state' }).getByRole('button', { name: 'Disabled' }).click();
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator(`tr[data-code="${code}"]`)).toBeVisible();

  // The buyer's page no longer offers it.
  await page.goto(`/claim/${code}`);
  await expect(page.getByText('这个领取码已停用')).toBeVisible();
  await expect(page.getByRole('button', { name: '立即领取' })).toHaveCount(0);
});

test('the usage page shows a tenant’s charges after a job, by tenant, category and channel', async ({
  page,
  request,
}) => {
  const tenant = await createTenant(request, { name: `用量看板租户 ${randomBytes(3).toString('hex')}`, credits: 300 });
  const credits = await chargedJob(request, tenant);
  expect(credits).toBeGreaterThan(0);

  await signInAsOperator(page, E2E_ADMIN_KEY);
  await openSection(page, 'Usage', /\/operator\/usage$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Platform usage' })).toBeVisible();
  await expect(page.getByTestId('platform-chart')).toHaveAttribute('data-days', '30');
  const tenants = page.getByTestId('platform-tenants');
  const row = tenants.locator(`tr[data-tenant="${tenant.id}"]`);
  await expect(row).toContainText(tenant.name);
  await expect(row.locator('td[data-category="image"]')).toHaveText(String(credits));
  await expect(row.locator('td[data-category="total"]')).toHaveText(String(credits));
  await expect(row.getByTestId('tenant-charged')).toHaveText(/^¥\d/);
  await expect(page.getByTestId('platform-channels').locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Outbox' }).last()).toHaveAttribute('href', '/operator/outbox');

  // Narrowed to the tenant: its figures alone.
  await row.getByRole('button', { name: `Show only ${tenant.name}` }).click();
  await expect(page.getByTestId('platform-tenant')).toHaveValue(tenant.id);
  await expect(tenants.locator('tbody tr')).toHaveCount(1);
  await expect(page.getByTestId('platform-total-credits')).toHaveText(String(credits));
  await expect(page.getByTestId('platform-categories').locator('tr[data-category="image"] td').first()).toHaveText(
    String(credits),
  );
  await page.getByRole('group', { name: 'Window' }).getByRole('button', { name: '7 days' }).click();
  await expect(page.getByTestId('platform-chart')).toHaveAttribute('data-days', '7');
  await expect(page.getByTestId('platform-total-credits')).toHaveText(String(credits));
  await snapshot(page, 'test-results/operator-usage.png');
});

test('the claim codes and usage pages read in Chinese and fit a phone', async ({ page, request, context }) => {
  const seller = await createTenant(request, { name: `手机检查店 ${randomBytes(3).toString('hex')}`, credits: 300 });
  await claimCode(request, seller, 30);
  await chargedJob(request, seller);
  await signInAsOperator(page, E2E_ADMIN_KEY);
  await expect(page).toHaveURL(/\/operator$/);
  await chooseLanguage(context, 'zh-CN');

  await page.goto('/operator/claims');
  await expect(page.getByRole('heading', { level: 1, name: '领取码' })).toBeVisible();
  await expect(page.getByTestId('operator-claims-table').getByText('待领取').first()).toBeVisible();
  await snapshot(page, 'test-results/operator-claims-zh.png');
  await page.goto('/operator/usage');
  await expect(page.getByRole('heading', { level: 1, name: '平台用量' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '按租户' })).toBeVisible();
  await expect(page.getByTestId('platform-chart')).toBeVisible();
  await snapshot(page, 'test-results/operator-usage-zh.png');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/operator/claims');
  await page.getByLabel('搜索领取码').fill(seller.name);
  await expect(page.getByTestId('operator-claims-table').locator('tbody tr')).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  // The table scrolls sideways inside its card; the row's button stays in sight at its right edge.
  await expect(page.getByRole('button', { name: /^停用/ })).toBeInViewport({ ratio: 1 });
  await snapshot(page, 'test-results/operator-claims-phone.png');
  await page.goto('/operator/usage');
  await expect(page.getByTestId('platform-chart')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/operator-usage-phone.png');
});
