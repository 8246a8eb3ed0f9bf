import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
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

const PLATFORM = { slug: 'platform-xhs-cover-bigtext', name: '小红书大字封面' };

/** An image template of the tenant's own, created with its key. */
async function ownTemplate(request: APIRequestContext, tenant: TestTenant, zhName: string) {
  const res = await request.post('/api/templates', {
    headers: { 'X-API-Key': tenant.apiKey },
    data: {
      type: 'image',
      zh_name: zhName,
      prompt_template: '春日花束主题海报，柔和自然光，留出文字位置',
      description: '店铺专属的春日海报模板',
    },
  });
  const body = (await res.json()) as { template?: { id: string; slug: string; gated: boolean }; error?: string };
  expect(res.status(), body.error).toBe(200);
  if (!body.template) throw new Error('template not created');
  return body.template;
}

async function openClaims(page: Page, tenant: TestTenant) {
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto('/claims');
  await expect(page.getByRole('heading', { level: 1, name: 'Claim codes' })).toBeVisible();
}

test.describe('claim codes', () => {
  // Asking for more credits than the pool holds is refused on purpose (409); the browser logs it.
  test.use({
    permissions: ['clipboard-read', 'clipboard-write'],
    expectedConsoleErrors: { patterns: [/status of 409 .*\/api\/trpc\/claims\.create/] },
  });

  test('a tenant creates a claim code from a platform and an own template, copies its texts and sees it redeemed', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const tenant = await createTenant(request, { name: '花漾小店 E2E', credits: 500 });
    const own = await ownTemplate(request, tenant, '春日花束海报（店铺专属）');
    expect(own.gated).toBe(false);
    await openClaims(page, tenant);

    const form = page.getByRole('form', { name: 'New claim code' });
    await expect(form.getByTestId('claim-allocatable')).toHaveText('500 allocatable');
    await expect(form.getByTestId('claim-explain')).toHaveText(
      'The credits leave your allocatable pool now, and your own selected templates become gated.',
    );
    await expect(form.getByLabel('Title')).toHaveAttribute('placeholder', 'AI生图核心技巧（教程PDF）');
    await expect(page.getByRole('heading', { name: 'No claim codes yet' })).toBeVisible();

    // Nothing picked: the form says what is missing before anything is sent.
    await form.getByRole('button', { name: 'Create claim code' }).click();
    await expect(form.getByText('Pick at least one template.')).toBeVisible();
    await expect(form.getByText('Enter the number of credits.')).toBeVisible();

    // Search and pick: the tenant's own template, then a platform one.
    const picker = form.getByTestId('template-picker');
    const search = picker.getByLabel('Search templates');
    await search.fill('春日花束');
    await expect(picker.getByTestId('template-option')).toHaveCount(1);
    const ownOption = picker.locator(`[data-testid="template-option"][data-slug="${own.slug}"]`);
    await expect(ownOption).toContainText('Mine');
    await ownOption.getByRole('checkbox', { name: '春日花束海报（店铺专属）' }).check();
    await expect(ownOption).toContainText('Becomes gated');
    await search.fill(PLATFORM.name);
    const platformOption = picker.locator(`[data-testid="template-option"][data-slug="${PLATFORM.slug}"]`);
    await expect(platformOption).toContainText('Platform');
    await platformOption.getByRole('checkbox', { name: PLATFORM.name }).check();
    await expect(picker.getByTestId('picked-count')).toHaveText('2 selected');
    await expect(picker.getByRole('list', { name: 'Selected templates' }).getByRole('listitem')).toHaveCount(2);
    await search.fill('');
    await picker.getByRole('button', { name: 'Article' }).click();
    await expect(
      picker.locator('[data-testid="template-option"][data-slug^="platform-xhs-product-note"]'),
    ).toBeVisible();
    await expect(platformOption).toHaveCount(0);
    await picker.getByRole('button', { name: 'All' }).click();

    await form.getByLabel('Credits').fill('60');
    await form.getByLabel('Note').fill('淘宝订单 #1001');
    await form.getByRole('button', { name: 'Create claim code' }).click();

    // The result: link, reply text and product copy, each with a copy button.
    const result = page.getByTestId('claim-result');
    await expect(result.getByRole('heading', { name: 'Claim code created' })).toBeVisible();
    const link = result.getByTestId('claim-link');
    await expect(link).toHaveAttribute('href', /\/claim\/[0-9A-Z]{20}$/);
    await expect(link).toHaveAttribute('target', '_blank');
    const url = (await link.getAttribute('href')) ?? '';
    await expect(link).toContainText(url);
    const code = url.split('/').pop() ?? '';
    await expect(result.getByTestId('reply-text')).toContainText(url);
    await expect(result.getByTestId('product-copy')).toHaveText(/^【花漾小店 E2E 提供】/);
    // Only the template the code opens is called 专属; the public platform template is named as one.
    await expect(result.getByTestId('product-copy')).toContainText('1 款专属模板：「春日花束海报（店铺专属）」');
    await expect(result.getByTestId('product-copy')).toContainText('平台模板：「小红书大字封面」');
    for (const what of ['claim link', 'reply text', 'product copy']) {
      await expect(result.getByRole('button', { name: `Copy ${what}` })).toBeVisible();
    }
    await result.getByRole('button', { name: 'Copy product copy' }).click();
    await expect(result.getByRole('button', { name: 'Copy product copy' })).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^【花漾小店 E2E 提供】/);
    await expect(result.getByTestId('result-credits')).toHaveText('60');
    await expect(result.getByTestId('result-templates')).toContainText('春日花束海报（店铺专属）');
    await expect(result.getByTestId('result-templates')).toContainText(PLATFORM.name);
    await expect(result.getByTestId('result-balance')).toHaveText('440');

    // The own template is gated now.
    const mine = await request.get(`/api/templates?slug=${own.slug}`, { headers: { 'X-API-Key': tenant.apiKey } });
    expect(((await mine.json()) as { templates: { gated: boolean }[] }).templates[0]?.gated).toBe(true);

    // Listed as open, newest first.
    const row = page.locator(`[data-testid="claim-row"][data-code="${code}"]`);
    await expect(row.getByTestId('claim-state')).toHaveText('Open');
    await expect(row).toContainText('60 credits');
    await expect(row).toContainText('春日花束海报（店铺专属）、小红书大字封面');
    await expect(row).toContainText('Note: 淘宝订单 #1001');
    await snapshot(page, 'test-results/claims-desktop.png');

    // Not enough credits: the server's 409 text, nothing taken.
    await result.getByRole('button', { name: 'Create another' }).click();
    await expect(result).toHaveCount(0);
    await expect(picker.getByTestId('picked-count')).toHaveText('2 selected');
    await form.getByLabel('Credits').fill('100000');
    await expect(form.getByText('More than the 440 credits allocatable now.')).toBeVisible();
    await form.getByRole('button', { name: 'Create claim code' }).click();
    await expect(form.getByTestId('claim-error')).toContainText(
      'Not enough credits for this claim code: it needs 100000, the tenant has 440 allocatable',
    );
    await expect(form.getByTestId('claim-allocatable')).toHaveText('440 allocatable');

    // A buyer redeems it; after a reload the list says by whom.
    const email = `buyer-${randomBytes(3).toString('hex')}@example.cn`;
    const redeemed = await request.post('/api/social-claims', { data: { code, nickname: '小美', email } });
    expect(redeemed.status()).toBe(200);
    const buyer = (await redeemed.json()) as { sign_in: { password: string | null } };
    await page.reload();
    await expect(row.getByTestId('claim-state')).toHaveText('Redeemed');
    await expect(row.getByTestId('claim-redeemer')).toContainText(`Redeemed by 小美 (${email})`);

    // Filters by state.
    const filters = page.getByRole('group', { name: 'Filter by state' });
    await filters.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByRole('heading', { name: 'No open codes' })).toBeVisible();
    await filters.getByRole('button', { name: 'Redeemed' }).click();
    await expect(row).toBeVisible();

    // Each row opens to copy its link and texts again.
    const details = row.getByRole('button', { name: 'Details' });
    await expect(details).toHaveAttribute('aria-expanded', 'false');
    await details.click();
    await expect(details).toHaveAttribute('aria-expanded', 'true');
    await expect(row.getByTestId('claim-link')).toHaveAttribute('href', url);
    await expect(row.getByTestId('reply-text')).toContainText(url);
    await expect(row.getByTestId('product-copy')).toHaveText(/^【花漾小店 E2E 提供】/);
    for (const what of ['claim link', 'reply text', 'product copy']) {
      await expect(row.getByRole('button', { name: `Copy ${what}` })).toBeVisible();
    }

    // The buyer's platform account is told these pages belong to a company workspace, in Chinese (a buyer's default).
    await page.context().clearCookies();
    await signIn(page, email, buyer.sign_in.password ?? '');
    await expect(page).toHaveURL(/\/overview$/);
    for (const path of ['/claims', '/members']) {
      await page.goto(path);
      await expect(page.getByTestId('organisation-only')).toContainText('此账户无法使用该功能');
    }
  });
});

