import { chooseLanguage, createTenant, expect, signIn, test } from './helpers';

test.describe('named keys', () => {
  test('a tenant creates an image-only key from the Keys page, sees it once, uses it and revokes it', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const tenant = await createTenant(request);
    await signIn(page, tenant.email, tenant.password);
    await expect(page).toHaveURL(/overview$/);
    await page.getByRole('link', { name: 'Keys' }).first().click();
    await expect(page.getByRole('heading', { name: 'Live keys' })).toBeVisible();

    const form = page.getByRole('form', { name: 'New named key' });
    await form.getByLabel('Label').fill('CI pipeline');
    await form.getByRole('checkbox', { name: 'Images' }).check();
    await form.getByLabel('Requests per minute').fill('30');
    await form.getByRole('button', { name: 'Create key' }).click();
    const created = page.getByTestId('key-created');
    await expect(created).toContainText('“CI pipeline” is ready.');
    const key = (await created.getByTestId('fresh-key').textContent()) ?? '';
    expect(key).toMatch(/^sk-studio-/);

    const row = page.getByTestId('keys-list').getByRole('listitem').filter({ hasText: 'CI pipeline' });
    await expect(row).toContainText(`sk-studio-…${key.slice(-4)}`);
    await expect(row).toContainText('Kinds: Images · 30 requests a minute');
    const chat = await request.post('/api/chat/completions', {
      headers: { 'X-API-Key': key },
      data: { model: 'studio-auto', messages: [{ role: 'user', content: '你好' }] },
    });
    expect(chat.status()).toBe(403);

    await row.getByRole('button', { name: 'Revoke CI pipeline' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke “CI pipeline”?' })
      .getByRole('button', { name: 'Revoke key' })
      .click();
    await expect(row).toHaveCount(0);
    expect((await request.get('/api/balance', { headers: { 'X-API-Key': key } })).status()).toBe(403);

    // The page in Chinese.
    await chooseLanguage(page.context(), 'zh-CN');
    await page.reload();
    await expect(page.getByRole('heading', { name: '有效的密钥' })).toBeVisible();
    await expect(page.getByRole('form', { name: '新建命名密钥' })).toBeVisible();
  });
});
