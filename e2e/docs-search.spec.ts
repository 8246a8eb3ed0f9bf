import { chooseLanguage, expect, expectNoSidewaysScroll, test, viewShot } from './helpers';

test('in Chinese, the reference’s search finds an operation by a Chinese word and by a path, and opens it', async ({
  page,
  context,
}) => {
  await chooseLanguage(context, 'zh-CN');
  await page.goto('/docs');
  // Keyboard first: once the box takes typing, "/" comes to it from anywhere on the page.
  const search = page.getByRole('combobox', { name: '搜索 API 文档' });
  await expect(search).toBeEnabled();
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await search.fill('领取码');
  const results = page.getByRole('listbox', { name: '找到的接口' });
  // Both the single code and the batch are found; the single one by its own title.
  await expect(
    results.getByRole('option').filter({ has: page.getByText('创建领取码', { exact: true }) }),
  ).toBeVisible();
  await expect(results.getByRole('option', { name: /用领取码领取（无需密钥）/ })).toBeVisible();
  await viewShot(page, 'test-results/docs/docs-search-zh.png');

  // An English path fragment finds its operation too; arrow keys and Enter open it on its group page.
  await search.fill('tenant-usage/cat');
  await expect(results.getByRole('option')).toHaveCount(1);
  await expect(results.getByRole('option').first()).toContainText('/api/tenant-usage/categories');
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/docs\/usage#usage-bycategory$/);
  const operation = page.locator('article#usage-bycategory');
  await expect(operation).toBeInViewport();
  await expect(operation.getByRole('heading', { level: 3 })).toHaveText('每天消耗的积分，各类别分开');

  // A field name finds the operations that take it; a click opens the result.
  await page.getByRole('combobox', { name: '搜索 API 文档' }).fill('callback_url');
  const hit = page.getByRole('listbox', { name: '找到的接口' }).getByRole('option', { name: /提交视频任务/ });
  await expect(hit).toContainText('callback_url');
  await hit.getByRole('link').click();
  await expect(page).toHaveURL(/\/docs\/videos#videos-submit$/);
  await expect(
    page.locator('article#videos-submit').getByRole('heading', { level: 3, name: '提交视频任务（异步）' }),
  ).toBeVisible();
});

test('the search on a phone, in English: results fit the screen and say when nothing matches', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/docs/images');
  const search = page.getByRole('combobox', { name: 'Search the API reference' });
  await expect(search).toBeEnabled();
  await search.fill('claim code');
  const results = page.getByRole('listbox', { name: 'Operations found' });
  await expect(results.getByRole('option', { name: /Create a claim code/ })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await search.fill('zzzz-nothing');
  await expect(page.getByText('No operation or field matches.')).toBeVisible();
  await viewShot(page, 'test-results/docs/docs-search-phone.png');
});