test('claim codes page on a phone, with "Load more"', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const tenant = await createTenant(request, { name: '花漾小店·华东区域门店运营中心 E2E', credits: 1000 });
  const listed = await request.get('/api/templates?type=image&source=platform', {
    headers: { 'X-API-Key': tenant.apiKey },
  });
  const platform = ((await listed.json()) as { templates: { id: string }[] }).templates[0];
  if (!platform) throw new Error('no platform template');
  for (let i = 0; i < 21; i++) {
    const res = await request.post('/api/tenant-claims', {
      headers: { 'X-API-Key': tenant.apiKey },
      data: { template_ids: [platform.id], credits: 1, note: `批量生成的领取码 #${i + 1}` },
    });
    expect(res.status()).toBe(200);
  }

  await openClaims(page, tenant);
  await expect(page.getByTestId('claim-row')).toHaveCount(20);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(page.getByTestId('claim-row')).toHaveCount(21);
  await expect(page.getByText('All 21 codes shown.')).toBeVisible();
  await expectNoSidewaysScroll(page);

  const form = page.getByRole('form', { name: 'New claim code' });
  await form.getByTestId('template-option').first().getByRole('checkbox').check();
  await form.getByLabel('Credits').fill('25');
  await form
    .getByLabel('PDF link')
    .fill('https://cdn.example.com/tutorials/a-very-long-file-name-for-the-spring-campaign-tutorial.pdf');
  await form.getByRole('button', { name: 'Create claim code' }).click();
  const result = page.getByTestId('claim-result');
  await expect(result.getByTestId('product-copy')).toContainText('附赠《AI生图核心技巧（教程PDF）》');
  await expect(result.getByTestId('result-balance')).toHaveText('954');
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/claims-phone.png');

  const first = page.getByTestId('claim-row').first();
  await first.getByRole('button', { name: 'Details' }).click();
  await expectNoSidewaysScroll(page);
});

