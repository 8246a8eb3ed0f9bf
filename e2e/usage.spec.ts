import type { APIRequestContext, Page } from '@playwright/test';
import { chooseLanguage, createTenant, expect, expectNoSidewaysScroll, signIn, snapshot, test } from './helpers';

/** Today on the Asia/Shanghai calendar, as the usage report names it. */
const shanghaiToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());

/** Generates a high-quality image (4 credits) through the API with the tenant key and waits until it is done. */
async function generateImage(request: APIRequestContext, apiKey: string, prompt: string): Promise<void> {
  const headers = { 'X-API-Key': apiKey };
  const res = await request.post('/api/generate', { headers, data: { prompt, quality: 'high', ratio: '1:1' } });
  const body = (await res.json()) as { jobId?: string; error?: string };
  expect(res.status(), body.error).toBe(200);
  await expect
    .poll(
      async () => {
        const job = await request.get(`/api/jobs?id=${body.jobId}`, { headers });
        return ((await job.json()) as { job?: { status: string } }).job?.status;
      },
      { timeout: 20_000 },
    )
    .toBe('done');
}

const dayRows = (page: Page) => page.getByTestId('usage-table').locator('tbody tr');

test('Usage shows today’s credits by category, the month against the quota, and recent activity', async ({
  page,
  request,
}) => {
  // A long walk (two windows, a reload, a phone) over a page that now also holds the range report.
  test.setTimeout(60_000);
  const tenant = await createTenant(request, { credits: 1234, quotaMonthly: 5000 });
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);

  // Before anything is consumed: an empty state, not an empty chart.
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Usage' }).click();
  await expect(page).toHaveURL(/\/usage$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Credits and activity' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Usage' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('heading', { name: 'No credits used in the last 30 days' })).toBeVisible();
  await expect(page.getByTestId('jobs-empty')).toContainText('No jobs were created in the last 24 hours.');
  await expect(page.getByTestId('stat-success-rate')).toHaveText('—');
  await expect(page.getByTestId('stat-charged')).toHaveText('¥0.00');
  await snapshot(page, 'test-results/usage-empty-desktop.png');

  await generateImage(request, tenant.apiKey, '春日樱花下的猫咪，水彩风格');
  await generateImage(request, tenant.apiKey, '一杯拿铁咖啡的俯拍，极简背景');
  // Upstream attempts are logged in short batches: wait until both are counted.
  await expect
    .poll(async () => {
      const res = await request.get('/api/tenant-stats', { headers: { 'X-API-Key': tenant.apiKey } });
      return ((await res.json()) as { mine: { attempts_total: number } }).mine.attempts_total;
    })
    .toBeGreaterThanOrEqual(2);
  await page.reload();

  // Two high-quality images: 4 credits each, all of it image work, all of it today.
  await expect(page.getByTestId('usage-total')).toHaveText('8');
  await expect(page.getByTestId('usage-total-image')).toHaveText('8');
  for (const other of ['video', 'chat', 'reverse', 'other'])
    await expect(page.getByTestId(`usage-total-${other}`)).toHaveText('0');
  await expect(page.getByTestId('usage-credits')).toHaveText('1,226');
  await expect(page.getByTestId('usage-month-used')).toHaveText('8');
  await expect(page.getByTestId('usage-quota')).toHaveText('5,000');
  await expect(page.getByRole('progressbar', { name: 'This month' })).toHaveAttribute(
    'aria-valuetext',
    '8 of 5,000 credits used',
  );

  // The chart has a slot per day and today's bar; its tooltip names each category and the total.
  const chart = page.getByTestId('usage-chart');
  await expect(chart).toHaveAttribute('data-days', '30');
  const bar = chart.locator('.recharts-bar-rectangle path');
  await expect(bar).toHaveCount(1);
  await bar.hover();
  const tooltip = page.getByTestId('usage-tooltip');
  await expect(tooltip).toContainText('Today ·');
  await expect(tooltip.locator('div').filter({ hasText: /^Image/ })).toContainText('8');
  await expect(tooltip.locator('div').filter({ hasText: /^Video/ })).toContainText('0');
  await expect(tooltip.locator('div').filter({ hasText: /^Total/ })).toContainText('8');

  // The same figures as a table: newest first, today's row carrying the 8 credits.
  await expect(dayRows(page)).toHaveCount(30);
  const today = dayRows(page).first();
  await expect(today).toHaveAttribute('data-date', shanghaiToday());
  await expect(today.locator('[data-category="image"]')).toHaveText('8');
  await expect(today.locator('[data-category="video"]')).toHaveText('0');
  await expect(today.locator('[data-category="total"]')).toHaveText('8');
  await expect(dayRows(page).nth(1).locator('[data-category="total"]')).toHaveText('0');
  await expect(page.getByTestId('usage-table').locator('tfoot')).toContainText('30 days');

  await page.getByRole('button', { name: 'Show as table' }).click();
  await expect(page.getByRole('region', { name: 'Credits per day' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-expanded', 'true');

  // The window switch: 7, 30 and 90 day slots, remembered in the address.
  const days = page.getByRole('group', { name: 'Days shown' });
  await days.getByRole('radio', { name: '7 days' }).check();
  await expect(dayRows(page)).toHaveCount(7);
  await expect(chart).toHaveAttribute('data-days', '7');
  await expect(page).toHaveURL(/\/usage\?days=7$/);
  await expect(dayRows(page).first().locator('[data-category="total"]')).toHaveText('8');
  await snapshot(page, 'test-results/usage-desktop.png');
  await days.getByRole('radio', { name: '90 days' }).check();
  await expect(dayRows(page)).toHaveCount(90);
  await expect(chart).toHaveAttribute('data-days', '90');
  await expect(page.getByTestId('usage-total')).toHaveText('8');

  // Activity over 24 hours, then 7 days: both jobs done, billed at 8 × ¥0.10.
  const stats = async () => {
    await expect(page.getByTestId('jobs-total')).toHaveText('2');
    await expect(page.getByTestId('jobs-done')).toHaveText('2');
    await expect(page.getByTestId('jobs-failed')).toHaveText('0');
    await expect(page.getByTestId('jobs-processing')).toHaveText('0');
    await expect(page.getByTestId('stat-success-rate')).toHaveText('100%');
    await expect(page.getByTestId('stat-p95')).toHaveText(/^\d+(\.\d)? (ms|s)$/);
    await expect(page.getByTestId('stat-charged')).toHaveText('¥0.80');
    expect(Number(await page.getByTestId('stat-attempts').textContent())).toBeGreaterThanOrEqual(2);
  };
  await stats();
  await expect(page.getByText('jobs in the last 24 hours')).toBeVisible();
  await page.getByRole('group', { name: 'Activity window' }).getByRole('radio', { name: '7 days' }).check();
  await expect(page).toHaveURL(/\/usage\?days=90&hours=168$/);
  await expect(page.getByText('jobs in the last 7 days')).toBeVisible();
  await stats();

  // A reload keeps both windows.
  await page.reload();
  await expect(page.getByRole('group', { name: 'Days shown' }).getByRole('radio', { name: '90 days' })).toBeChecked();
  await expect(
    page.getByRole('group', { name: 'Activity window' }).getByRole('radio', { name: '7 days' }),
  ).toBeChecked();
  await expect(dayRows(page)).toHaveCount(90);

  // On a phone: nothing wider than the screen, whichever window.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('usage-chart')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('group', { name: 'Days shown' }).getByRole('radio', { name: '30 days' }).check();
  await expect(dayRows(page)).toHaveCount(30);
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Show as table' }).click();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Hide table' }).click();
  await snapshot(page, 'test-results/usage-phone.png');
});

