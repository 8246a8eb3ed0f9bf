import { E2E_ADMIN_KEY, E2E_BASE_URL } from './env';
import {
  chooseLanguage,
  createTenant,
  expect,
  expectNoSidewaysScroll,
  signIn,
  signInAsOperator,
  snapshot,
  test,
} from './helpers';

// A missing page answers 404, which Chrome logs as a console error.
test.use({ expectedConsoleErrors: { patterns: [/status of 404 \(Not Found\)/] } });

test('an unknown address shows the branded 404 with a way back to the console', async ({ page, request }) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Studio');
  const tenant = await createTenant(request);
  await page.getByRole('link', { name: 'Go to the console' }).click();
  // Signed out, the console sends the visitor to sign in; signed in, they are home.
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto('/templates/not-a-real-page/really');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the console' }).click();
  await expect(page).toHaveURL(/\/overview$/);
});

test('the 404 speaks Chinese to a Chinese browser, and an unknown claim code says what to do', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN', baseURL: E2E_BASE_URL });
  const page = await context.newPage();
  await page.goto('/no-such-page');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 1, name: '页面不存在' })).toBeVisible();
  await expect(page.getByRole('link', { name: '返回控制台' })).toBeVisible();
  await snapshot(page, 'test-results/errors/not-found-zh.png');
  await context.close();

  // The claim page speaks Chinese to buyers whatever their browser says.
  const english = await browser.newContext({ locale: 'en-US', baseURL: E2E_BASE_URL });
  const buyer = await english.newPage();
  const res = await buyer.goto('/claim/NO-SUCH-CODE');
  expect(res?.status()).toBe(404);
  await expect(buyer.getByRole('heading', { level: 1, name: '领取码不存在' })).toBeVisible();
  await expect(buyer.getByText('请检查收到的链接，或联系卖家重新获取。')).toBeVisible();
  await expect(buyer.getByRole('link', { name: '登录我的账户' })).toHaveAttribute('href', '/login');
  await snapshot(buyer, 'test-results/errors/claim-not-found-zh.png');
  await english.close();
});

test('an unknown operator address shows the operator area’s 404, with the way back to it', async ({ page }) => {
  const res = await page.goto('/operator/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'This operator page does not exist' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Studio');
  await snapshot(page, 'test-results/errors/operator-not-found-en.png');
  // Signed out, the way back leads to the operator sign-in; signed in, into the area.
  await page.getByRole('link', { name: 'Back to the operator area' }).click();
  await expect(page).toHaveURL(/\/operator\/login$/);
  await signInAsOperator(page, E2E_ADMIN_KEY);
  await expect(page).toHaveURL(/\/operator$/);
  await page.goto('/operator/skills/not-a-real-page');
  await expect(page.getByRole('heading', { level: 1, name: 'This operator page does not exist' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the operator area' }).click();
  await expect(page).toHaveURL(/\/operator$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Upstreams' })).toBeVisible();
});

test('the operator area’s 404 speaks the visitor’s language, on a phone too', async ({ page, context }) => {
  await chooseLanguage(context, 'zh-CN');
  await page.setViewportSize({ width: 390, height: 844 });
  const res = await page.goto('/operator/nothing/here');
  expect(res?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 1, name: '运营后台没有这个页面' })).toBeVisible();
  await expect(page).toHaveTitle('页面不存在 · Studio');
  await expect(page.getByRole('link', { name: '返回运营后台' })).toHaveAttribute('href', '/operator');
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/errors/operator-not-found-zh-phone.png');
  // Its language switch turns it into English in place.
  await page.getByRole('group', { name: '语言' }).getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'This operator page does not exist' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the operator area' })).toBeVisible();
});
