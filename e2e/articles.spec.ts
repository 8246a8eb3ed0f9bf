import { chooseLanguage, createTenant, expect, expectNoSidewaysScroll, signIn, snapshot, test } from './helpers';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a Xiaohongshu note from the product form, then a WeChat article from one sentence', async ({ page, request }) => {
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Articles' }).click();
  await expect(page).toHaveURL(/\/articles$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Write copy' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your copy appears here' })).toBeVisible();

  // The list shows each template's format; a gated one is there, locked.
  const note = page.getByRole('button', { name: /^小红书种草笔记/ });
  await expect(note).toContainText('Xiaohongshu note');
  const gated = page.getByRole('button', { name: /^品牌故事长文/ });
  await expect(gated).toHaveAttribute('aria-disabled', 'true');
  await expect(gated).toContainText('Comes with a claim code');

  await note.click();
  await expect(page).toHaveURL(/\/articles\?template=platform-xhs-product-note$/);
  await page.getByLabel('商品', { exact: true }).fill('便携无线榨汁杯（350ml，USB-C 充电）');
  await page.getByLabel('目标人群', { exact: true }).fill('上班族、健身党');
  await page.getByRole('button', { name: 'Write', exact: true }).click();
  // The selling points are required: named, focused, nothing charged.
  await expect(page.getByTestId('field-error')).toHaveText('“核心卖点” is required.');
  await expect(page.getByLabel('核心卖点', { exact: true })).toBeFocused();
  await page.getByLabel('核心卖点', { exact: true }).fill('30秒出汁；一次充电能用15杯；噪音小');
  await page.getByRole('button', { name: 'Write', exact: true }).click();

  const result = page.getByTestId('article-result');
  await expect(result).toHaveAttribute('data-format', 'xiaohongshu');
  await expect(result.getByTestId('article-title')).not.toBeEmpty();
  await expect(result.getByTestId('article-body')).not.toBeEmpty();
  const tags = result.getByTestId('article-hashtags').getByRole('listitem');
  expect(await tags.count()).toBeGreaterThan(0);
  for (const tag of await tags.allTextContents()) expect(tag).toMatch(/^#/);
  await expect(result.getByTestId('article-credits')).toHaveText('1 credit charged');
  await expect(page.getByTestId('articles-credits')).toHaveText('1,233');
  for (const what of ['all', 'title', 'body', 'hashtags']) {
    await expect(result.getByRole('button', { name: `Copy ${what}` })).toBeVisible();
  }
  const title = await result.getByTestId('article-title').innerText();
  await result.getByRole('button', { name: 'Copy all' }).click();
  await expect(result.getByRole('button', { name: 'Copy all' })).toHaveText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.startsWith(`${title}\n\n`)).toBe(true);
  expect(copied).toContain((await tags.allTextContents()).join(' '));
  await snapshot(page, 'test-results/articles-xiaohongshu.png');

  // One-sentence template: the sentence is required, and a WeChat article has no hashtags.
  await page.getByRole('button', { name: 'Change template' }).click();
  await page.getByRole('button', { name: /^一句话写公众号文章/ }).click();
  await expect(page).toHaveURL(/\/articles\?template=platform-wechat-quick-article$/);
  const sentence = page.getByLabel('Your sentence', { exact: true });
  await page.getByRole('button', { name: 'Write', exact: true }).click();
  await expect(page.getByTestId('field-error')).toHaveText('Describe what you want in one sentence.');
  await expect(sentence).toBeFocused();
  await sentence.fill('写一篇关于上班族如何坚持吃早餐的文章');
  await page.getByRole('button', { name: 'Write', exact: true }).click();

  const latest = page.getByTestId('article-result').first();
  await expect(latest).toHaveAttribute('data-format', 'wechat');
  await expect(latest.getByTestId('article-title')).not.toBeEmpty();
  await expect(latest.getByTestId('article-hashtags')).toHaveCount(0);
  await expect(latest.getByRole('button', { name: 'Copy hashtags' })).toHaveCount(0);
  // Markdown headings read as headings, never as "## ".
  await expect(latest.getByTestId('article-body').getByRole('heading').first()).toBeVisible();
  await expect(latest.getByTestId('article-body')).not.toContainText('## ');
  await expect(page.getByTestId('articles-credits')).toHaveText('1,232');

  // The note written first stays below.
  await expect(page.getByRole('heading', { name: 'Earlier in this session' })).toBeVisible();
  const earlier = page.locator('details').filter({ hasText: 'Xiaohongshu note' });
  await expect(earlier).toHaveCount(1);
  await earlier.locator('summary').click();
  await expect(earlier.getByTestId('article-hashtags')).toBeVisible();
  await snapshot(page, 'test-results/articles-wechat.png');
});

test('an article template opens by address and the page fits a phone', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);

  await page.goto('/articles?template=platform-xhs-quick-note');
  await expect(page.getByTestId('recipe-selected')).toContainText('一句话写小红书笔记');
  await page.getByLabel('Your sentence', { exact: true }).fill('周末在家做的三明治早餐');
  await page.getByRole('button', { name: 'Write', exact: true }).click();
  const result = page.getByTestId('article-result');
  await expect(result).toHaveAttribute('data-format', 'xiaohongshu');
  await expect(result.getByTestId('article-hashtags').getByRole('listitem').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/articles-phone.png');
});

test('in Chinese: the writer, its button and the sentence field read in Chinese', async ({ page, request }) => {
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await chooseLanguage(page.context(), 'zh-CN');
  await page.goto('/articles?template=platform-xhs-quick-note');
  await expect(page).toHaveTitle('文案 · Studio');
  await expect(page.getByRole('heading', { level: 1, name: '写文案' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '文案会显示在这里' })).toBeVisible();
  await expect(page.getByRole('button', { name: '生成文案', exact: true })).toBeVisible();
  await expect(page.getByLabel('一句话描述', { exact: true })).toBeVisible();
  await expect(page.getByTestId('recipe-selected')).toContainText('小红书笔记');
  // The shared parts speak Chinese too: the cost line, the template picker and a field's refusal.
  await expect(page.getByTestId('cost-line')).toHaveText('1 积分 · 可用 1,234');
  await expect(page.getByRole('group', { name: '模板', exact: true })).toBeVisible();
  await page.getByRole('button', { name: '生成文案', exact: true }).click();
  await expect(page.getByTestId('field-error')).toHaveText('请用一句话描述你想要的内容。');
  await page.getByRole('button', { name: '更换模板' }).click();
  await expect(page.getByRole('button', { name: '保留“一句话写小红书笔记”' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^品牌故事长文/ })).toContainText('随领取码提供');
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/articles-zh.png');
});
