import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { redeemBuyer } from './buyers';
import { chooseLanguage, createTenant, expect, expectNoSidewaysScroll, signIn, snapshot, test } from './helpers';

const BUYER_LINKS = [
  'Overview',
  'Jobs',
  'Playground',
  'Image reading',
  'Video',
  'Chat',
  'Skills',
  'Templates',
  'Articles',
  'Uploads',
  'API reference',
];
const ORGANISATION_ONLY = ['Members', 'Claim codes', 'Pipelines', 'Usage'];

const consoleNav = (page: Page) => page.getByRole('navigation', { name: 'Console' });

// A buyer's console speaks Chinese until the buyer chooses (e2e/language.spec.ts); these buyers chose English.
test.beforeEach(async ({ context }) => {
  await chooseLanguage(context, 'en');
});

test('a buyer signs in with the password of a redeemed claim code and uses the template it unlocked', async ({
  page,
  request,
}) => {
  const { gated, email, password } = await redeemBuyer(request);
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/overview$/);

  // Only what a buyer can use.
  const nav = consoleNav(page);
  for (const label of BUYER_LINKS) await expect(nav.getByRole('link', { name: label })).toBeVisible();
  for (const label of ORGANISATION_ONLY) await expect(nav.getByText(label, { exact: true })).toHaveCount(0);
  await expect(page.getByText('Personal account').first()).toBeVisible();
  // The simulated-results note tells a buyer the service is a demo, not how an operator configures it.
  const note = page.getByTestId('simulated-banner');
  await expect(note).toContainText('this service runs as a demo for now');
  await expect(note).not.toContainText('STUDIO_UPSTREAMS_FILE');

  // The credits, prominently, and the unlocked template with its sample.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, 小林' })).toBeVisible();
  await expect(page.getByTestId('credits')).toHaveText('60');
  const cards = page.getByTestId('your-template');
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card.getByRole('heading', { name: gated.zh_name })).toBeVisible();
  const sample = card.locator('img');
  await expect
    .poll(() => sample.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
  const use = card.getByRole('link', { name: /^Use in Playground/ });
  await expect(use).toHaveAttribute('href', `/playground?template=${gated.slug}`);
  await snapshot(page, 'test-results/buyer-overview-desktop.png');

  // The link opens the template in the Playground, and generating from it works.
  await use.click();
  await expect(page).toHaveURL(new RegExp(`/playground\\?template=${gated.slug}$`));
  await expect(page.getByText('This template comes with a claim code.')).toHaveCount(0);
  // A buyer has no routing to choose: Studio picks the model.
  await expect(page.getByLabel('Model', { exact: true })).toHaveCount(0);
  await page.getByLabel('品牌名称').fill('青岚');
  await page.getByLabel('主角商品').fill('白茶香氛精华油');
  await page.getByLabel('主标语').fill('一口山野，一室清欢');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const result = page.getByTestId('result-card');
  await expect(result).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await expect(result.getByRole('img')).toBeVisible();
  await expect(page.getByTestId('playground-credits')).toHaveText('56');

  // Making templates is the seller's work: the buyer's templates page offers none to make.
  await page.goto('/templates');
  await expect(page.getByRole('link', { name: /^New (image|article|video) template/ })).toHaveCount(0);

  // On a phone: the same short menu and nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/overview');
  await expect(page.getByTestId('credits')).toHaveText('56');
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/buyer-overview-phone.png');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = consoleNav(page);
  for (const label of BUYER_LINKS) await expect(menu.getByRole('link', { name: label })).toBeVisible();
  for (const label of ORGANISATION_ONLY) await expect(menu.getByText(label, { exact: true })).toHaveCount(0);
});

test('an organisation keeps the full navigation and its own Overview', async ({ page, request }) => {
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);

  const nav = consoleNav(page);
  for (const label of ['Members', 'Claim codes', 'Usage', 'Pipelines', 'Uploads', 'Templates', 'API reference']) {
    await expect(nav.getByRole('link', { name: label })).toBeVisible();
  }
  await expect(page.getByText('Tenant administrator').first()).toBeVisible();
  // A tenant learns that its operator has not connected real providers yet; the setting is the operator's.
  await expect(page.getByTestId('simulated-banner')).toContainText('until its operator connects real providers');
  await expect(page.getByTestId('simulated-banner')).not.toContainText('STUDIO_UPSTREAMS_FILE');
  await expect(page.getByRole('heading', { name: 'Get started' })).toBeVisible();
  await expect(page.getByTestId('credits')).toHaveText('1,234');
  await expect(page.getByTestId('your-template')).toHaveCount(0);

  await nav.getByRole('link', { name: 'Uploads' }).click();
  await expect(page).toHaveURL(/\/uploads$/);
  await nav.getByRole('link', { name: 'Usage' }).click();
  await expect(page).toHaveURL(/\/usage$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Credits and activity' })).toBeVisible();

  // What a buyer does not see, an organisation keeps: the routing choice and making templates.
  await page.goto('/playground');
  await expect(page.getByLabel('Model', { exact: true })).toBeVisible();
  await page.goto('/templates');
  await expect(page.getByRole('link', { name: 'New image template' }).first()).toBeVisible();
});

