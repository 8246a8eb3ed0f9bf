import { E2E_BASE_URL } from './env';
import { createTenant, expect, expectNoSidewaysScroll, signIn, snapshot, test } from './helpers';

const NAME = '春节坚果礼盒海报 E2E';
const RENAMED = '春节坚果礼盒海报（新版，适合朋友圈和小红书封面的超长名称）E2E';

test.describe('the template store', () => {
  // Saving a prompt whose slot has no field is refused on purpose; the browser logs the 400.
  test.use({ expectedConsoleErrors: { patterns: [/status of 400 \(Bad Request\) .*\/api\/trpc\/templates\.create/] } });

  test('a tenant creates an image template with a live preview, edits, deactivates and reactivates it, then uses it in the Playground', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const tenant = await createTenant(request);
    await signIn(page, tenant.email, tenant.password);
    await expect(page).toHaveURL(/\/overview$/);

    await page.goto('/templates');
    await expect(page.getByRole('heading', { level: 1, name: 'Template store' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Source' }).getByRole('link', { name: 'Mine' }).click();
    await expect(page).toHaveURL(/\/templates\?source=mine$/);
    await expect(page.getByRole('heading', { name: 'No image templates of your own yet' })).toBeVisible();
    await page.getByRole('link', { name: 'New image template' }).first().click();
    await expect(page).toHaveURL(/\/templates\/new\?type=image$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create a template' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Image' })).toBeChecked();

    await page.getByLabel('Name').fill(NAME);
    await page.getByLabel('Description').fill('输入商品名称，生成喜庆的春节促销海报。');
    await page.getByLabel('Category').fill('节日海报');
    await page.getByLabel('Aspect ratio').selectOption('3:4');

    // Two fields: a required one and an optional one with a default.
    await page.getByRole('button', { name: 'Add field' }).click();
    const first = page.getByRole('group', { name: 'Field 1', exact: true });
    await expect(first.getByLabel('Key')).toBeFocused();
    await first.getByLabel('Key').fill('product');
    await first.getByLabel('Label').fill('商品名称');
    await first.getByLabel('Placeholder').fill('例如：坚果礼盒');
    await first.getByLabel('Help').fill('写清楚商品是什么，越具体越好。');
    await page.getByRole('button', { name: 'Add field' }).click();
    const second = page.getByRole('group', { name: 'Field 2', exact: true });
    await second.getByLabel('Key').fill('style');
    await second.getByLabel('Label').fill('画面风格');
    await expect(second.getByLabel('Default')).toHaveCount(0);
    await second.getByRole('switch', { name: 'Required' }).click();
    await expect(second.getByRole('switch', { name: 'Required' })).toHaveAttribute('aria-checked', 'false');
    await second.getByLabel('Default').fill('喜庆红金配色');

    // The editor names what the server would refuse: a slot without a field, fields not in the prompt.
    const prompt = page.getByLabel('Prompt template');
    await prompt.fill('为{product}设计一张春节促销海报，{colour}');
    const hints = page.getByTestId('contract-hints');
    await expect(hints).toContainText('{colour} has no field');
    await expect(hints).toContainText('Field style is not used in the prompt.');
    await expect(second).toContainText('Not used in the prompt yet');

    // The server's own refusal is shown as it is.
    await page.getByRole('button', { name: 'Create template' }).click();
    await expect(page.getByTestId('save-error')).toContainText(
      'prompt_template uses {colour} but there is no field with key "colour"',
    );
    await expect(page).toHaveURL(/\/templates\/new/);

    await prompt.fill('为{product}设计一张春节促销海报，画面风格：');
    await second.getByRole('button', { name: 'Insert {style} into the prompt' }).click();
    await expect(prompt).toHaveValue('为{product}设计一张春节促销海报，画面风格：{style}');
    await expect(prompt).toBeFocused();
    await prompt.press('End');
    await prompt.pressSequentially('。');
    await expect(hints).toHaveCount(0);
    await expect(page.getByTestId('save-error')).toHaveCount(0);

    // The live preview: a form from the fields, and the prompt filled as the server fills it.
    const preview = page.getByTestId('prompt-preview');
    const filled = preview.getByTestId('filled-prompt');
    await expect(preview.getByLabel('商品名称')).toHaveAttribute('placeholder', '例如：坚果礼盒');
    await expect(preview.getByText('写清楚商品是什么，越具体越好。')).toBeVisible();
    await expect(preview.getByText('Default when blank: 喜庆红金配色')).toBeVisible();
    await expect(filled).toContainText('画面风格：喜庆红金配色。');
    await expect(preview.getByText('Required: “商品名称”')).toBeVisible();
    await preview.getByLabel('商品名称').fill('坚果礼盒');
    await expect(filled).toHaveText('为坚果礼盒设计一张春节促销海报，画面风格：喜庆红金配色。');
    await preview.getByLabel('画面风格').fill('国潮插画');
    await expect(filled).toHaveText('为坚果礼盒设计一张春节促销海报，画面风格：国潮插画。');
    await prompt.press('End');
    await prompt.pressSequentially('{{品牌}}');
    await expect(filled).toHaveText('为坚果礼盒设计一张春节促销海报，画面风格：国潮插画。{品牌}');
    await snapshot(page, 'test-results/template-editor-desktop.png');

    await page.getByRole('button', { name: 'Create template' }).click();
    await expect(page).toHaveURL(/\/templates\?source=mine&created=img-[0-9a-f]{10}$/);
    await expect(page.getByRole('status').filter({ hasText: 'Created' })).toContainText(`Created ${NAME}`);
    const card = page.getByTestId('template-card').filter({ hasText: NAME });
    await expect(card).toHaveCount(1);
    await expect(card.getByText('Mine', { exact: true })).toBeVisible();
    await expect(card.getByText('3:4', { exact: true })).toBeVisible();
    const slug = (await card.getAttribute('data-slug')) ?? '';
    expect(slug).toMatch(/^img-[0-9a-f]{10}$/);
    await expect(card.getByText(slug, { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Copy slug' })).toBeVisible();
    await expect(card.getByTestId('sample-placeholder')).toBeVisible();
    await snapshot(page, 'test-results/templates-mine-desktop.png');

    // Edit: rename it, reorder the fields, and find both after a reload.
    await card.getByRole('link', { name: `Edit ${NAME}` }).click();
    await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Slug' })).toHaveValue(slug);
    await expect(page.getByRole('textbox', { name: 'Slug' })).toBeDisabled();
    await expect(page.getByRole('group', { name: 'Field 2', exact: true }).getByLabel('Default')).toHaveValue(
      '喜庆红金配色',
    );
    await page.getByLabel('Name').fill(RENAMED);
    await page.getByRole('button', { name: 'Move 画面风格 up' }).click();
    await expect(page.getByRole('group', { name: 'Field 1', exact: true }).getByLabel('Key')).toHaveValue('style');
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Changes saved')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: RENAMED })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Name')).toHaveValue(RENAMED);
    await expect(page.getByRole('group', { name: 'Field 1', exact: true }).getByLabel('Key')).toHaveValue('style');
    await expect(page.getByRole('group', { name: 'Field 2', exact: true }).getByLabel('Key')).toHaveValue('product');

    // Deactivate asks first; Escape keeps it active.
    await page.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog', { name: `Deactivate “${RENAMED}”?` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('link', { name: 'Use in Playground' })).toBeVisible();
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Reactivate' })).toBeVisible();
    await expect(page.getByRole('main').locator('header').getByText('Inactive', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Use in Playground' })).toHaveCount(0);

    await page.getByRole('main').getByRole('link', { name: 'Templates', exact: true }).click();
    await expect(page).toHaveURL(/\/templates\?source=mine$/);
    const renamed = page.getByTestId('template-card').filter({ hasText: RENAMED });
    await expect(renamed.getByText('Inactive', { exact: true })).toBeVisible();
    await expect(renamed.getByRole('link', { name: 'Use in Playground' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await renamed.getByRole('button', { name: 'Reactivate' }).click();
    await expect(renamed.getByText('Inactive', { exact: true })).toHaveCount(0);
    await expect(renamed.getByRole('button', { name: 'Deactivate' })).toBeVisible();

    // Use it: the Playground opens with the template's form.
    await renamed.getByRole('link', { name: 'Use in Playground' }).click();
    await expect(page).toHaveURL(new RegExp(`/playground\\?template=${slug}$`));
    await page.getByLabel('商品名称', { exact: true }).fill('坚果礼盒');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const result = page.getByTestId('result-card');
    await expect(result).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
    const image = result.getByRole('img').first();
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
  });
});

test('platform templates are read only, a gated one is locked, and article and video stores are listed', async ({
  page,
  request,
}) => {
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);

  await page.goto('/templates?source=platform');
  const gated = page.getByTestId('template-card').and(page.locator('[data-slug="platform-brand-kv-poster"]'));
  await expect(gated.getByText('Gated', { exact: true })).toBeVisible();
  await expect(gated).toContainText('The prompt and form come with a claim code.');
  await expect(gated.getByRole('link', { name: 'Use in Playground' })).toHaveCount(0);
  await expect(gated.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
  await expect(gated.getByRole('button', { name: 'Deactivate' })).toHaveCount(0);

  const cover = page.getByTestId('template-card').and(page.locator('[data-slug="platform-xhs-cover-bigtext"]'));
  await expect(cover.getByText('Platform', { exact: true })).toBeVisible();
  await expect(cover.getByRole('link', { name: 'Use in Playground' })).toHaveAttribute(
    'href',
    '/playground?template=platform-xhs-cover-bigtext',
  );
  await expect(cover.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
  await expect(cover.getByRole('button', { name: /activate/i })).toHaveCount(0);

  // A platform template opens read only, with a form to try.
  await cover.getByRole('link', { name: 'View 小红书大字封面' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '小红书大字封面' })).toBeVisible();
  await expect(page.getByText('Read only: platform templates are maintained by the platform.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveCount(0);
  await page.getByLabel('封面标题').fill('三天学会手冲咖啡');
  await expect(page.getByTestId('filled-prompt')).toContainText('封面大标题（简体中文，一字不差）：三天学会手冲咖啡');
  await expect(page.getByTestId('filled-prompt')).toContainText('整体风格：奶油色温柔风。');
  await snapshot(page, 'test-results/template-platform-view.png');

  // The gated one shows no content.
  await page.goBack();
  await gated.getByRole('link', { name: /^View/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: '品牌主视觉 KV 海报' })).toBeVisible();
  await expect(page.getByTestId('locked-notice')).toContainText('Its prompt and form come with a claim code.');
  await expect(page.getByTestId('filled-prompt')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Prompt template' })).toHaveCount(0);

  await page.goto('/templates?type=article&source=platform');
  const note = page.getByTestId('template-card').and(page.locator('[data-slug="platform-xhs-product-note"]'));
  await expect(note.getByText('Xiaohongshu', { exact: true })).toBeVisible();
  await expect(note.getByRole('link', { name: 'Write copy' })).toHaveAttribute(
    'href',
    '/articles?template=platform-xhs-product-note',
  );
  const script = page.getByTestId('template-card').and(page.locator('[data-slug="platform-video-voiceover-script"]'));
  await expect(script.getByText('Script', { exact: true })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Template type' })
    .getByRole('link', { name: /^Video/ })
    .click();
  await expect(page).toHaveURL(/\/templates\?type=video&source=platform$/);
  await expect(
    page.getByTestId('template-card').and(page.locator('[data-slug="platform-product-360-spin"]')),
  ).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search templates' }).fill('sizzle');
  await expect(page.getByTestId('template-card')).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search templates' }).fill('没有这个模板');
  await expect(page.getByRole('heading', { name: 'Nothing matches “没有这个模板”' })).toBeVisible();
});

test('article and video templates are created and edited on a phone', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);

  // An article template without fields takes one sentence, added after the prompt.
  await page.goto('/templates/new?type=article');
  await expect(page.getByRole('radio', { name: 'Article' })).toBeChecked();
  await page.getByLabel('Name').fill('一句话写朋友圈文案 E2E');
  await page.getByLabel('Prompt template').fill('根据下面的主题写一条朋友圈文案，语气轻松，带两个表情。');
  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(page.getByText('Choose the format of the copy.')).toBeVisible();
  await page.getByRole('radio', { name: 'WeChat' }).check();
  await page.getByLabel('Sentence').fill('周末去露营');
  await expect(page.getByTestId('filled-prompt')).toHaveText(
    '根据下面的主题写一条朋友圈文案，语气轻松，带两个表情。\n\n周末去露营',
  );
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/template-editor-phone.png');
  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(page).toHaveURL(/\/templates\?type=article&source=mine&created=art-[0-9a-f]{10}$/);
  const article = page.getByTestId('template-card').filter({ hasText: '一句话写朋友圈文案 E2E' });
  await expect(article.getByText('WeChat', { exact: true })).toBeVisible();
  await expect(article.getByRole('link', { name: 'Write copy' })).toHaveAttribute(
    'href',
    /^\/articles\?template=art-[0-9a-f]{10}$/,
  );
  await expectNoSidewaysScroll(page);

  // A video template with a field and two sizes.
  await page.goto('/templates/new?type=video');
  await page.getByLabel('Name').fill('新品开箱短视频 E2E');
  await page.getByRole('button', { name: 'Add field' }).click();
  const field = page.getByRole('group', { name: 'Field 1', exact: true });
  await field.getByLabel('Key').fill('product');
  await field.getByLabel('Label').fill('商品');
  await field.getByLabel('Input type').selectOption('textarea');
  await page.getByLabel('Prompt template').fill('拍摄{product}的开箱过程，镜头缓慢推进。');
  await page.getByLabel('Cover image URL').fill(`${E2E_BASE_URL}/thumbs/video/platform-product-360-spin.svg`);
  await expect(page.getByLabel('Ratio 1')).toHaveValue('9:16');
  await page.getByRole('button', { name: 'Add size' }).click();
  await page.getByLabel('Seconds 2').fill('8');
  await page.getByLabel('商品', { exact: true }).fill('蓝牙耳机');
  await expect(page.getByTestId('filled-prompt')).toHaveText('拍摄蓝牙耳机的开箱过程，镜头缓慢推进。');
  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(page).toHaveURL(/\/templates\?type=video&source=mine&created=vid-[0-9a-f]{10}$/);
  const video = page.getByTestId('template-card').filter({ hasText: '新品开箱短视频 E2E' });
  await expect(video.getByText('Mine', { exact: true })).toBeVisible();
  await expect(video.locator('img')).toHaveAttribute('src', /platform-product-360-spin\.svg$/);

  await video.getByRole('link', { name: /^Edit/ }).click();
  await expect(page).toHaveURL(/\/templates\/video\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel('Seconds 2')).toHaveValue('8');
  await page.getByRole('button', { name: 'Remove size 1' }).click();
  await expect(page.getByLabel('Seconds 1')).toHaveValue('8');
  await page.getByLabel('Description').fill('适合电商新品上架');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.reload();
  await expect(page.getByLabel('Seconds 1')).toHaveValue('8');
  await expect(page.getByLabel('Seconds 2')).toHaveCount(0);
  await expect(page.getByLabel('Description')).toHaveValue('适合电商新品上架');
});
