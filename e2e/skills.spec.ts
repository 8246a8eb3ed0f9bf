import type { Locator, Page } from '@playwright/test';
import { chooseLanguage, createTenant, expect, expectNoSidewaysScroll, signIn, snapshot, test } from './helpers';

async function expectLoaded(image: Locator): Promise<void> {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

async function signedIn(page: Page, request: Parameters<typeof createTenant>[0]) {
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  return tenant;
}

test('the catalogue opens a form skill in the Playground, which checks required fields before generating', async ({
  page,
  request,
}) => {
  await signedIn(page, request);

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Skills' }).click();
  await expect(page).toHaveURL(/\/skills$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Skills catalogue' })).toBeVisible();

  const cards = page.getByTestId('skill-card');
  expect(await cards.count()).toBeGreaterThanOrEqual(10);
  const thumbs = page.getByTestId('skill-thumb');
  for (let i = 0; i < 4; i++) await expectLoaded(thumbs.nth(i));

  const poster = cards.filter({ hasText: '详情页卖点海报' });
  await expect(poster).toContainText('Form · 3 fields');
  await expect(poster).toContainText('3:4');
  await expect(poster).not.toContainText('Needs your image');
  const tryOn = cards.filter({ hasText: '模特上身图' });
  await expect(tryOn).toContainText('One sentence');
  await expect(tryOn).toContainText('Needs your image');
  await expectLoaded(tryOn.getByTestId('skill-thumb'));

  // Genre chips narrow the grid and can be undone.
  const total = await cards.count();
  await page.getByRole('button', { name: /^Food/ }).click();
  await expect(page.getByRole('button', { name: /^Food/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('美食菜品大片');
  await page.getByRole('button', { name: /^All/ }).click();
  await expect(cards).toHaveCount(total);
  await snapshot(page, 'test-results/skills-desktop.png');

  await poster.getByRole('link', { name: '详情页卖点海报' }).click();
  await expect(page).toHaveURL(/\/playground\?skill=selling-points-poster$/);
  await expect(page.getByRole('tab', { name: 'Skill' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('recipe-selected')).toContainText('详情页卖点海报');
  // The skill's own shape is the default.
  await expect(page.getByRole('radio', { name: '3:4' })).toBeChecked();

  const product = page.getByLabel('商品名称', { exact: true });
  const points = page.getByLabel('核心卖点', { exact: true });
  await expect(points).toHaveJSProperty('tagName', 'TEXTAREA');
  await expect(page.getByLabel('视觉风格', { exact: true })).toHaveAttribute(
    'placeholder',
    '清新明亮的科技感，浅色渐变背景',
  );
  await product.fill('便携无线榨汁杯');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();

  // Nothing is sent: the empty required field is named and focused.
  await expect(page.getByTestId('field-error')).toHaveText('“核心卖点” is required.');
  await expect(points).toBeFocused();
  await expect(points).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('result-card')).toHaveCount(0);
  await expect(page.getByTestId('playground-credits')).toHaveText('1,234');
  await snapshot(page, 'test-results/playground-skill-error.png');

  await points.fill('6叶刀头30秒出汁；USB-C充电续航15杯');
  await expect(page.getByTestId('field-error')).toHaveCount(0);
  await page.getByRole('button', { name: 'Generate', exact: true }).click();

  const card = page.getByTestId('result-card');
  await expect(card).toHaveAttribute('data-status', 'done');
  await expect(card).toContainText('详情页卖点海报');
  const image = card.getByRole('img', { name: /^Result: 详情页卖点海报/ });
  await expectLoaded(image);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth / img.naturalHeight)).toBeCloseTo(3 / 4, 1);
  await expect(page.getByTestId('playground-credits')).toHaveText('1,230');
  await snapshot(page, 'test-results/playground-skill.png');
});

test('a skill that works from your image waits for a reference image', async ({ page, request }) => {
  await signedIn(page, request);
  await page.goto('/playground?skill=model-try-on');

  await expect(page.getByTestId('ref-required-notice')).toContainText('This skill works from your own image.');
  const generate = page.getByRole('button', { name: 'Generate', exact: true });
  await page.getByLabel('Your sentence', { exact: true }).fill('年轻女生，城市街拍，自然光');
  await expect(generate).toBeDisabled();
  await expect(page.getByTestId('generate-blocked')).toHaveText('Choose a reference image below to use this skill.');
  await expect(page.getByText('(at least one needed)')).toBeVisible();
  await snapshot(page, 'test-results/playground-skill-needs-image.png');

  // Make an image from a prompt, then come back: the skill and the sentence are still there.
  await page.getByRole('tab', { name: 'Prompt' }).click();
  await expect(page).toHaveURL(/\/playground$/);
  await page.getByLabel('Prompt').fill('一件米白色针织开衫，平铺拍摄，白色背景');
  await generate.click();
  await expect(page.getByTestId('result-card')).toHaveAttribute('data-status', 'done');

  await page.getByRole('tab', { name: 'Skill' }).click();
  await expect(page).toHaveURL(/\/playground\?skill=model-try-on$/);
  await expect(page.getByLabel('Your sentence', { exact: true })).toHaveValue('年轻女生，城市街拍，自然光');
  await expect(generate).toBeDisabled();
  await page.getByRole('button', { name: /^Use as reference: 一件米白色针织开衫/ }).click();
  await expect(generate).toBeEnabled();
  await expect(page.getByTestId('generate-blocked')).toHaveCount(0);
  await generate.click();

  const card = page.getByTestId('result-card');
  await expect(card).toContainText('模特上身图: 年轻女生，城市街拍，自然光');
  await expect(card).toHaveAttribute('data-status', 'done');
  await expectLoaded(card.getByRole('img'));
});

test('templates open by address, locked ones are shown but cannot be chosen', async ({ page, request }) => {
  await signedIn(page, request);
  await page.goto('/playground?template=platform-xhs-cover-bigtext');

  await expect(page.getByRole('tab', { name: 'Template' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('recipe-selected')).toContainText('小红书大字封面');
  await expect(page.getByRole('radio', { name: '3:4' })).toBeChecked();

  // A template without the required title is refused before anything is sent.
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByTestId('field-error')).toHaveText('“封面标题” is required.');
  await page.getByLabel('封面标题', { exact: true }).fill('3天学会手冲咖啡');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByTestId('result-card')).toHaveAttribute('data-status', 'done');

  // The list: gated templates carry a lock and their reason, and choosing one does nothing.
  await page.getByRole('button', { name: 'Change template' }).click();
  const locked = page.getByRole('button', { name: /^品牌主视觉 KV 海报/ });
  await expect(locked).toContainText('Comes with a claim code');
  await expect(locked).toBeDisabled();
  await locked.click({ force: true });
  await expect(page.getByRole('button', { name: 'Change template' })).toHaveCount(0);
  await page.getByRole('button', { name: /^Keep 小红书大字封面/ }).click();
  await expect(page.getByTestId('recipe-selected')).toContainText('小红书大字封面');
  await expect(page.getByRole('button', { name: 'Change template' })).toBeFocused();
});

test('the source tabs and the skill list work from the keyboard', async ({ page, request }) => {
  await signedIn(page, request);
  await page.goto('/playground');

  await page.getByRole('tab', { name: 'Prompt' }).focus();
  await page.keyboard.press('ArrowRight');
  const skillTab = page.getByRole('tab', { name: 'Skill' });
  await expect(skillTab).toBeFocused();
  await expect(skillTab).toHaveAttribute('aria-selected', 'true');

  // Search, arrow down into the list, Enter chooses: the form opens with its labelled inputs.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Search skills')).toBeFocused();
  await page.keyboard.type('大字封面');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('button', { name: /^小红书大字封面/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Change skill' })).toBeFocused();
  await expect(page).toHaveURL(/\/playground\?skill=xhs-cover-bigtext$/);
  await expect(page.getByLabel('封面标题', { exact: true })).toBeVisible();
  await expect(page.getByLabel('副标题', { exact: true })).toBeVisible();

  // Escape leaves the list and keeps the choice.
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Search skills')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('recipe-selected')).toContainText('小红书大字封面');
});

test('Skills and a skill form fit a phone screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(page, request);

  await page.goto('/skills');
  await expect(page.getByTestId('skill-card').first()).toBeVisible();
  await expectLoaded(page.getByTestId('skill-thumb').first());
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/skills-phone.png');

  await page.goto('/playground?skill=festival-promo-poster');
  await expect(page.getByTestId('recipe-selected')).toBeVisible();
  // 2:3 is not among the usual shapes: the skill adds it and starts there.
  await expect(page.getByRole('radio', { name: '2:3' })).toBeChecked();
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/playground-skill-phone.png');
});

test('the skills catalogue speaks Chinese', async ({ page, request }) => {
  await signedIn(page, request);
  await chooseLanguage(page.context(), 'zh-CN');
  await page.goto('/skills');
  await expect(page).toHaveTitle('技能 · Studio');
  await expect(page.getByRole('heading', { level: 1, name: '技能库' })).toBeVisible();
  await expect(page.getByLabel('搜索技能')).toBeVisible();

  const poster = page.getByTestId('skill-card').filter({ hasText: '详情页卖点海报' });
  await expect(poster).toContainText('表单 · 3 个字段');
  await expect(page.getByTestId('skill-card').filter({ hasText: '模特上身图' })).toContainText('需要你的图片');

  await page.getByRole('button', { name: /^美食/ }).click();
  await expect(page.getByRole('button', { name: /^美食/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('搜索技能').fill('没有这个技能');
  await expect(page.getByRole('heading', { name: '没有匹配的技能' })).toBeVisible();
  await expect(page.getByRole('button', { name: '显示全部技能' })).toBeVisible();
  await snapshot(page, 'test-results/skills-zh.png');
});
