import { chooseLanguage, createTenant, expect, expectNoSidewaysScroll, signIn, test } from './helpers';

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

  test('a key limited to one image family, two jobs at once and 500 credits a day; its cap changed on the page; a chat request refused by its kinds', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const tenant = await createTenant(request);
    await signIn(page, tenant.email, tenant.password);
    await expect(page).toHaveURL(/overview$/);
    await page.goto('/keys');

    const form = page.getByRole('form', { name: 'New named key' });
    await form.getByLabel('Label').fill('Poster bot');
    await form.getByRole('checkbox', { name: 'Images' }).check();
    await form.getByLabel('Allowed models').fill('imagegen-1');
    await form.getByLabel('Jobs and chats at once').fill('2');
    await form.getByLabel('Spend cap (credits)').fill('500');
    await form.getByLabel('Period').selectOption('day');
    await form.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('key-created').getByTestId('fresh-key').textContent()) ?? '';
    expect(key).toMatch(/^sk-studio-/);

    const row = page.getByTestId('keys-list').getByRole('listitem').filter({ hasText: 'Poster bot' });
    await expect(row).toContainText('Kinds: Images · Models: imagegen-1 · 2 jobs or chats at once · 500 credits a day');

    // The cap lowered through the page's edit form, the other rules kept.
    await row.getByRole('button', { name: 'Edit Poster bot' }).click();
    const edit = page.getByRole('form', { name: 'Change “Poster bot”' });
    await expect(edit.getByLabel('Allowed models')).toHaveValue('imagegen-1');
    await edit.getByLabel('Spend cap (credits)').fill('300');
    await edit.getByLabel('Period').selectOption('week');
    await edit.getByRole('button', { name: 'Save policy' }).click();
    await expect(row).toContainText(
      'Kinds: Images · Models: imagegen-1 · 2 jobs or chats at once · 300 credits a week',
    );
    await expect(page.getByRole('form', { name: 'New named key' })).toBeVisible();

    // The key at work: chat is outside its kinds, another family outside its models; both 403 naming the rule.
    const chat = await request.post('/api/chat/completions', {
      headers: { 'X-API-Key': key },
      data: { model: 'studio-auto', messages: [{ role: 'user', content: '你好' }] },
    });
    expect(chat.status()).toBe(403);
    // Chat answers in OpenAI's error shape.
    expect(((await chat.json()) as { error: { message: string } }).error.message).toContain('Key policy "kinds"');
    const other = await request.post('/api/generate', {
      headers: { 'X-API-Key': key },
      data: { prompt: '一只在竹林里喝茶的熊猫', model: 'auto' },
    });
    expect(other.status()).toBe(403);
    expect(((await other.json()) as { error: string }).error).toContain('Key policy "models"');
  });

  test('a member’s default key policy set, seen at work and cleared on the Members page, in Chinese at 390 px', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const tenant = await createTenant(request);
    const made = await request.post('/api/tenant-accounts', {
      headers: { 'X-API-Key': tenant.apiKey },
      data: { action: 'create', email: `member-${Date.now()}@e2e.studio.test`, nickname: '设计师小李' },
    });
    expect(made.status()).toBe(200);
    const member = ((await made.json()) as { account: { api_key: string } }).account;
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, tenant.email, tenant.password);
    await expect(page).toHaveURL(/overview$/);
    await chooseLanguage(page.context(), 'zh-CN');
    await page.goto('/members');

    const row = page.getByTestId('member-row').filter({ hasText: '设计师小李' });
    await expect(row.getByTestId('member-key-policy')).toHaveText('无默认策略：只受租户的限制 · 没有命名密钥');
    await row.getByRole('button', { name: '设置 设计师小李 的密钥策略' }).click();
    const form = row.getByRole('form', { name: '设计师小李 的默认密钥策略' });
    await form.getByRole('checkbox', { name: '图片', exact: true }).check();
    await form.getByLabel('每分钟请求数').fill('３０');
    await form.getByLabel('积分上限').fill('200');
    await expectNoSidewaysScroll(page);
    await form.getByRole('button', { name: '保存密钥策略' }).click();
    await expect(row.getByTestId('member-notice')).toHaveText(
      '已保存 设计师小李 的默认密钥策略：从其下一个请求起生效。',
    );
    await expect(row.getByTestId('member-key-policy')).toHaveText(
      '类型：图片 · 每分钟 30 个请求 · 每天 200 积分 · 没有命名密钥',
    );
    await expectNoSidewaysScroll(page);

    // The member's key has no policy of its own, so it takes the default: chat is not one of its kinds.
    const chat = await request.post('/api/chat/completions', {
      headers: { 'X-API-Key': member.api_key },
      data: { model: 'studio-auto', messages: [{ role: 'user', content: '你好' }] },
    });
    expect(chat.status()).toBe(403);
    // Chat answers in OpenAI's error shape.
    expect(((await chat.json()) as { error: { message: string } }).error.message).toContain('Key policy "kinds"');

    await row.getByRole('button', { name: '设置 设计师小李 的密钥策略' }).click();
    await expect(form.getByLabel('积分上限')).toHaveValue('200');
    await form.getByRole('button', { name: '清除密钥策略' }).click();
    await expect(row.getByTestId('member-notice')).toHaveText('设计师小李 现在没有默认密钥策略。');
    await expect(row.getByTestId('member-key-policy')).toContainText('无默认策略');
    const listed = await request.get('/api/tenant-accounts', { headers: { 'X-API-Key': tenant.apiKey } });
    const accounts = ((await listed.json()) as { accounts: { default_key_policy: unknown }[] }).accounts;
    expect(accounts.map((a) => a.default_key_policy)).toEqual([null]);
  });
});
