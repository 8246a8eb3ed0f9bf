import { chooseLanguage, createTenant, expect, expectNoSidewaysScroll, signIn, snapshot, test } from './helpers';

const NAME = '品牌主视觉 E2E';

test('a template is created in Chinese: the builder refuses in Chinese, saves, and the template’s page is titled with its name', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await chooseLanguage(page.context(), 'zh-CN');

  await page.goto('/templates?source=mine');
  await expect(page).toHaveTitle('模板 · Studio');
  await expect(page.getByRole('heading', { level: 1, name: '模板商店' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '还没有你自己的图片模板' })).toBeVisible();
  await page.getByRole('link', { name: '新建图片模板' }).first().click();
  await expect(page).toHaveURL(/\/templates\/new\?type=image$/);
  await expect(page).toHaveTitle('新建模板 · Studio');
  await expect(page.getByRole('heading', { level: 1, name: '创建模板' })).toBeVisible();
  await expect(page.getByRole('radio', { name: '图片' })).toBeChecked();
  // Examples in the page's language.
  await expect(page.getByLabel('分类')).toHaveAttribute('placeholder', '例如：海报');
  await expect(page.getByLabel('提示词模板')).toHaveAttribute('placeholder', /^为\{product\}设计一张春节促销海报/);

  // Nothing filled in yet: the form names what is missing, in Chinese.
  await page.getByRole('button', { name: '添加字段' }).click();
  await page.getByRole('button', { name: '创建模板' }).click();
  await expect(page.getByText('请填写模板名称。')).toBeVisible();
  await expect(page.getByText('请填写模板要填充的提示词。')).toBeVisible();
  const field = page.getByRole('group', { name: '字段 1', exact: true });
  await expect(field.getByText('请填写字段标签；调用方会在输入框上方看到它。')).toBeVisible();
  await expect(page.getByText('请先修正标出的 3 处内容。')).toBeVisible();
  await snapshot(page, 'test-results/templates/zh-editor-errors-desktop.png');

  await page.getByLabel('名称', { exact: true }).fill(NAME);
  await field.getByLabel('键').fill('brand');
  await field.getByLabel('标签').fill('品牌名称');
  const prompt = page.getByLabel('提示词模板');
  await prompt.fill('为{brand}设计一张品牌主视觉海报，{colour}');
  const hints = page.getByTestId('contract-hints');
  await expect(hints).toContainText('{colour} 没有对应字段。');
  await prompt.fill('为{brand}设计一张品牌主视觉海报，画面干净高级。');
  await expect(hints).toHaveCount(0);
  await page.getByTestId('prompt-preview').getByLabel('品牌名称').fill('青岚');
  await expect(page.getByTestId('filled-prompt')).toHaveText('为青岚设计一张品牌主视觉海报，画面干净高级。');
  await snapshot(page, 'test-results/templates/zh-editor-desktop.png');

  // On a phone the builder fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/templates/zh-editor-phone.png');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: '创建模板' }).click();
  await expect(page).toHaveURL(/\/templates\?source=mine&created=img-[0-9a-f]{10}$/);
  await expect(page.getByRole('status').filter({ hasText: '已创建' })).toContainText(`已创建 ${NAME}`);
  const card = page.getByTestId('template-card').filter({ hasText: NAME });
  await expect(card.getByText('我的', { exact: true })).toBeVisible();
  await expect(page.getByText('共 1 个图片模板')).toBeVisible();
  await snapshot(page, 'test-results/templates/zh-store-desktop.png');

  await card.getByRole('link', { name: `编辑 ${NAME}` }).click();
  await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}$/);
  await expect(page).toHaveTitle(`模板 · ${NAME} · Studio`);
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(page.getByText('编辑图片模板')).toBeVisible();
  await expect(page.getByText('没有更改')).toBeVisible();
  await snapshot(page, 'test-results/templates/zh-template-desktop.png');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page).toHaveTitle(`模板 · ${NAME} · Studio`);
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/templates/zh-template-phone.png');

  // An id nobody can see keeps the plain title.
  await page.goto('/templates/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveTitle('模板 · Studio');
  await expect(page.getByText('该模板不存在、属于其他工作区，或已不再提供。')).toBeVisible();
});
