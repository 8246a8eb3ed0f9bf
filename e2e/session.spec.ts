import type { Browser, Page } from '@playwright/test';
import {
  chooseLanguage,
  createTenant,
  expect,
  expectNoSidewaysScroll,
  snapshot,
  test,
  type TestTenant,
} from './helpers';

/** Fills the sign-in form of the page it is on (the address keeps its `next`). */
async function signInHere(page: Page, tenant: TestTenant): Promise<void> {
  await page.getByLabel('Email').fill(tenant.email);
  await page.getByLabel('Password').fill(tenant.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The page's address is exactly `path` (with its query), on whatever host the tests run. */
const at = (path: string) => new RegExp(`^https?://[^/]+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

async function signInAt(page: Page, tenant: TestTenant, path: string): Promise<void> {
  await page.goto(`/login?next=${encodeURIComponent(path)}`);
  await signInHere(page, tenant);
  await expect(page).toHaveURL(at(path));
}

test.describe('sessions', () => {
  // The ended session's call answers 401, which the browser logs.
  test.use({ expectedConsoleErrors: { patterns: [/status of 401/] } });

  test('a page opened without a session goes to sign-in and comes back after it', async ({ page, request }) => {
    const tenant = await createTenant(request);
    await page.goto('/jobs?status=done');
    await expect(page).toHaveURL(at('/login?next=%2Fjobs%3Fstatus%3Ddone'));
    await signInHere(page, tenant);
    await expect(page).toHaveURL(at('/jobs?status=done'));
    await expect(page.getByRole('heading', { name: 'Generation jobs' })).toBeVisible();
  });

  test('a next that leads off the site is ignored', async ({ page, request }) => {
    const tenant = await createTenant(request);
    await page.goto('/login?next=%2F%2Fexample.com%2Fsteal');
    await signInHere(page, tenant);
    await expect(page).toHaveURL(at('/overview'));
  });

  test('a session that ends while a page is open lands on sign-in, not on the API’s text, and comes back', async ({
    page,
    request,
    context,
  }) => {
    const tenant = await createTenant(request);
    await signInAt(page, tenant, '/members');
    await context.clearCookies();
    const form = page.getByRole('form', { name: 'Add a member' });
    await form.getByLabel('Email').fill('late@e2e.studio.test');
    await form.getByLabel('Nickname').fill('Late');
    await form.getByRole('button', { name: 'Add member' }).click();
    await expect(page).toHaveURL(at('/login?next=%2Fmembers'));
    await expect(page.getByText(/Missing API key/)).toHaveCount(0);
    await signInHere(page, tenant);
    await expect(page).toHaveURL(at('/members'));
    // Nothing was added while signed out.
    await expect(page.getByTestId('member-row')).toHaveCount(0);
  });
});

test.describe('network failures', () => {
  test.use({ expectedConsoleErrors: { patterns: [/ERR_INTERNET_DISCONNECTED|ERR_FAILED/] } });

  test('a read that cannot reach Studio says so in the page’s language and retries', async ({
    page,
    request,
    context,
  }) => {
    const tenant = await createTenant(request);
    await signInAt(page, tenant, '/claims');
    // Only the codes list reads again; the batches list beside it keeps what it read.
    const codes = page.getByRole('region', { name: 'Claim codes' });
    await expect(codes.getByText('No claim codes yet')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.route('**/api/trpc/**', (route) => route.abort('internetdisconnected'));
    await codes.getByRole('group', { name: 'Filter by state' }).getByRole('button', { name: 'Redeemed' }).click();
    const alert = codes.getByRole('alert').filter({ hasText: 'Could not reach Studio. Check your connection.' });
    await expect(alert).toBeVisible();
    await page.unroute('**/api/trpc/**');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('No redeemed codes')).toBeVisible();
    await expect(alert).toHaveCount(0);

    await chooseLanguage(context, 'zh-CN');
    await page.reload();
    const codesZh = page.getByRole('region', { name: '领取码' });
    await expect(codesZh.getByText('还没有领取码')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.route('**/api/trpc/**', (route) => route.abort('internetdisconnected'));
    await codesZh.getByRole('group', { name: '按状态筛选' }).getByRole('button', { name: '已停用' }).click();
    await expect(codesZh.getByRole('alert').filter({ hasText: '无法连接到 Studio，请检查网络连接。' })).toBeVisible();
    await snapshot(page, 'test-results/session/network-zh.png');
  });

  test('an action that cannot reach Studio gives its button back and says why', async ({ page, request }) => {
    const tenant = await createTenant(request);
    await signInAt(page, tenant, '/members');
    await page.route('**/api/trpc/members.create**', (route) => route.abort('internetdisconnected'));
    const form = page.getByRole('form', { name: 'Add a member' });
    await form.getByLabel('Email').fill('offline@e2e.studio.test');
    await form.getByLabel('Nickname').fill('Offline');
    await form.getByRole('button', { name: 'Add member' }).click();
    await expect(
      form.getByRole('alert').filter({ hasText: 'Could not reach Studio. Check your connection.' }),
    ).toBeVisible();
    await expect(form.getByRole('button', { name: 'Add member' })).toBeEnabled();
    await page.unroute('**/api/trpc/members.create**');
    await form.getByRole('button', { name: 'Add member' }).click();
    await expect(page.getByTestId('member-created')).toContainText('Added Offline');
  });
});

test('a job’s page is titled by the job, in both languages', async ({ page, request, context }) => {
  const tenant = await createTenant(request);
  const res = await request.post('/api/generate', {
    headers: { 'X-API-Key': tenant.apiKey },
    data: { prompt: '标题测试', quality: 'low', ratio: '1:1' },
  });
  const { jobId } = (await res.json()) as { jobId: string };
  expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
  await signInAt(page, tenant, `/jobs/${jobId}`);
  await expect(page).toHaveTitle(`Job ${jobId.slice(0, 8)}… · Studio`);
  await chooseLanguage(context, 'zh-CN');
  await page.reload();
  await expect(page).toHaveTitle(`任务 ${jobId.slice(0, 8)}… · Studio`);
});

async function phonePage(browser: Browser, touch: boolean): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: touch,
    isMobile: touch,
    locale: 'en-US',
  });
  return context.newPage();
}

test('the uploads drop zone offers to choose files on a touch screen, and to drop them with a mouse', async ({
  browser,
  page,
  request,
}) => {
  const tenant = await createTenant(request);
  const phone = await phonePage(browser, true);
  await signInAt(phone, tenant, '/uploads');
  const prompt = phone.getByTestId('drop-zone-prompt');
  await expect(prompt.getByText('Choose files', { exact: true })).toBeVisible();
  await expect(prompt.getByText('Drop files here, or click to choose')).toBeHidden();
  await phone.context().close();

  await signInAt(page, tenant, '/uploads');
  await expect(page.getByTestId('drop-zone-prompt').getByText('Drop files here, or click to choose')).toBeVisible();
  await expect(page.getByTestId('drop-zone-prompt').getByText('Choose files', { exact: true })).toBeHidden();
});

test('members, claim codes, jobs and usage read as cards on a phone, in both languages', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const tenant = await createTenant(request, { credits: 5000 });
  const headers = { 'X-API-Key': tenant.apiKey };
  const member = await request.post('/api/tenant-accounts', {
    headers,
    data: { action: 'create', email: 'phone@e2e.studio.test', nickname: '手机成员 with a rather long nickname' },
  });
  expect(member.status()).toBe(200);
  const job = await request.post('/api/generate', {
    headers,
    data: {
      prompt: '一张很长很长的提示词，用来检查手机上的卡片会不会把页面撑宽'.repeat(3),
      quality: 'low',
      ratio: '1:1',
    },
  });
  expect(job.status()).toBe(200);

  const phone = await phonePage(browser, true);
  await signInAt(phone, tenant, '/members');
  for (const locale of ['en', 'zh-CN'] as const) {
    await chooseLanguage(phone.context(), locale);
    for (const [path, testId] of [
      ['/members', 'member-row'],
      ['/claims', null],
      ['/jobs', 'jobs-cards'],
      ['/usage', null],
    ] as const) {
      await phone.goto(path);
      if (testId) await expect(phone.getByTestId(testId).first()).toBeVisible();
      else await expect(phone.getByRole('heading', { level: 1 })).toBeVisible();
      if (path === '/jobs') await expect(phone.getByTestId('jobs-table')).toBeHidden();
      await expectNoSidewaysScroll(phone);
      await snapshot(phone, `test-results/session/phone-${path.slice(1)}-${locale}.png`);
    }
  }
  await phone.context().close();
});
