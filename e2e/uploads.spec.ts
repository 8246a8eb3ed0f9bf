import { sample } from '../tests/helpers/media-samples';
import { createTenant, expect, expectNoSidewaysScroll, signIn, snapshot, test } from './helpers';

test('uploads an image and an audio file with progress, previews and copyable URLs, typed from their bytes', async ({
  page,
  request,
}) => {
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Uploads' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reference files' })).toBeVisible();
  await expect(page.getByText('Nothing uploaded yet.')).toBeVisible();

  await page.getByLabel('Workspace folder (optional)').fill('spring-2026');
  // A PNG named like a JPEG: the bytes decide.
  await page.getByLabel('Choose files to upload').setInputFiles([
    { name: '春季主图.jpg', mimeType: 'image/jpeg', buffer: await sample('png', 4000) },
    { name: '配音.mp3', mimeType: 'audio/mpeg', buffer: await sample('mp3', 6000) },
  ]);

  const items = page.getByTestId('upload-item');
  await expect(items).toHaveCount(2);
  const image = items.filter({ hasText: '春季主图.jpg' });
  await expect(image.getByText('image/png', { exact: true })).toBeVisible();
  await expect(image.getByText(/uploaded through Studio \(no bucket configured\)/)).toBeVisible();
  const preview = image.getByRole('img', { name: 'Preview of 春季主图.jpg' });
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
  await expect(image.locator('code')).toHaveText(
    new RegExp(`/files/${tenant.id}/uploads/tenant/spring-2026/.+\\.png$`),
  );
  await expect(image.getByRole('button', { name: 'Copy URL of 春季主图.jpg' })).toBeVisible();

  const audio = items.filter({ hasText: '配音.mp3' });
  await expect(audio.getByText('audio/mpeg', { exact: true })).toBeVisible();
  await expect(audio.locator('audio')).toHaveAttribute('src', /\.mp3$/);

  // The list of recent uploads picks them up.
  await expect(page.getByRole('heading', { name: 'Recent uploads' })).toBeVisible();
  await expect(page.locator('li').filter({ hasText: 'spring-2026/' })).toHaveCount(2);
  // Listed under the names they were uploaded with.
  await expect(page.locator('li').filter({ hasText: 'spring-2026/春季主图.jpg' })).toHaveCount(1);
  await snapshot(page, 'test-results/uploads-desktop.png');

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
});

test.describe('refused files', () => {
  // The refusals are 400 and 413 answers, which the browser logs.
  test.use({ expectedConsoleErrors: { patterns: [/status of 400/, /status of 413/] } });

  test('shows the server’s reason when a file is refused', async ({ page, request }) => {
    const tenant = await createTenant(request);
    await signIn(page, tenant.email, tenant.password);
    await expect(page).toHaveURL(/\/overview$/);
    await page.goto('/uploads');
    await page.getByLabel('Choose files to upload').setInputFiles([
      { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('只是文字，不是图片。'.repeat(40)) },
      { name: 'huge.png', mimeType: 'image/png', buffer: await sample('png', 8 * 1024 * 1024 + 10) },
    ]);
    const items = page.getByTestId('upload-item');
    await expect(items.filter({ hasText: 'notes.png' }).getByRole('alert')).toContainText(
      'not a supported image, audio or video file',
    );
    await expect(items.filter({ hasText: 'huge.png' }).getByRole('alert')).toContainText('larger than');
    await expect(page.getByText('Nothing uploaded yet.')).toBeVisible();
  });
});

test.describe('deleting uploads', () => {
  // The refusal of a file still in use is a 409 answer, which the browser logs.
  test.use({ expectedConsoleErrors: { patterns: [/status of 409/] } });

  test('shows thumbnails, deletes a file after confirming, and says what still uses one', async ({ page, request }) => {
    const tenant = await createTenant(request);
    const headers = { 'X-API-Key': tenant.apiKey };
    const put = async (name: string) => {
      const res = await request.post('/api/upload-ref', {
        headers,
        multipart: { file: { name, mimeType: 'image/png', buffer: await sample('png', 4000) } },
      });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { url: string }).url;
    };
    const spare = await put('旧海报.png');
    const kept = await put('示例图.png');
    // A template shows the second file as its sample, so it cannot be deleted.
    const made = await request.post('/api/templates', {
      headers,
      data: { type: 'image', zh_name: '春日样张', prompt_template: '一张{主题}的海报', sample_images: [kept] },
    });
    expect(made.status()).toBe(200);

    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, tenant.email, tenant.password);
    await expect(page).toHaveURL(/\/overview$/);
    await page.goto('/uploads');
    const tiles = page.getByTestId('upload-tile');
    await expect(tiles).toHaveCount(2);
    const thumb = page.getByRole('img', { name: 'Thumbnail of 旧海报.png' });
    await expect(thumb).toHaveAttribute('src', /\/thumbnails\/.+\.png$/);
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
    await expectNoSidewaysScroll(page);

    // Delete asks first; cancelling keeps the file.
    await page.getByRole('button', { name: 'Delete 旧海报.png' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 旧海报.png?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(tiles).toHaveCount(2);
    await page.getByRole('button', { name: 'Delete 旧海报.png' }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(tiles).toHaveCount(1);
    expect((await request.get(spare)).status()).toBe(404);

    // The template's sample is refused, and the dialog names the template.
    await page.getByRole('button', { name: 'Delete 示例图.png' }).click();
    const refused = page.getByRole('dialog', { name: 'Delete 示例图.png?' });
    await refused.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(refused.getByRole('alert')).toContainText('This file is still in use');
    await expect(refused.getByRole('alert')).toContainText('"春日样张"');
    await refused.getByRole('button', { name: 'Cancel' }).click();
    await expect(tiles).toHaveCount(1);
    expect((await request.get(kept)).status()).toBe(200);
  });
});