test('the Playground offers uploaded images as references next to earlier results', async ({ page, request }) => {
  const buyer = await redeemBuyer(request);
  await signIn(page, buyer.email, buyer.password);
  await expect(page).toHaveURL(/\/overview$/);

  await page.goto('/playground');
  const tabs = page.getByRole('tablist', { name: 'Where references come from' });
  await expect(tabs.getByRole('tab', { name: 'Earlier results' })).toHaveAttribute('aria-selected', 'true');
  await tabs.getByRole('tab', { name: 'Uploads' }).click();
  await expect(page.getByText('No uploaded images yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Upload images/ })).toHaveAttribute('href', '/uploads');

  // An image uploaded with the account's key shows up when the page is opened again.
  const png = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#fbcfe8' } })
    .png()
    .toBuffer();
  const uploaded = await request.post('/api/upload-ref', {
    headers: { 'X-API-Key': buyer.apiKey },
    multipart: { file: { name: '樱花.png', mimeType: 'image/png', buffer: png }, workspace_id: 'spring' },
  });
  expect(uploaded.status()).toBe(200);
  const { url } = (await uploaded.json()) as { url: string };

  await page.reload();
  // With no results yet, the uploads are shown first.
  await expect(tabs.getByRole('tab', { name: 'Uploads' })).toHaveAttribute('aria-selected', 'true');
  const choice = page.getByRole('button', { name: /^Use uploaded image as reference: spring\// });
  await expect(choice.locator('img')).toHaveAttribute('src', url);
  await expect(page.getByRole('link', { name: /^Upload more/ })).toHaveAttribute('href', '/uploads');
  await choice.click();
  await expect(choice).toHaveAttribute('aria-pressed', 'true');
  await expect(tabs.getByRole('tab', { name: /Uploads/ })).toContainText('1');

  await page.getByLabel('Prompt').fill('参考这张图的配色，画一束春天的花');
  await page.getByRole('radio', { name: 'Medium' }).check();
  // The request carries the uploaded image as its reference.
  const sent = page.waitForRequest((r) => r.url().includes('/api/trpc/jobs.generate') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  expect((await sent).postData()).toContain(url);
  await expect(page.getByTestId('result-card')).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await expectNoSidewaysScroll(page);
});

test('a buyer is signed in by redeeming on the claim page, and redeems a second code from the console', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const seller = await createTenant(request, { name: '二次领取小店', credits: 500 });
  const tpl = await request.post('/api/templates', {
    headers: { 'X-API-Key': seller.apiKey },
    data: { type: 'image', zh_name: '二次领取海报', prompt_template: '春日花束主题海报' },
  });
  expect(tpl.status()).toBe(200);
  const { template } = (await tpl.json()) as { template: { id: string } };
  const code = async (credits: number) => {
    const res = await request.post('/api/tenant-claims', {
      headers: { 'X-API-Key': seller.apiKey },
      data: { template_ids: [template.id], credits },
    });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { code: string }).code;
  };
  const [first, second] = [await code(30), await code(20)];
  const email = `again-${Date.now()}@example.cn`;

  await page.goto(`/claim/${first}`);
  await page.getByLabel('Nickname').fill('小周');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('spring-flowers-2026');
  await page.getByLabel('Repeat the password').fill('spring-flowers-2026');
  await page.getByRole('button', { name: 'Claim now' }).click();
  // Signed in at once; the result stays on the page until the buyer moves on.
  await expect(page.getByTestId('claim-signed-in')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('claim-sign-in').click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByTestId('credits')).toHaveText('30');

  // A second code, from the buyer's own console.
  await page.getByTestId('redeem-another-code').fill(second);
  await page.getByTestId('redeem-another-submit').click();
  await expect(page.getByTestId('redeem-another-message')).toContainText('20');
  await expect(page.getByTestId('credits')).toHaveText('50');

  // The first code's page now says it was claimed, and signing in starts with this e-mail.
  await page.goto(`/claim/${first}`);
  await expect(page.getByTestId('claim-state-sign-in')).toHaveAttribute(
    'href',
    new RegExp(`email=${encodeURIComponent(email)}`),
  );
});
