import { devices } from '@playwright/test';
import { E2E_ADMIN_KEY, E2E_BASE_URL } from './env';
import { createTenant, expect, expectNoSidewaysScroll, snapshot, test } from './helpers';

test.use({ ...devices['Pixel 7'] });

test('a buyer redeems a claim code on a phone and signs in to the buyer view', async ({ browser, page, request }) => {
  test.setTimeout(60_000);
  const seller = await createTenant(request, { name: '花漾小店', credits: 500 });
  const platform = await request.get('/api/templates?type=image&source=platform', {
    headers: { 'X-API-Key': seller.apiKey },
  });
  const templates = ((await platform.json()) as { templates: { id: string; gated: boolean; zh_name: string }[] })
    .templates;
  const gated = templates.find((t) => t.gated);
  const open = templates.find((t) => !t.gated);
  if (!gated || !open) throw new Error('the catalogue needs a gated and an open platform template');
  // The seller's own template, without sample images.
  const ownName = '小店手绘主图';
  const own = await request.post('/api/templates', {
    headers: { 'X-API-Key': seller.apiKey },
    data: {
      type: 'image',
      zh_name: ownName,
      slug: `e2e-own-${Date.now()}`,
      prompt_template: '{product}，手绘风格',
      fields: [{ key: 'product', label: '商品' }],
    },
  });
  expect(own.status()).toBe(200);
  const ownId = ((await own.json()) as { template: { id: string } }).template.id;
  const created = await request.post('/api/tenant-claims', {
    headers: { 'X-API-Key': seller.apiKey },
    data: {
      template_ids: [gated.id, open.id, ownId],
      credits: 60,
      tutorial_pdf_url: 'https://cdn.example.com/tips.pdf',
    },
  });
  expect(created.status()).toBe(200);
  const claim = (await created.json()) as { code: string; claim_url: string };

  await page.goto(new URL(claim.claim_url).pathname);
  await expect(page.getByRole('heading', { level: 1, name: '领取您的 AI 生图权益' })).toBeVisible();
  await expect(page.getByText('花漾小店 为您准备的 AI 生图权益')).toBeVisible();
  await expect(page.getByTestId('claim-credits')).toHaveText('60');
  const included = page.getByRole('list', { name: '所含模板' });
  await expect(included.getByText(gated.zh_name)).toBeVisible();
  // A template without samples is its name and form only: no picture, no empty box.
  const ownTile = included.getByRole('listitem').filter({ hasText: ownName });
  await expect(ownTile.getByText(ownName)).toBeVisible();
  await expect(ownTile.getByTestId('claim-template-sample')).toHaveCount(0);
  await expect(ownTile.locator(':scope > :first-child')).toContainText(ownName);
  await expect(page.getByText('附赠《AI生图核心技巧（教程PDF）》，领取后可下载。')).toBeVisible();
  await expectNoSidewaysScroll(page);

  const email = `buyer-${Date.now()}@example.cn`;
  await page.getByLabel('昵称').fill('小林');
  await page.getByLabel('邮箱').fill(email);
  // The buyer chooses the password, typed twice; a mismatch is refused in Chinese.
  const password = 'chun-cha-2026';
  await page.getByLabel('登录密码').fill(password);
  await page.getByLabel('再次输入密码').fill('chun-cha-2025');
  await page.getByRole('button', { name: '立即领取' }).click();
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
  await page.getByLabel('再次输入密码').fill(password);
  await page.getByRole('button', { name: '立即领取' }).click();
  const result = page.getByTestId('claim-result');
  await expect(result.getByRole('heading', { name: '领取成功' })).toBeVisible();
  await expect(result).toContainText(email);
  // A chosen password is never shown back.
  await expect(page.getByTestId('claim-password')).toHaveCount(0);
  await expect(result).not.toContainText(password);
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/claim-phone.png');
  // The new account is signed in on this device at once; the result leads into the console.
  await expect(result.getByTestId('claim-signed-in')).toHaveText(
    '你已在这台设备上登录。在其他设备上，请用这个邮箱和你的密码登录。',
  );
  await expect(result.getByRole('link', { name: '进入控制台' })).toHaveAttribute('href', '/overview');

  // Opening the link again shows it is used; "Already claimed? Sign in" carries the e-mail it was claimed with.
  await page.goto(new URL(claim.claim_url).pathname);
  await expect(page.getByRole('status')).toContainText('这个领取码已经被领取');
  const signInLink = await page.getByRole('link', { name: '已领取？去登录' }).getAttribute('href');
  expect(signInLink).toBe(`/login?${new URLSearchParams({ email, next: '/overview' }).toString()}`);

  // On another device (a fresh browser, same language): the sign-in page has the e-mail filled in.
  const other = await browser.newContext({
    baseURL: E2E_BASE_URL,
    locale: 'zh-CN',
    viewport: page.viewportSize() ?? undefined,
  });
  const otherPage = await other.newPage();
  await otherPage.goto(signInLink ?? '/login');
  await expect(otherPage.getByLabel('邮箱')).toHaveValue(email);
  await otherPage.getByLabel('密码').fill(password);
  await otherPage.getByRole('button', { name: '登录' }).click();
  await expect(otherPage).toHaveURL(/\/overview$/);
  await other.close();

  // The phone was signed in by the redemption: the console opens without a sign-in.
  await page.goto('/overview');
  await expect(page).toHaveURL(/\/overview$/);
  // The buyer view, in Chinese like the claim page: its own credits and the templates the code unlocked.
  await expect(page.getByRole('heading', { level: 1, name: '欢迎，小林' })).toBeVisible();
  await expect(page.getByTestId('credits')).toHaveText('60');
  await expect(page.getByTestId('your-template').filter({ hasText: gated.zh_name })).toBeVisible();
  await page.getByRole('button', { name: '打开菜单' }).click();
  const nav = page.getByRole('navigation', { name: '控制台' });
  await expect(nav.getByRole('link', { name: '模板', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: '成员' })).toHaveCount(0);
});

test.describe('codes that cannot be redeemed', () => {
  // Opening an unknown code answers 404, which the browser logs.
  test.use({ expectedConsoleErrors: { patterns: [/status of 404/] } });

  test('a disabled code says so, and an unknown code is not found', async ({ page, request }) => {
    const seller = await createTenant(request, { credits: 100 });
    const platform = await request.get('/api/templates?type=image&source=platform', {
      headers: { 'X-API-Key': seller.apiKey },
    });
    const template = ((await platform.json()) as { templates: { id: string }[] }).templates[0];
    const created = await request.post('/api/tenant-claims', {
      headers: { 'X-API-Key': seller.apiKey },
      data: { template_ids: [template?.id], credits: 5 },
    });
    const claim = (await created.json()) as { code: string };
    await request.post('/api/admin', {
      headers: { 'X-API-Key': E2E_ADMIN_KEY },
      data: { action: 'social-claim-disable', code: claim.code },
    });
    await page.goto(`/claim/${claim.code}`);
    await expect(page.getByRole('status')).toContainText('这个领取码已停用');
    await expect(page.getByRole('button', { name: '立即领取' })).toHaveCount(0);

    const missing = await page.goto('/claim/ZZZZZZZZZZZZZZZZZZZZ');
    expect(missing?.status()).toBe(404);
  });
});
