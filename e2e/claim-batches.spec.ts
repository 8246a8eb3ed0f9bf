import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { E2E_ADMIN_KEY } from './env';
import { createTenant, expect, signIn, signInAsOperator, test } from './helpers';

const PLATFORM = { slug: 'platform-xhs-cover-bigtext', name: '小红书大字封面' };

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a seller makes 50 codes in a batch, copies and exports them, and the operator disables the batch', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const seller = await createTenant(request, { name: `批次花店 ${randomBytes(3).toString('hex')}`, credits: 1000 });
  const tpl = await request.post('/api/templates', {
    headers: { 'X-API-Key': seller.apiKey },
    data: { type: 'image', zh_name: '批次专属海报', prompt_template: '春日花束主题海报，柔和自然光' },
  });
  expect(tpl.status()).toBe(200);
  const own = ((await tpl.json()) as { template: { slug: string } }).template;
  const note = `淘宝订单 ${randomBytes(3).toString('hex')} #2001-2050`;

  await signIn(page, seller.email, seller.password);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto('/claims');
  const form = page.getByRole('form', { name: 'New claim code' });
  const picker = form.getByTestId('template-picker');
  await picker.getByLabel('Search templates').fill('批次专属');
  await picker.locator(`[data-testid="template-option"][data-slug="${own.slug}"]`).getByRole('checkbox').check();
  await picker.getByLabel('Search templates').fill(PLATFORM.name);
  await picker.locator(`[data-testid="template-option"][data-slug="${PLATFORM.slug}"]`).getByRole('checkbox').check();
  await form.getByLabel('Credits').fill('10');
  await form.getByLabel('Number of codes').fill('50');
  await form.getByLabel('Note').fill(note);
  await form.getByRole('button', { name: 'Create 50 claim codes' }).click();

  // The batch, as the seller pastes it into a shop.
  const batch = page.getByTestId('batch-view');
  await expect(batch.getByRole('heading', { name: note })).toBeVisible({ timeout: 20_000 });
  await expect(batch.getByTestId('batch-codes').getByRole('listitem')).toHaveCount(50);
  await batch.getByRole('button', { name: 'Copy all 50 links, one per line' }).click();
  const links = (await page.evaluate(() => navigator.clipboard.readText())).split('\n');
  expect(links).toHaveLength(50);
  for (const link of links) expect(link).toMatch(/\/claim\/[0-9A-Z]{20}$/);

  // The product copy calls only the seller's own template exclusive; the reply says the page asks for a password.
  await expect(batch.getByTestId('batch-product-copy')).toContainText('1 款专属模板：「批次专属海报」');
  await expect(batch.getByTestId('batch-product-copy')).not.toContainText('2 款专属模板');
  await expect(batch.getByTestId('batch-product-copy')).toContainText(PLATFORM.name);
  await expect(batch.getByTestId('batch-reply-text')).toContainText('密码');

  // The CSV: a header and one row per code, with its link, credits and state.
  const download = page.waitForEvent('download');
  await batch.getByTestId('batch-export').click();
  const file = await (await download).path();
  const rows = (await readFile(file, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r\n/);
  expect(rows[0]).toBe('code,link,credits,state,redeemed_by,redeemed_at');
  expect(rows).toHaveLength(51);
  const codes = rows.slice(1).map((r) => r.split(','));
  for (const [code, link, credits, state, by, at] of codes) {
    expect(link).toBe(links.find((l) => l.endsWith(`/claim/${code}`)));
    expect([credits, state, by, at]).toEqual(['10', 'open', '', '']);
  }

  // The operator disables the whole batch from the operator area, after confirming.
  await page.context().clearCookies();
  await signInAsOperator(page, E2E_ADMIN_KEY);
  await expect(page).toHaveURL(/\/operator$/);
  await page.goto('/operator/claims');
  await page.getByLabel('Search claim codes').fill(seller.name);
  const table = page.getByTestId('operator-claims-table');
  const first = table.locator('tbody tr').first();
  await expect(first.getByTestId('claim-batch')).toContainText(note);
  await first.getByRole('button', { name: `Disable batch ${note}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Disable this whole batch?' });
  await expect(dialog).toContainText(note);
  await dialog.getByRole('button', { name: 'Disable batch' }).click();
  await expect(page.getByTestId('batch-disabled-notice')).toHaveText(
    `Batch ${note} is disabled: 50 open codes closed, none redeemed. 500 credits went back to ${seller.name}.`,
  );
  await expect(first.getByTestId('claim-state')).toHaveText('Disabled');
  const balance = await request.get('/api/balance', { headers: { 'X-API-Key': seller.apiKey } });
  expect(((await balance.json()) as { credits: number }).credits).toBe(1000);
});
