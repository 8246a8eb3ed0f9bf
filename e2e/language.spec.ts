import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_BASE_URL } from './env';
import { createTenant, expect, expectNoSidewaysScroll, signIn, snapshot, test } from './helpers';

const shots = 'test-results/language';

const htmlLang = (page: Page) => page.locator('html');

/** The switch in the console's sidebar (desktop) or sign-in and claim pages: one of its two buttons. */
const languageButton = (page: Page, name: '中文' | 'English') =>
  page.getByRole('group', { name: /^(Language|语言)$/ }).getByRole('button', { name });

/** A seller's claim code for one gated platform template, with a tutorial. */
async function claimCode(request: APIRequestContext): Promise<string> {
  const seller = await createTenant(request, { name: '花漾小店', credits: 5000 });
  const listed = await request.get('/api/templates?type=image&source=platform', {
    headers: { 'X-API-Key': seller.apiKey },
  });
  const gated = ((await listed.json()) as { templates: { id: string; gated: boolean }[] }).templates.find(
    (t) => t.gated,
  );
  if (!gated) throw new Error('the catalogue needs a gated platform image template');
  const created = await request.post('/api/tenant-claims', {
    headers: { 'X-API-Key': seller.apiKey },
    data: { template_ids: [gated.id], credits: 1500, tutorial_pdf_url: 'https://cdn.example.com/tips.pdf' },
  });
  expect(created.status()).toBe(200);
  return ((await created.json()) as { code: string }).code;
}

test('a tenant administrator switches the console to Chinese, and it stays Chinese across reloads and sign-ins', async ({
  page,
  request,
}) => {
  const tenant = await createTenant(request);
  await page.goto('/login');
  await expect(htmlLang(page)).toHaveAttribute('lang', 'en');
  await snapshot(page, `${shots}/login-en.png`);

  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole('heading', { name: 'Get started' })).toBeVisible();
  await expect(languageButton(page, 'English')).toHaveAttribute('aria-pressed', 'true');
  await snapshot(page, `${shots}/overview-en.png`);

  await languageButton(page, '中文').click();
  await expect(htmlLang(page)).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { name: '快速开始' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: '控制台' });
  await expect(nav.getByRole('link', { name: '概览' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: '成员' })).toHaveAttribute('href', '/members');
  await expect(nav.getByText('管理', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: '可用积分' })).toBeVisible();
  await expect(page.getByTestId('credits')).toHaveText('1,234');
  await expect(page.getByTestId('simulated-banner')).toContainText('当前为模拟结果');
  await expect(page).toHaveTitle('概览 · Studio');

  await page.reload();
  await expect(htmlLang(page)).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { name: '快速开始' })).toBeVisible();
  await expect(languageButton(page, '中文')).toHaveAttribute('aria-pressed', 'true');
  await snapshot(page, `${shots}/overview-zh.png`);

  // Signing out keeps the choice: the sign-in page and the next session speak Chinese too.
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(htmlLang(page)).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { name: '登录您的工作区' })).toBeVisible();
  await page.getByLabel('邮箱').fill(tenant.email);
  await page.getByLabel('密码').fill('not-the-password');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '邮箱或密码不正确' })).toBeVisible();
  await snapshot(page, `${shots}/login-zh.png`);
  await page.getByLabel('密码').fill(tenant.password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole('heading', { name: '快速开始' })).toBeVisible();

  // And back to English.
  await languageButton(page, 'English').click();
  await expect(htmlLang(page)).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Get started' })).toBeVisible();
});

test('the choice is remembered on the account: another browser follows it after signing in', async ({
  page,
  request,
  browser,
}) => {
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await languageButton(page, '中文').click();
  await expect(htmlLang(page)).toHaveAttribute('lang', 'zh-CN');

  // A second browser, English by its settings and without the cookie.
  const other = await browser.newContext({ locale: 'en-US', baseURL: E2E_BASE_URL });
  const second = await other.newPage();
  await second.goto('/login');
  await expect(htmlLang(second)).toHaveAttribute('lang', 'en');
  await signIn(second, tenant.email, tenant.password);
  await expect(second).toHaveURL(/\/overview$/);
  await expect(htmlLang(second)).toHaveAttribute('lang', 'zh-CN');
  await expect(second.getByRole('heading', { name: '快速开始' })).toBeVisible();
  // Choosing English there is remembered too, for the first browser once its own choice is gone.
  await languageButton(second, 'English').click();
  await expect(htmlLang(second)).toHaveAttribute('lang', 'en');
  await other.close();
  await page.context().clearCookies({ name: 'studio_locale' });
  await page.reload();
  await expect(htmlLang(page)).toHaveAttribute('lang', 'en');
});

