import sharp from 'sharp';
import { chooseLanguage, createTenant, expect, signIn, test } from './helpers';

/**
 * A template whose form has a choice list, a number and an image slot: the Playground shows a select,
 * a number box and an image picker with an upload button, and the job it sends succeeds.
 */
test('a template with choice, number and image fields is filled in the Playground and generates', async ({
  page,
  request,
  context,
}) => {
  // Build, fill, upload, generate, then the form again in Chinese: more than the default half minute.
  test.setTimeout(60_000);
  const tenant = await createTenant(request, { name: '字段类型工作室' });
  const created = await request.post('/api/templates', {
    headers: { 'X-API-Key': tenant.apiKey },
    data: {
      type: 'image',
      zh_name: '季节海报',
      prompt_template: '{season}主题海报，画面里有 {count} 个人物，参照 {photo} 的构图',
      fields: [
        {
          key: 'season',
          label: '季节',
          type: 'choice',
          options: [
            { value: '春季', label: '春' },
            { value: '秋季', label: '秋' },
          ],
        },
        { key: 'count', label: '人数', type: 'number', min: 1, max: 5, integer: true },
        { key: 'photo', label: '参考照片', type: 'image' },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { template } = (await created.json()) as { template: { slug: string } };

  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto(`/playground?template=${template.slug}`);
  const season = page.getByLabel('季节');
  await expect(season.locator('option')).toHaveText(['Choose…', '春', '秋']);
  // The form is filled once the page has read the template and restored any draft.
  await page.waitForLoadState('networkidle');
  await season.selectOption('秋季');
  await expect(season).toHaveValue('秋季');
  const count = page.getByLabel('人数');
  await expect(count).toHaveAttribute('type', 'number');
  await expect(count).toHaveAttribute('max', '5');
  await count.fill('3');

  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c7d2fe' } })
    .png()
    .toBuffer();
  // The URL an API caller got from the upload endpoint, pasted into the field.
  const uploaded = await request.post('/api/upload-ref', {
    headers: { 'X-API-Key': tenant.apiKey },
    multipart: { file: { name: '构图.png', mimeType: 'image/png', buffer: png } },
  });
  const { url } = (await uploaded.json()) as { url: string };
  const pasted = page.getByLabel('Or paste the https URL or upload key of an image of yours for “参考照片”');
  await pasted.fill(url);
  await expect(page.getByTestId('image-field').getByRole('button', { name: 'Remove the image' })).toBeVisible();

  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const result = page.getByTestId('result-card');
  await expect(result).toHaveAttribute('data-status', 'done', { timeout: 30_000 });

  // The job carries the filled prompt (the image slot in Chinese) and the pasted image as its first reference.
  const jobs = await request.get('/api/jobs?limit=1', { headers: { 'X-API-Key': tenant.apiKey } });
  const listed = (await jobs.json()) as { jobs: { id: string; prompt: string }[] };
  expect(listed.jobs[0]?.prompt).toBe('秋季主题海报，画面里有 3 个人物，参照 参考图1 的构图');
  const detail = await request.get(`/api/jobs/detail?id=${listed.jobs[0]?.id}`, {
    headers: { 'X-API-Key': tenant.apiKey },
  });
  expect(JSON.stringify(await detail.json())).toContain(url);

  // A file uploaded in the field takes its place.
  await page
    .getByLabel('Upload an image for “参考照片”')
    .setInputFiles({ name: '构图2.png', mimeType: 'image/png', buffer: await sharp(png).negate().png().toBuffer() });
  await expect(pasted).toHaveValue(/\/uploads\/[^/]+\/[^/]+\.png$/);
  await expect(pasted).not.toHaveValue(url);

  // The same form in Chinese.
  await chooseLanguage(context, 'zh-CN');
  await page.goto(`/playground?template=${template.slug}`);
  await expect(page.getByLabel('季节').locator('option').first()).toHaveText('请选择…');
  await expect(page.getByLabel('为“参考照片”上传图片')).toHaveCount(1);
});
