import { chooseLanguage, expect, expectNoSidewaysScroll, test, viewShot } from './helpers';

test('the API reference is public: an index of groups, and one page per group with its operations', async ({
  page,
}) => {
  await page.goto('/docs');
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  const auth = page.locator('#authentication');
  await expect(auth.getByText('X-API-Key: sk-studio-…', { exact: true })).toBeVisible();
  await expect(auth.getByText('Authorization: Bearer sk-studio-…', { exact: true })).toBeVisible();
  await expect(page.locator('#errors')).toContainText('What went wrong, written for the caller');
  await expect(page.getByRole('link', { name: /OpenAPI JSON/ })).toHaveAttribute('href', '/api/openapi.json');

  // The index lists every group with its operations, each linking to its place on the group page.
  const groups = page.locator('#groups');
  await expect(groups.getByRole('link', { name: 'Credits', exact: true })).toHaveAttribute('href', '/docs/credits');
  await expect(groups.getByRole('link', { name: /\/api\/admin/ })).toHaveAttribute(
    'href',
    '/docs/operator#admin-action',
  );
  await groups.getByRole('link', { name: /\/api\/balance\s*The caller's remaining credits/ }).click();
  await expect(page).toHaveURL(/\/docs\/credits#balance-get$/);
  await expect(page).toHaveTitle('Credits · API reference · Studio');
  await expect(page.getByRole('heading', { level: 1, name: 'Credits' })).toBeVisible();

  // The balance response's fields open on demand, with their enum values.
  const balance = page.locator('article#balance-get');
  await balance.getByText(/^Show \d+ fields?$/).click();
  await expect(balance.getByText('dedicated', { exact: true })).toBeVisible();
  await expect(balance.getByRole('link', { name: 'how to authenticate' })).toHaveAttribute(
    'href',
    '/docs#authentication',
  );
  // The upload endpoint takes a multipart form, and says so; JSON endpoints say JSON.
  await page.goto('/docs/uploads');
  await expect(page.locator('article#uploads-proxy').getByText('Request body · multipart form')).toBeVisible();
  await page.goto('/docs/images');
  await expect(page.locator('article#jobs-generate').getByText('Request body · JSON')).toBeVisible();
  await viewShot(page, 'test-results/docs/docs-images.png');
});

test('links to the one-page reference of before land on the group page, and an unknown group is a 404 page', async ({
  page,
}) => {
  await page.goto('/docs#jobs-generate');
  await expect(page).toHaveURL(/\/docs\/images#jobs-generate$/);
  await expect(page.locator('article#jobs-generate')).toBeInViewport();
  await page.goto('/docs#tag-claim-codes');
  await expect(page).toHaveURL(/\/docs\/claim-codes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Claim codes' })).toBeVisible();
  // Anchors that stay on the index stay there.
  await page.goto('/docs#errors');
  await expect(page).toHaveURL(/\/docs#errors$/);

  const answer = await page.request.get('/docs/no-such-group');
  expect(answer.status()).toBe(404);
});

test('the API reference reads well on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/docs', '/docs/images', '/docs/chat']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
  await viewShot(page, 'test-results/docs-phone.png');
});

test('in Chinese, the reference is Chinese: its own words and the API’s titles, groups, fields and errors', async ({
  page,
  context,
}) => {
  // Every group page of the reference is read whole.
  test.setTimeout(90_000);
  await chooseLanguage(context, 'zh-CN');
  await page.goto('/docs');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page).toHaveTitle('API 文档 · Studio');
  await expect(page.getByRole('heading', { level: 1, name: 'API 文档' })).toBeVisible();
  const toc = page.getByRole('navigation', { name: '本页内容' }).first();
  await expect(toc.getByRole('link', { name: '认证' })).toHaveAttribute('href', '/docs#authentication');
  await expect(toc.getByRole('link', { name: '领取码' })).toHaveAttribute('href', '/docs/claim-codes');
  await expect(page.getByText('基础地址', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '控制台' })).toHaveAttribute('href', '/overview');
  // The introduction and the error body's fields, from the API's descriptions, in Chinese.
  await expect(page.getByText(/^多租户 AI 生成服务。/)).toBeVisible();
  const errors = page.locator('#errors');
  await expect(errors).toContainText('所有失败的请求都会返回 HTTP 错误状态码');
  await expect(errors).toContainText('出了什么问题，写给调用方看的说明');
  await expect(
    page
      .locator('#groups')
      .getByRole('link', { name: /模板流水线|绑定模板流水线/ })
      .first(),
  ).toBeVisible();

  await page.goto('/docs/images');
  await expect(page).toHaveTitle('图片 · API 文档 · Studio');
  const generate = page.locator('article#jobs-generate');
  await expect(generate.getByRole('heading', { level: 3, name: '生成图片（异步）' })).toBeVisible();
  await expect(generate.getByText('请求正文 · JSON')).toBeVisible();
  await expect(generate.getByText('需要密钥')).toBeVisible();
  await generate
    .getByText(/^展开 \d+ 个字段$/)
    .first()
    .click();
  await expect(generate).toContainText('完整的提示词；prompt、skill_slug、template_id 必须且只能给一个');
  // The statuses are named on the page; opening them says when each is answered.
  await generate.getByText(/^状态码 .*402.*：展开查看各自何时出现$/).click();
  await expect(generate.getByRole('row', { name: /^402/ })).toContainText('积分不足以完成这个请求');
  // A method badge is read as a request in the page's language.
  await expect(toc.getByRole('link', { name: /^POST 请求\s*\/generate$/ })).toBeVisible();
  await viewShot(page, 'test-results/docs/docs-zh.png');

  // Outside code (paths, field names, values, examples), the page reads in Chinese.
  for (const group of ['images', 'chat', 'operator', 'claim-codes']) {
    await page.goto(`/docs/${group}`);
    // With each operation's error statuses opened, as a reader checking what can go wrong.
    // (opened at once: clicking each of a group's folds costs the browser a layout of the whole page; a fold
    // opened before the page has come alive loads nothing, so the ones still without a table are opened again)
    const setFolds = (open: boolean) =>
      page.locator('main article details').evaluateAll((all, open) => {
        const folds = all.filter((d) => /^状态码 /.test(d.querySelector('summary')?.textContent ?? ''));
        for (const d of folds) if (!d.querySelector('table')) (d as HTMLDetailsElement).open = open;
        return folds.length;
      }, open);
    await expect(async () => {
      await setFolds(false);
      const folds = await setFolds(true);
      expect(folds).toBeGreaterThan(0);
      await expect(page.locator('main article details:has(table)')).toHaveCount(folds, { timeout: 3000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.locator('main').getByText('正在加载…')).toHaveCount(0);
    await expect(page.locator('main article table').first()).toBeVisible();
    const share = await page.locator('main').evaluate((main) => {
      const copy = main.cloneNode(true) as HTMLElement;
      copy
        .querySelectorAll('code, pre, .font-mono, .method-badge, [role="tablist"], .sr-only')
        .forEach((n) => n.remove());
      const text = copy.textContent ?? '';
      const latin = (text.match(/[A-Za-z]/g) ?? []).length;
      const han = (text.match(/\p{Script=Han}/gu) ?? []).length;
      return latin / (latin + han);
    });
    // Measured at 0.10-0.17 (names such as JSON, SDK, OpenAI, Standard Webhooks and units stay Latin).
    expect(share, `Latin letters among the letters of /docs/${group}`).toBeLessThan(0.25);
  }

  // The header's switch turns the reference to English.
  await page.goto('/docs/images');
  await page.getByRole('group', { name: '语言' }).getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Images' })).toBeVisible();
  await expect(page.locator('article#jobs-generate').getByText('Request body · JSON')).toBeVisible();
});

test('in Chinese on a phone, the reference fits and opens its contents', async ({ page, context }) => {
  await chooseLanguage(context, 'zh-CN');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/docs/claim-codes');
  await expect(page.getByRole('heading', { level: 1, name: '领取码' })).toBeVisible();
  await page.getByText('本页内容', { exact: true }).click();
  const contents = page.getByRole('navigation', { name: '本页内容' }).last();
  await expect(contents.getByRole('link', { name: '认证' })).toBeVisible();
  await expect(contents.getByRole('link', { name: /POST 请求\s*\/tenant-claims/ })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await viewShot(page, 'test-results/docs/docs-phone-zh.png');
});

/**
 * Served HTML per page: at most 300 KB each, in both languages. A page carries only the messages its client
 * components read, the example calls are written in the browser from one request, and field tables and error
 * statuses are loaded when a reader opens them (docs/api.md).
 */
const HTML_BUDGET = 300 * 1024;

test('every page of the reference stays within its HTML budget, in both languages', async ({ request, page }) => {
  await page.goto('/docs');
  const pages = [
    '/docs',
    ...(await page.locator('#groups h3 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))),
  ];
  expect(pages.length).toBeGreaterThanOrEqual(13);
  for (const locale of ['zh-CN', 'en']) {
    for (const path of pages) {
      const answer = await request.get(String(path), { headers: { cookie: `studio_locale=${locale}` } });
      expect(answer.status(), `${locale} ${path}`).toBe(200);
      const size = (await answer.body()).length;
      expect(size, `${locale} ${path}: ${size} bytes`).toBeLessThan(HTML_BUDGET);
    }
  }
});
