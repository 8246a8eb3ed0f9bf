import type { Page } from '@playwright/test';
import { E2E_ADMIN_KEY } from './env';
import { chooseLanguage, expect, expectNoSidewaysScroll, snapshot, test } from './helpers';

const shots = 'test-results/operator-language';

/** The language switch of the operator login page and shell: one of its two buttons. */
const languageButton = (page: Page, name: '中文' | 'English') =>
  page.getByRole('group', { name: /^(Language|语言)$/ }).getByRole('button', { name });

/** Signs in on the operator page in Chinese. */
async function signInInChinese(page: Page, key: string): Promise<void> {
  await page.goto('/operator/login/key');
  await page.getByLabel('超级管理员密钥').fill(key);
  await page.getByRole('button', { name: '登录' }).click();
}

test('in Chinese, the operator signs in and reads the upstreams and skills in Chinese', async ({ page, context }) => {
  await chooseLanguage(context, 'zh-CN');
  await page.goto('/operator/login/key');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page).toHaveTitle('运营后台登录 · Studio');
  await expect(page.getByRole('heading', { level: 1, name: '登录运营后台' })).toBeVisible();
  await expect(page.getByText('Studio 首次启动时打印一次')).toBeVisible();
  // Refusals come in Chinese, from the browser's check and from the server.
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText('请输入超级管理员密钥', { exact: true })).toBeVisible();
  await signInInChinese(page, 'sk-studio-notthekeyaaaaaaaaaaaaaaaaaaaaaaaaa');
  await expect(page.getByRole('alert').filter({ hasText: '这不是超级管理员密钥' })).toBeVisible();
  await snapshot(page, `${shots}/login-error-zh.png`);

  await signInInChinese(page, E2E_ADMIN_KEY);
  await expect(page).toHaveURL(/\/operator$/);
  await expect(page).toHaveTitle('上游通道 · 运营后台 · Studio');
  await expect(page.getByRole('heading', { level: 1, name: '上游通道' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: '运营后台' });
  await expect(nav.getByRole('link', { name: '上游通道' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(/^\d+\/\d+ 个启用 · 每 10 秒刷新$/)).toBeVisible();
  await expect(page.getByTestId('simulated-banner')).toContainText('当前为模拟结果');

  const table = page.getByTestId('upstreams-table');
  await expect(table.getByRole('columnheader', { name: '得分' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: '近期失败' })).toBeVisible();
  const a = table.locator('tr[data-upstream="sim-image-a"]');
  await expect(a.getByText('模拟', { exact: true })).toBeVisible();
  await expect(a.getByTestId('state-sim-image-a')).toHaveText('启用中');
  await expect(a.getByRole('switch', { name: '启用 sim-image-a' })).toHaveAttribute('aria-checked', 'true');
  await expect(
    a.getByRole('radiogroup', { name: 'sim-image-a 的评分' }).getByRole('radio', { checked: true }),
  ).toHaveAttribute('aria-label', /^\d 星（共 5 星）$/);
  // The score is explained in Chinese, from the figures the list answers.
  await a.getByRole('button', { name: /^原因/ }).click();
  const why = page.locator('#why-sim-image-a');
  await expect(why).toContainText('可选：得分');
  await expect(why).toContainText('成功率');
  await expect(why).toContainText('选择权重');
  await snapshot(page, `${shots}/upstreams-zh.png`);

  await nav.getByRole('link', { name: '技能' }).click();
  await expect(page).toHaveURL(/\/operator\/skills$/);
  await expect(page.getByRole('heading', { level: 1, name: '技能' })).toBeVisible();
  const skills = page.getByTestId('skills-table');
  await expect(skills.getByRole('columnheader', { name: '输入方式' })).toBeVisible();
  const white = skills.locator('tr[data-skill="product-white-background"]');
  await expect(white.getByTestId('kind-product-white-background')).toHaveText('一句话');
  await expect(white.getByTestId('origin-product-white-background')).toHaveText(/^(目录|运营)$/);
  await expect(white.getByRole('button', { name: '编辑 product-white-background' })).toBeVisible();
  await expect(page.getByTestId('origin-note')).toContainText('每次启动时与目录文件保持同步');
  await snapshot(page, `${shots}/skills-zh.png`);
  await page.getByRole('button', { name: '新建技能' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '创建技能' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '提示词与表单' })).toBeVisible();
  await expect(page.getByLabel('画面比例', { exact: true })).toHaveValue('1:1');
  await expect(page.getByTestId('prompt-slots')).toContainText('缺少：');
  await snapshot(page, `${shots}/skill-editor-zh.png`);

  // The shell's switch turns the area back to English.
  await languageButton(page, 'English').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('navigation', { name: 'Operator' }).getByRole('link', { name: 'Upstreams' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upstreams' })).toBeVisible();
  await expect(table.locator('tr[data-upstream="sim-image-a"]').getByTestId('state-sim-image-a')).toHaveText('Active');
});

test('the operator login page switches its language', async ({ page }) => {
  await page.goto('/operator/login/key');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the operator area' })).toBeVisible();
  await expect(languageButton(page, 'English')).toHaveAttribute('aria-pressed', 'true');

  await languageButton(page, '中文').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 1, name: '登录运营后台' })).toBeVisible();
  await expect(page.getByLabel('超级管理员密钥')).toHaveAttribute('type', 'password');
  await expect(page.getByRole('link', { name: '工作区登录' })).toHaveAttribute('href', '/login');
  await expect(languageButton(page, '中文')).toHaveAttribute('aria-pressed', 'true');
  await snapshot(page, `${shots}/login-zh.png`);

  // The choice holds after signing in.
  await page.getByLabel('超级管理员密钥').fill(E2E_ADMIN_KEY);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/operator$/);
  await expect(page.getByRole('heading', { level: 1, name: '上游通道' })).toBeVisible();

  await page.goto('/operator/login');
  // Signed in, the login page leads back into the area; signing out keeps Chinese.
  await expect(page).toHaveURL(/\/operator$/);
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/operator\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: '登录运营后台' })).toBeVisible();
  await languageButton(page, 'English').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the operator area' })).toBeVisible();
});

test('in Chinese on a phone, the operator area fits the screen', async ({ page, context }) => {
  await chooseLanguage(context, 'zh-CN');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/operator/login/key');
  await expect(page.getByRole('heading', { level: 1, name: '登录运营后台' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snapshot(page, `${shots}/login-phone-zh.png`);

  await signInInChinese(page, E2E_ADMIN_KEY);
  await expect(page).toHaveURL(/\/operator$/);
  const card = page.getByTestId('upstreams-cards').locator('[data-upstream="sim-image-a"]');
  await expect(card.getByText('得分', { exact: true })).toBeVisible();
  await expect(card.getByText('评分', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();
  await expect(languageButton(page, '中文')).toHaveAttribute('aria-pressed', 'true');
  await expectNoSidewaysScroll(page);
  await card.getByText('得分说明').click();
  await expect(card).toContainText('可选：得分');
  await snapshot(page, `${shots}/upstreams-phone-zh.png`);

  await page.getByRole('navigation', { name: '运营后台' }).getByRole('link', { name: '技能' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '技能' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snapshot(page, `${shots}/skills-phone-zh.png`);
});
