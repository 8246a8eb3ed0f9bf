import { chooseLanguage, expect, expectNoSidewaysScroll, test } from './helpers';

test('the API reference is public and lists the endpoints', async ({ page }) => {
  // The whole reference is one long page: its full-page screenshot takes a while on a busy machine.
  test.slow();
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

test('in Chinese, the reference’s own words are Chinese and the API’s descriptions stay as written', async ({
  page,
  context,
}) => {
  // One long page, rendered twice (Chinese, then English): slow on a busy machine.
  test.slow();
  await chooseLanguage(context, 'zh-CN');
  await page.goto('/docs');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page).toHaveTitle('API 文档 · Studio');
  await expect(page.getByRole('heading', { level: 1, name: 'API 文档' })).toBeVisible();
  const toc = page.getByRole('navigation', { name: '本页内容' }).first();
  await expect(toc.getByRole('link', { name: '认证' })).toHaveAttribute('href', '#authentication');
  await expect(toc.getByRole('link', { name: '错误' })).toHaveAttribute('href', '#errors');
  // A method badge is read as a request in the page's language.
  await expect(toc.getByRole('link', { name: /^GET 请求\s*\/balance$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /OpenAPI JSON/ })).toHaveAttribute('href', '/api/openapi.json');
  await expect(page.getByRole('link', { name: '控制台' })).toHaveAttribute('href', '/overview');
  await expect(page.getByText('基础地址', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '复制 示例请求' })).toBeVisible();

  await expect(page.getByRole('heading', { level: 2, name: '认证' })).toBeVisible();
  const errors = page.locator('#errors');
  await expect(errors.getByRole('heading', { level: 2, name: '错误' })).toBeVisible();
  await expect(errors).toContainText('所有失败的请求都会返回 HTTP 错误状态码');
  // The field descriptions come from the OpenAPI document, in English.
  await expect(errors).toContainText('What went wrong, written for the caller');
  await expect(errors.getByText('必填').first()).toBeVisible();

  const generate = page.locator('article#jobs-generate');
  await expect(generate.getByText('请求正文 · JSON')).toBeVisible();
  await expect(generate.getByText('需要密钥')).toBeVisible();
  await expect(generate.getByRole('link', { name: '如何认证' })).toHaveAttribute('href', '#authentication');
  await expect(page.locator('article#uploads-proxy').getByText('请求正文 · multipart 表单')).toBeVisible();
  // The top of the page and one endpoint (the whole page is long to capture).
  await page.screenshot({ path: 'test-results/docs/docs-zh.png' });
  await generate.screenshot({ path: 'test-results/docs/docs-endpoint-zh.png' });

  // The header's switch turns the reference to English.
  await page.getByRole('group', { name: '语言' }).getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  await expect(generate.getByText('Request body · JSON')).toBeVisible();
});

test('in Chinese on a phone, the reference fits and opens its contents', async ({ page, context }) => {
  await chooseLanguage(context, 'zh-CN');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/docs');
  await expect(page.getByRole('heading', { level: 1, name: 'API 文档' })).toBeVisible();
  await page.getByText('本页内容', { exact: true }).click();
  await expect(page.getByRole('navigation', { name: '本页内容' }).getByRole('link', { name: '认证' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/docs/docs-phone-zh.png' });
});
