import { chooseLanguage, createTenant, expect, expectNoSidewaysScroll, signIn, snapshot, test } from './helpers';

const IMAGE = 'platform-xhs-cover-bigtext';

test('a tenant binds an image template to an article template, re-binds, toggles and deletes the pipeline', async ({
  page,
  request,
}) => {
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);

  await page.goto('/pipelines');
  await expect(page.getByRole('heading', { level: 1, name: 'Template pipelines' })).toBeVisible();
  await expect(page.getByTestId('pipelines-note')).toContainText('nothing fires automatically');
  await expect(page.getByRole('heading', { name: 'No pipelines yet' })).toBeVisible();

  // Names and store slugs are offered; the downstream list follows the type.
  const form = page.getByRole('form', { name: 'Bind a template' });
  await expect(
    form.getByLabel('Image template').locator('option', { hasText: `小红书大字封面 · ${IMAGE}` }),
  ).toHaveCount(1);
  await form.getByRole('button', { name: 'Bind' }).click();
  await expect(form.getByText('Choose the image template first.')).toBeVisible();
  await form.getByLabel('Image template').selectOption(IMAGE);
  await expect(form.getByRole('radio', { name: 'Article' })).toBeChecked();
  await expect(
    form.getByLabel('Article template').locator('option', { hasText: '小红书种草笔记 · platform-xhs-product-note' }),
  ).toHaveCount(1);
  await form.getByLabel('Article template').selectOption('platform-xhs-product-note');
  await form.getByLabel('Note').fill('封面出图后写小红书笔记');
  await form.getByRole('button', { name: 'Bind', exact: true }).click();
  await expect(form.getByRole('status')).toHaveText('Bound 小红书大字封面 → 小红书种草笔记.');

  const rows = page.getByTestId('pipeline-row');
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText('小红书大字封面');
  await expect(row).toContainText(IMAGE);
  await expect(row).toContainText('小红书种草笔记');
  await expect(row).toContainText('platform-xhs-product-note');
  await expect(row.getByTestId('pipeline-note')).toHaveText('封面出图后写小红书笔记');
  await expect(row.getByRole('switch', { name: 'Enabled' })).toHaveAttribute('aria-checked', 'true');

  // Binding again for the same image template and type updates the binding; there is never a second one.
  await form.getByLabel('Article template').selectOption('platform-xhs-quick-note');
  await expect(form.getByTestId('rebind-note')).toContainText('already has an article pipeline to 小红书种草笔记');
  await form.getByRole('button', { name: 'Update binding' }).click();
  await expect(form.getByRole('status')).toHaveText('Updated the binding: 小红书大字封面 → 一句话写小红书笔记.');
  await expect(rows).toHaveCount(1);
  await expect(row).toContainText('platform-xhs-quick-note');
  await expect(row).not.toContainText('platform-xhs-product-note');
  await expect(row.getByTestId('pipeline-note')).toHaveText('封面出图后写小红书笔记');

  // A video pipeline for the same image template is a second binding.
  await form.getByRole('radio', { name: 'Video' }).check();
  await form.getByLabel('Video template').selectOption('platform-product-360-spin');
  await form.getByRole('button', { name: 'Bind', exact: true }).click();
  await expect(rows).toHaveCount(2);
  const video = page.locator('[data-testid="pipeline-row"][data-hook-type="video"]');
  await expect(video).toContainText('商品360度展示');
  await snapshot(page, 'test-results/pipelines-desktop.png');

  // Toggle enabled; it stays off after a reload.
  const article = page.locator('[data-testid="pipeline-row"][data-hook-type="article"]');
  await article.getByRole('switch', { name: 'Enabled' }).click();
  await expect(article.getByRole('switch', { name: 'Enabled' })).toHaveAttribute('aria-checked', 'false');
  await expect(article.getByText('Disabled', { exact: true })).toBeVisible();
  // The switch shows the new state at once and is disabled until the server has stored it.
  await expect(article.getByRole('switch', { name: 'Enabled' })).toBeEnabled();
  await page.reload();
  await expect(article.getByRole('switch', { name: 'Enabled' })).toHaveAttribute('aria-checked', 'false');

  // Edit: another article template, a new note, enabled again.
  await article.getByRole('button', { name: 'Edit' }).click();
  const edit = article.getByRole('form', { name: 'Edit pipeline' });
  await edit.getByLabel('Article template').selectOption('platform-wechat-quick-article');
  await edit.getByLabel('Note').fill('改为写公众号文章');
  await edit.getByRole('switch', { name: 'Enabled' }).click();
  await edit.getByRole('button', { name: 'Save pipeline' }).click();
  await expect(edit).toHaveCount(0);
  await expect(article).toContainText('一句话写公众号文章');
  await expect(article).toContainText('platform-wechat-quick-article');
  await expect(article.getByTestId('pipeline-note')).toHaveText('改为写公众号文章');
  await expect(article.getByRole('switch', { name: 'Enabled' })).toHaveAttribute('aria-checked', 'true');

  // Delete asks first.
  await article.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this pipeline?' });
  await expect(dialog).toContainText('小红书大字封面 will no longer point to the article template 一句话写公众号文章');
  await dialog.getByRole('button', { name: 'Delete pipeline' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(1);
  await expect(article).toHaveCount(0);
  await expect(video).toBeVisible();
});

test('the pipelines page works on a phone', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto('/pipelines');
  await expect(page.getByRole('heading', { name: 'No pipelines yet' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Bind a template' });
  await form.getByLabel('Image template').selectOption('platform-food-menu-poster');
  await form.getByRole('radio', { name: 'Video' }).check();
  await form.getByLabel('Video template').selectOption('platform-food-sizzle-closeup');
  await form.getByRole('button', { name: 'Bind', exact: true }).click();
  await expect(page.getByTestId('pipeline-row')).toContainText('美食特写');
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/pipelines-phone.png');
});

test('the pipelines page speaks Chinese', async ({ page, request }) => {
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await chooseLanguage(page.context(), 'zh-CN');
  await page.goto('/pipelines');
  await expect(page).toHaveTitle('流水线 · Studio');
  await expect(page.getByRole('heading', { level: 1, name: '模板流水线' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '还没有流水线' })).toBeVisible();

  // The form refuses in Chinese and names the bound templates in Chinese.
  const form = page.getByRole('form', { name: '绑定模板' });
  await form.getByRole('button', { name: '绑定', exact: true }).click();
  await expect(form.getByText('请先选择图片模板。')).toBeVisible();
  await form.getByLabel('图片模板').selectOption(IMAGE);
  await form.getByRole('radio', { name: '视频' }).check();
  await form.getByLabel('视频模板').selectOption('platform-product-360-spin');
  await form.getByRole('button', { name: '绑定', exact: true }).click();
  await expect(form.getByRole('status')).toHaveText('已绑定 小红书大字封面 → 商品360度展示。');

  const row = page.getByTestId('pipeline-row');
  await expect(row.getByRole('switch', { name: '启用' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('1 条流水线')).toBeVisible();
  await row.getByRole('button', { name: '删除' }).click();
  const dialog = page.getByRole('dialog', { name: '删除此流水线？' });
  await expect(dialog).toContainText('小红书大字封面 将不再指向视频模板 商品360度展示。');
  await snapshot(page, 'test-results/pipelines-zh.png');
});

test('the old console addresses redirect for good to the renamed pages, query kept', async ({ request }) => {
  for (const [from, to] of [
    ['/hooks', '/pipelines'],
    ['/read', '/reading'],
    ['/convert', '/image-template'],
  ]) {
    const res = await request.get(`${from}?job=abc&x=1`, { maxRedirects: 0 });
    expect(res.status(), from).toBe(308);
    expect(res.headers()['location'], from).toBe(`${to}?job=abc&x=1`);
  }
});
