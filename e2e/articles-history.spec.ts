import { chooseLanguage, createTenant, expect, expectNoSidewaysScroll, signIn, snapshot, test } from './helpers';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('an article written is kept: found in history by a Chinese word, opened, copied and written again', async ({
  page,
  request,
}) => {
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto('/articles?template=platform-wechat-quick-article');
  const history = page.getByTestId('article-history');
  await expect(history.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(history.getByTestId('article-history-empty')).toBeVisible();

  const sentence = page.getByLabel('Your sentence', { exact: true });
  await sentence.fill('写一篇关于桂花乌龙奶茶的秋季推荐');
  await page.getByRole('button', { name: 'Write', exact: true }).click();
  await expect(page.getByTestId('article-result').getByTestId('article-title')).not.toBeEmpty();
  const title = await page.getByTestId('article-result').getByTestId('article-title').innerText();

  await sentence.fill('夏天露营要带的十样东西');
  await page.getByRole('button', { name: 'Write', exact: true }).click();
  const rows = history.getByTestId('article-history-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('夏天露营');

  // Search by a Chinese word of the first article's topic.
  await history.getByRole('searchbox', { name: 'Search articles' }).fill('桂花');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('article-history-title')).toHaveText(title);
  await history.getByRole('searchbox', { name: 'Search articles' }).fill('没有这种文案');
  await expect(history.getByTestId('article-history-empty')).toContainText('Nothing found');
  await history.getByRole('searchbox', { name: 'Search articles' }).fill('桂花');
  await expect(rows).toHaveCount(1);

  // Open it: the copy in full with copy buttons, and what it was written from.
  await rows.first().click();
  await expect(rows.first()).toHaveAttribute('aria-expanded', 'true');
  const detail = history.getByTestId('article-history-detail');
  await expect(detail.getByTestId('article-title')).toHaveText(title);
  await expect(detail.getByTestId('article-history-input')).toContainText('写一篇关于桂花乌龙奶茶的秋季推荐');
  await expect(detail.getByTestId('article-history-input')).toContainText('The console');
  await detail.getByRole('button', { name: 'Copy all' }).click();
  await expect(detail.getByRole('button', { name: 'Copy all' })).toHaveText('Copied');
  expect((await page.evaluate(() => navigator.clipboard.readText())).startsWith(`${title}\n\n`)).toBe(true);
  await snapshot(page, 'test-results/articles-history.png');
  await snapshot(page, 'test-results/articles-history-en.png');

  // Write again: the same template and sentence, back in the form.
  await sentence.fill('');
  await detail.getByTestId('article-write-again').click();
  await expect(sentence).toHaveValue('写一篇关于桂花乌龙奶茶的秋季推荐');
  await expect(page).toHaveURL(/\/articles\?template=platform-wechat-quick-article$/);
  // "Write again" scrolls smoothly back to the form: a click during the scroll can land beside the button.
  await page.waitForFunction(() => window.scrollY === 0);
  await page.getByRole('button', { name: 'Write', exact: true }).click();
  await expect(page.getByTestId('article-result').getByTestId('article-title').first()).toContainText('桂花');
  await history.getByRole('searchbox', { name: 'Search articles' }).fill('');
  await expect(rows).toHaveCount(3);
});

test('history and the usage legend in Chinese at phone width', async ({ page, request }) => {
  const tenant = await createTenant(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await chooseLanguage(page.context(), 'zh-CN');
  await page.goto('/articles?template=platform-wechat-quick-article');
  await page.getByLabel('一句话描述', { exact: true }).fill('给新开的社区面包店写一篇开业文章');
  await page.getByRole('button', { name: '生成文案', exact: true }).click();
  const history = page.getByTestId('article-history');
  await expect(history.getByRole('heading', { name: '历史文案' })).toBeVisible();
  const rows = history.getByTestId('article-history-row');
  await expect(rows).toHaveCount(1);
  await history.getByRole('searchbox', { name: '搜索文案' }).fill('面包店');
  await expect(rows).toHaveCount(1);
  await rows.first().click();
  await expect(history.getByTestId('article-history-detail').getByRole('button', { name: '再写一篇' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/articles-history-zh-phone.png');

  // Usage: the article in its own category, and every category explained in words.
  await page.goto('/usage');
  await expect(page.getByTestId('usage-total-article')).toHaveText('1');
  await expect(page.getByTestId('usage-total-chat')).toHaveText('0');
  const legend = page.getByTestId('usage-legend');
  await expect(legend.getByRole('heading', { name: '各类用量说明' })).toBeVisible();
  for (const key of ['image', 'video', 'chat', 'reverse', 'article', 'other'])
    await expect(legend.getByTestId(`usage-legend-${key}`)).not.toBeEmpty();
  await expect(legend.getByTestId('usage-legend-article')).toContainText('文案');
  await expect(legend.getByTestId('usage-legend-money')).toContainText('计费金额');
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/articles-usage-zh-phone.png');
});

test('the usage legend in English names every category', async ({ page, request }) => {
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto('/usage');
  const legend = page.getByTestId('usage-legend');
  await expect(legend.getByRole('heading', { name: 'What the categories mean' })).toBeVisible();
  await expect(legend.getByTestId('usage-legend-article')).toContainText('Article');
  await expect(legend.getByTestId('usage-legend-reverse')).toContainText('Image reading');
  await expect(legend.getByTestId('usage-legend-credits')).toContainText('credits');
  await snapshot(page, 'test-results/articles-usage-en.png');
});
