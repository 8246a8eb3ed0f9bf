import { redeemBuyer } from './buyers';
import { chooseLanguage, createTenant, expect, signIn, snapshot, test } from './helpers';

test('a gated template’s prompt shows to the buyer whose claim code granted it, and to no other workspace', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const { gated, email, password } = await redeemBuyer(request);

  // The buyer (in Chinese) sees what the code unlocked: the prompt and a form to try.
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/overview$/);
  await chooseLanguage(page.context(), 'zh-CN');
  await page.goto(`/templates/${gated.id}`);
  await expect(page).toHaveTitle(`模板 · ${gated.zh_name} · Studio`);
  await expect(page.getByRole('heading', { level: 1, name: gated.zh_name })).toBeVisible();
  await expect(page.getByTestId('unlocked-note')).toContainText('你领取过这样的领取码');
  await expect(page.getByRole('heading', { name: '提示词模板' })).toBeVisible();
  await expect(page.getByTestId('filled-prompt')).toBeVisible();
  await expect(page.getByTestId('locked-notice')).toHaveCount(0);
  await expect(page.getByRole('link', { name: '在创作台使用' })).toHaveAttribute(
    'href',
    `/playground?template=${gated.slug}`,
  );
  await snapshot(page, 'test-results/templates/gated-buyer-zh.png');

  // Another workspace, without a code, sees the listing but not the content.
  const other = await createTenant(request);
  const context = await browser.newContext({ locale: 'en-US' });
  const stranger = await context.newPage();
  await signIn(stranger, other.email, other.password);
  await expect(stranger).toHaveURL(/\/overview$/);
  await stranger.goto(`/templates/${gated.id}`);
  await expect(stranger).toHaveTitle(`Template · ${gated.zh_name} · Studio`);
  await expect(stranger.getByRole('heading', { level: 1, name: gated.zh_name })).toBeVisible();
  await expect(stranger.getByTestId('locked-notice')).toContainText(
    'Only the template’s owner and holders of a code that includes it see them',
  );
  await expect(stranger.getByTestId('filled-prompt')).toHaveCount(0);
  await expect(stranger.getByRole('heading', { name: 'Prompt template' })).toHaveCount(0);
  await expect(stranger.getByTestId('unlocked-note')).toHaveCount(0);
  await expect(stranger.getByRole('link', { name: 'Use in Playground' })).toHaveCount(0);
  await context.close();
});