test('the sign-in page follows a Chinese browser', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN', baseURL: E2E_BASE_URL });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(htmlLang(page)).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { name: '登录您的工作区' })).toBeVisible();
  await expect(page.getByLabel('邮箱')).toHaveAttribute('placeholder', 'name@company.cn');
  // Submitting nothing is refused in Chinese, in the browser.
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText('请输入邮箱', { exact: true })).toBeVisible();
  await context.close();
});

test('the claim page opens in Chinese for a Chinese browser, and the buyer may switch it to English', async ({
  browser,
  request,
}) => {
  const code = await claimCode(request);
  const context = await browser.newContext({
    locale: 'zh-CN',
    baseURL: E2E_BASE_URL,
    viewport: { width: 412, height: 915 },
  });
  const page = await context.newPage();
  await page.goto(`/claim/${code}`);
  await expect(htmlLang(page)).toHaveAttribute('lang', 'zh-CN');
  await expect(page).toHaveTitle('领取权益 · Studio');
  await expect(page.getByRole('heading', { level: 1, name: '领取您的 AI 生图权益' })).toBeVisible();
  await expect(page.getByTestId('claim-credits')).toHaveText('1,500');
  await expect(page.getByText('另含 1 款专属模板，附赠教程')).toBeVisible();
  await expect(page.getByLabel('昵称')).toHaveAttribute('placeholder', '怎么称呼您');
  await page.getByRole('button', { name: '立即领取' }).click();
  await expect(page.getByText('请填写昵称')).toBeVisible();
  await snapshot(page, `${shots}/claim-zh.png`);

  await languageButton(page, 'English').click();
  await expect(htmlLang(page)).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Claim your AI image benefits' })).toBeVisible();
  await expect(page.getByText('AI image benefits from 花漾小店')).toBeVisible();
  await expect(page.getByText('Plus 1 exclusive template, with a tutorial')).toBeVisible();
  await page.getByLabel('Nickname').fill('Lin');
  await page.getByLabel('Email').fill(`buyer-${Date.now()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('spring-tea-2026');
  await page.getByLabel('Repeat the password').fill('spring-tea-2026');
  await page.getByRole('button', { name: 'Claim now' }).click();
  const result = page.getByTestId('claim-result');
  await expect(result.getByRole('heading', { name: 'Claimed' })).toBeVisible();
  await expect(result).toContainText('1,500 credits and 1 template were added to the account');
  await expect(result).toContainText('Sign in with this email and the password you just chose');
  await expect(result.getByTestId('claim-signed-in')).toHaveText(
    'You are signed in on this device. Elsewhere, sign in with this e-mail and your password.',
  );
  await expect(result.getByRole('link', { name: 'Open your console' })).toHaveAttribute('href', '/overview');
  await snapshot(page, `${shots}/claim-en.png`);
  await context.close();
});

test('a buyer who chose nothing gets a Chinese console, whatever the browser says', async ({ page, request }) => {
  const code = await claimCode(request);
  const email = `buyer-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.cn`;
  const redeemed = await request.post('/api/social-claims', { data: { code, nickname: '小林', email } });
  expect(redeemed.status()).toBe(200);
  const { sign_in } = (await redeemed.json()) as { sign_in: { email: string; password: string } };

  await signIn(page, sign_in.email, sign_in.password);
  await expect(page).toHaveURL(/\/overview$/);
  await expect(htmlLang(page)).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 1, name: '欢迎，小林' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '我的积分' })).toBeVisible();
  await expect(page.getByTestId('credits')).toHaveText('1,500');
  await expect(page.getByText('个人账户').first()).toBeVisible();
  await expect(page.getByTestId('your-template').getByRole('link', { name: /^在创作台使用：/ })).toBeVisible();
  await snapshot(page, `${shots}/buyer-overview-zh.png`);

  await languageButton(page, 'English').click();
  await expect(htmlLang(page)).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, 小林' })).toBeVisible();
  await expect(page.getByText(/^Enough for about \d+ high-quality images \(\d+ credits each\)\.$/)).toBeVisible();
  await snapshot(page, `${shots}/buyer-overview-en.png`);
});

test('on a phone the switch sits in the menu', async ({ page, request }) => {
  const tenant = await createTenant(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await languageButton(page, '中文').click();
  await expect(htmlLang(page)).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('navigation', { name: '控制台' }).getByRole('link', { name: '概览' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('button', { name: '关闭菜单' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snapshot(page, `${shots}/overview-phone-menu-zh.png`);
});