test('the claim codes page reads in Chinese once the console speaks it', async ({ page, request }) => {
  const tenant = await createTenant(request, { name: '花漾小店 E2E', credits: 300 });
  const created = await request.post('/api/tenant-claims', {
    headers: { 'X-API-Key': tenant.apiKey },
    data: {
      template_ids: [(await ownTemplate(request, tenant, '春日花束海报（中文界面）')).id],
      credits: 40,
      note: '淘宝订单 #2002',
    },
  });
  expect(created.status()).toBe(200);

  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await chooseLanguage(page.context(), 'zh-CN');
  await page.goto('/claims');
  await expect(page).toHaveTitle('领取码 · Studio');
  await expect(page.getByRole('heading', { level: 1, name: '领取码' })).toBeVisible();

  const form = page.getByRole('form', { name: '新建领取码' });
  await expect(form.getByTestId('claim-allocatable')).toHaveText('可分配 260');
  await form.getByRole('button', { name: '创建领取码' }).click();
  await expect(form.getByText('请至少选择一个模板。')).toBeVisible();
  await expect(form.getByText('请输入积分数量。')).toBeVisible();
  await expect(form.getByTestId('picked-count')).toHaveText('未选择');

  const row = page.getByTestId('claim-row').first();
  await expect(row.getByTestId('claim-state')).toHaveText('待领取');
  await expect(row).toContainText('40 积分');
  await expect(row).toContainText('备注：淘宝订单 #2002');
  await expect(row).toContainText(/创建于 \d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}/);
  await expect(page.getByRole('group', { name: '按状态筛选' }).getByRole('button', { name: '已领取' })).toBeVisible();
  await snapshot(page, 'test-results/claims-zh.png');
});