test('the usage page reads in Chinese once the console speaks it', async ({ page, request }) => {
  const tenant = await createTenant(request, { credits: 1234, quotaMonthly: 5000 });
  await generateImage(request, tenant.apiKey, '雨后的江南小巷，青石板路');
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await chooseLanguage(page.context(), 'zh-CN');
  await page.goto('/usage');
  await expect(page).toHaveTitle('用量 · Studio');
  await expect(page.getByRole('heading', { level: 1, name: '积分与活动' })).toBeVisible();
  await expect(page.getByTestId('usage-total-image')).toHaveText('4');
  await expect(page.getByRole('progressbar', { name: '本月' })).toHaveAttribute(
    'aria-valuetext',
    '已用 4 / 5,000 积分',
  );
  await expect(page.getByText('最近 24 小时共 1 个任务')).toBeVisible();

  // The chart's tooltip and the table name days in Chinese.
  const bar = page.getByTestId('usage-chart').locator('.recharts-bar-rectangle path');
  await bar.hover();
  await expect(page.getByTestId('usage-tooltip')).toContainText(/^今天 · \d{1,2}月\d{1,2}日周./);
  await page.getByRole('button', { name: '以表格显示' }).click();
  await expect(page.getByRole('region', { name: '每日积分明细' })).toBeVisible();
  await expect(page.getByTestId('usage-table').locator('tfoot')).toContainText('30 天');
  await page.getByRole('group', { name: '显示天数' }).getByRole('radio', { name: '7 天' }).check();
  await expect(dayRows(page)).toHaveCount(7);
  await snapshot(page, 'test-results/usage-zh.png');
});

