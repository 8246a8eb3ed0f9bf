import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  chooseLanguage,
  createTenant,
  expect,
  expectNoSidewaysScroll,
  signIn,
  snapshot,
  test,
  type TestTenant,
} from './helpers';

const numbers = new Intl.NumberFormat('en-US');
const SCULPT_LABELS = ['Subject', 'Composition', 'Universe', 'Light', 'Print', 'Texture'];
// Studio has no favicon; Chrome sometimes asks for one after the last navigation and logs the 404.
const FAVICON = /status of 404 \(Not Found\) .*\/favicon\.ico$/;

test.use({ expectedConsoleErrors: { patterns: [FAVICON] } });

async function openReading(page: Page, request: APIRequestContext, credits?: number): Promise<TestTenant> {
  const tenant = await createTenant(request, credits === undefined ? {} : { credits });
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  // On a phone the navigation sits behind the menu button.
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Image reading' }).click();
  await expect(page).toHaveURL(/\/reading$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Image reading' })).toBeVisible();
  await expect(page.getByTestId('reading-balance')).toHaveText(numbers.format(tenant.credits));
  return tenant;
}

/** Uploads a wide (16:9) picture and asks for its reading. */
async function uploadAndAsk(page: Page) {
  const read = page.getByRole('button', { name: 'Read image' });
  await expect(read).toBeDisabled();
  await expect(page.getByTestId('reading-price')).toHaveText('2 credits per reading');
  const buffer = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#c84' } })
    .png()
    .toBuffer();
  await page
    .getByLabel('Choose an image to upload')
    .setInputFiles({ name: '橙色海报.png', mimeType: 'image/png', buffer });
  await expect(page.getByRole('button', { name: 'Read 橙色海报.png' })).toHaveAttribute('aria-pressed', 'true', {
    timeout: 15_000,
  });
  await read.click();
  return read;
}

/** Uploads a wide (16:9) picture and reads it; answers the reading card. */
async function uploadAndRead(page: Page) {
  const read = await uploadAndAsk(page);
  const result = page.getByTestId('reading-result');
  await expect(result).toBeVisible({ timeout: 20_000 });
  await expect(read).toBeEnabled();
  return result;
}

test('an uploaded image is read into its parts, costs 2 credits and opens a similar image in the Playground', async ({
  page,
  request,
}) => {
  const tenant = await openReading(page, request);
  const result = await uploadAndRead(page);

  await expect(result.getByRole('heading', { level: 2 })).not.toBeEmpty();
  await expect(result.getByRole('img')).toBeVisible();
  const rows = result.getByTestId('sculpt-row');
  await expect(rows).toHaveCount(6);
  for (const [i, label] of SCULPT_LABELS.entries()) {
    await expect(rows.nth(i).locator('dt')).toHaveText(label);
    await expect(rows.nth(i).locator('dd')).not.toBeEmpty();
  }
  expect(await result.getByTestId('reading-tag').count()).toBeGreaterThan(0);
  await expect(result.getByTestId('reading-ratio')).toHaveText('16:9');
  await expect(result.getByRole('button', { name: 'Copy prompt' })).toBeVisible();
  await expect(result.getByRole('button', { name: 'Copy Chinese prompt' })).toBeVisible();
  await expect(page.getByTestId('reading-balance')).toHaveText(numbers.format(tenant.credits - 2));
  await expect(page.getByTestId('reading-error')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/reading-desktop.png');

  const prompt = (await result.getByTestId('reading-prompt').textContent()) ?? '';
  expect(prompt.length).toBeGreaterThan(0);
  await result.getByRole('link', { name: 'Generate a similar image' }).click();
  await expect(page).toHaveURL(/\/playground/);
  await expect(page.getByRole('heading', { level: 1, name: 'Generate an image' })).toBeVisible();
  await expect(page.getByLabel('Prompt')).toHaveValue(prompt);
  await expect(page.getByRole('radio', { name: '16:9' })).toBeChecked();
});

test('on a phone: the reading fits the screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openReading(page, request);
  await expectNoSidewaysScroll(page);
  const result = await uploadAndRead(page);
  await expect(result.getByTestId('sculpt-row')).toHaveCount(6);
  await expect(result.getByTestId('reading-ratio')).toHaveText('16:9');
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/reading-phone.png');
});

test('in Chinese: the page, its button and the reading’s parts speak Chinese', async ({ page, request }) => {
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await chooseLanguage(page.context(), 'zh-CN');
  await page.goto('/reading');
  await expect(page).toHaveTitle('图片识读 · Studio');
  await expect(page.getByRole('heading', { level: 1, name: '图片识读' })).toBeVisible();
  const read = page.getByRole('button', { name: '识读图片' });
  await expect(read).toBeDisabled();
  await expect(page.getByTestId('reading-price')).toHaveText('每次识读 2 积分');
  const buffer = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#48c' } })
    .png()
    .toBuffer();
  await page.getByLabel('选择要上传的图片').setInputFiles({ name: '蓝色海报.png', mimeType: 'image/png', buffer });
  await expect(page.getByRole('button', { name: '识读 蓝色海报.png' })).toHaveAttribute('aria-pressed', 'true', {
    timeout: 15_000,
  });
  await read.click();
  const result = page.getByTestId('reading-result');
  await expect(result).toBeVisible({ timeout: 20_000 });
  await expect(result.getByTestId('sculpt-row').first().locator('dt')).toHaveText('主体');
  await expect(result.getByText('宽高比', { exact: true })).toBeVisible();
  await expect(result.getByRole('button', { name: '复制 中文提示词' })).toBeVisible();
  await expect(result.getByRole('link', { name: '生成相似图片' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/reading-zh.png');
});

test.describe('refused readings', () => {
  test.use({ expectedConsoleErrors: { patterns: [FAVICON, /status of 402 .*\/api\/reverse$/] } });

  test('without enough credits the API’s refusal shows under the form and nothing is charged', async ({
    page,
    request,
  }) => {
    await openReading(page, request, 1);
    await uploadAndAsk(page);
    const error = page.getByTestId('reading-error');
    await expect(error).toBeVisible({ timeout: 20_000 });
    await expect(error).not.toBeEmpty();
    await expect(page.getByTestId('reading-result')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Read image' })).toBeEnabled();
    await expect(page.getByTestId('reading-balance')).toHaveText('1');
  });
});
