import { createTenant, expect, signIn, test } from './helpers';
import { expectFocusVisible, skipToContent, tabTo } from './keys';

// Keyboard only: no clicks after signing in. Each stop is reached with Tab (or Shift+Tab when it lies
// behind), must show a visible focus ring, and is used with Enter, Space, arrows or typing.

test('the Playground, by keyboard: a prompt, then a template with its field, each generated', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto('/playground');
  await skipToContent(page);

  const prompt = page.getByLabel('Prompt', { exact: true });
  await tabTo(page, prompt);
  await page.keyboard.type('一只在竹林里喝茶的熊猫');
  // The ratio is a radio group: Tab enters it at the chosen ratio, an arrow chooses the next one.
  const ratio = page.getByRole('radio', { name: /^\d+:\d+$/, checked: true });
  const before = await ratio.getAttribute('value');
  await tabTo(page, ratio);
  await page.keyboard.press('ArrowRight');
  await expect(ratio).not.toHaveAttribute('value', before ?? '');
  await tabTo(page, page.getByRole('button', { name: 'Generate', exact: true }));
  await page.keyboard.press('Enter');
  const card = page.getByTestId('result-card');
  await expect(card).toHaveAttribute('data-status', 'done');

  // A template: the tab list moves with the arrows, the picker with Enter.
  await tabTo(page, page.getByRole('tab', { name: 'Prompt' }));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Template' })).toHaveAttribute('aria-selected', 'true');
  const cover = page.getByRole('button', { name: /^小红书大字封面/ });
  await tabTo(page, cover);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('recipe-selected')).toContainText('小红书大字封面');
  await tabTo(page, page.getByLabel('封面标题', { exact: true }));
  await page.keyboard.type('3天学会手冲咖啡');
  await tabTo(page, page.getByRole('button', { name: 'Generate', exact: true }));
  await page.keyboard.press('Enter');
  await expect(card.first()).toContainText('3天学会手冲咖啡');
  await expect(card.first()).toHaveAttribute('data-status', 'done');
});

test('the template builder, by keyboard: a name, a field, a prompt using it, saved', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto('/templates/new?type=image');
  await skipToContent(page);

  await tabTo(page, page.getByLabel('Name'));
  await page.keyboard.type('键盘海报 E2E');
  await tabTo(page, page.getByRole('button', { name: 'Add field' }));
  await page.keyboard.press('Enter');
  const field = page.getByRole('group', { name: 'Field 1', exact: true });
  await expect(field.getByLabel('Key')).toBeFocused();
  await expectFocusVisible(page);
  // The key starts with a suggestion (field_1): select it and type over it.
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('product');
  await tabTo(page, field.getByLabel('Label'));
  await page.keyboard.type('商品名称');
  await tabTo(page, page.getByLabel('Prompt template'));
  await page.keyboard.type('为{product}设计一张春节促销海报');
  await tabTo(page, page.getByRole('button', { name: 'Create template' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/templates\?(.+&)?created=/);
  await expect(page.getByTestId('template-card').filter({ hasText: '键盘海报 E2E' })).toBeVisible();
});

test('the claim page, by keyboard: nickname, e-mail, password twice, redeemed', async ({ page, request }) => {
  test.setTimeout(120_000);
  const seller = await createTenant(request, { credits: 200 });
  const listed = await request.get('/api/templates?type=image&source=platform', {
    headers: { 'X-API-Key': seller.apiKey },
  });
  const open = ((await listed.json()) as { templates: { id: string; gated: boolean }[] }).templates.find(
    (t) => !t.gated,
  );
  if (!open) throw new Error('the catalogue needs an open platform template');
  const created = await request.post('/api/tenant-claims', {
    headers: { 'X-API-Key': seller.apiKey },
    data: { template_ids: [open.id], credits: 30 },
  });
  expect(created.status()).toBe(200);
  const { code } = (await created.json()) as { code: string };

  await page.goto(`/claim/${code}`);
  await tabTo(page, page.getByLabel('昵称'));
  await page.keyboard.type('小林');
  await tabTo(page, page.getByLabel('邮箱'));
  const email = `keys-${Date.now()}@example.cn`;
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('登录密码'));
  await page.keyboard.type('chun-cha-2026');
  await tabTo(page, page.getByLabel('再次输入密码'));
  await page.keyboard.type('chun-cha-2026');
  await tabTo(page, page.getByRole('button', { name: '立即领取' }));
  await page.keyboard.press('Enter');
  const result = page.getByTestId('claim-result');
  await expect(result.getByRole('heading', { name: '领取成功' })).toBeVisible();
  await expect(result).toContainText(email);
});