test('an admin filters usage by member for a custom range and exports it as CSV', async ({ page, request }) => {
  // Two members' jobs, a range, a group, a member, a download and its rows: more than half a minute.
  test.setTimeout(60_000);
  const tenant = await createTenant(request, { credits: 1234, quotaMonthly: 5000 });
  const created = await request.post('/api/tenant-accounts', {
    headers: { 'X-API-Key': tenant.apiKey },
    data: { action: 'create', email: `lin-${Date.now()}@e2e.studio.test`, nickname: '小林', shared: true },
  });
  const member = ((await created.json()) as { account: { account_id: string; api_key: string } }).account;
  await generateImage(request, member.api_key, '小林的海边日落');
  await generateImage(request, tenant.apiKey, '租户自己的山间小屋');
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto('/usage');

  // A custom range: the last three Shanghai days, grouped by member, then narrowed to 小林.
  const slice = page.getByTestId('usage-slice');
  const today = shanghaiToday();
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 2 * 86_400_000).toISOString().slice(0, 10);
  // The table has read the default range first, so the page is live before the range is changed.
  await expect(page.getByTestId('usage-slice-table')).toBeVisible();
  await slice.getByLabel('From').fill(from);
  await expect(page).toHaveURL(new RegExp(`from=${from}`));
  await slice.getByRole('group', { name: 'Group by' }).getByRole('button', { name: 'Member' }).click();
  const table = page.getByTestId('usage-slice-table');
  await expect(table.locator(`tr[data-key="${member.account_id}"] [data-field="credits"]`)).toHaveText('4');
  await expect(table.locator('tr[data-key="tenant"] [data-field="credits"]')).toHaveText('4');
  await expect(table.locator('tfoot [data-field="credits"]')).toHaveText('8');
  await slice.getByLabel('Member').selectOption({ label: '小林' });
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tfoot [data-field="cny"]')).toHaveText('¥0.40');
  await expect(page).toHaveURL(new RegExp(`from=${from}&group=member&member=${member.account_id}`));

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    slice.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`usage-member-${from}_${today}.csv`);
  const csv = await download.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  });
  expect(csv.split('\r\n')).toEqual([
    '\uFEFFfrom,to,group_by,key,label,calls,credits,cny',
    `${from},${today},member,${member.account_id},小林,1,4,0.40`,
    `${from},${today},member,total,,1,4,0.40`,
    '',
  ]);

  // The filters live in the address: a reload, and the page in Chinese, open the same table.
  await chooseLanguage(page.context(), 'zh-CN');
  await page.reload();
  await expect(page.getByRole('heading', { name: '按日期范围查看用量' })).toBeVisible();
  await expect(page.getByTestId('usage-slice-table').locator('tfoot')).toContainText('合计');
  await expect(page.getByTestId('usage-slice-table').locator('tbody tr')).toHaveCount(1);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
});
