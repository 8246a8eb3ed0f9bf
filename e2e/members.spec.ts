import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { chooseLanguage, createTenant, expect, expectNoSidewaysScroll, signIn, snapshot, test } from './helpers';

const balanceStatus = async (request: APIRequestContext, key: string) =>
  (await request.get('/api/balance', { headers: { 'X-API-Key': key } })).status();

async function expectPool(page: Page, pool: { allocatable: string; reserved: string; total: string }) {
  await expect(page.getByTestId('pool-allocatable')).toHaveText(pool.allocatable);
  await expect(page.getByTestId('pool-reserved')).toHaveText(pool.reserved);
  await expect(page.getByTestId('pool-total')).toHaveText(pool.total);
}

async function addMember(page: Page, member: { email: string; nickname: string; credits?: number }): Promise<string> {
  const form = page.getByRole('form', { name: 'Add a member' });
  await form.getByLabel('Email').fill(member.email);
  await form.getByLabel('Nickname').fill(member.nickname);
  if (member.credits !== undefined) {
    await form.getByRole('radio', { name: 'Dedicated' }).check();
    await form.getByLabel('Dedicated credits').fill(String(member.credits));
  } else {
    await expect(form.getByRole('radio', { name: 'Shared pool' })).toBeChecked();
  }
  await form.getByRole('button', { name: 'Add member' }).click();
  const created = page.getByTestId('member-created');
  await expect(created).toContainText(`Added ${member.nickname}`);
  await expect(created.getByRole('button', { name: 'Copy new member key' })).toBeVisible();
  const key = (await created.getByTestId('fresh-key').textContent()) ?? '';
  expect(key).toMatch(/^sk-studio-/);
  return key;
}

const rowOf = (page: Page, email: string): Locator => page.locator(`[data-testid="member-row"][data-email="${email}"]`);

test.describe('members', () => {
  // A duplicate email (409) and a quota above the maximum (400) are refused on purpose; the browser logs both.
  test.use({
    expectedConsoleErrors: { patterns: [/status of (400|409) .*\/api\/trpc\/members\.(create|setQuota|rekey|toggle)/] },
  });

  test('a tenant adds shared and dedicated members, sets quotas, rekeys, disables and enables them', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const tenant = await createTenant(request, { credits: 1000 });
    const suffix = randomBytes(3).toString('hex');
    const shared = { email: `lin-${suffix}@example.cn`, nickname: '小林（设计部）' };
    const dedicated = { email: `qing-${suffix}@example.cn`, nickname: '阿青', credits: 300 };

    await signIn(page, tenant.email, tenant.password);
    await expect(page).toHaveURL(/\/overview$/);
    await page.goto('/members');
    await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No members yet' })).toBeVisible();
    await expectPool(page, { allocatable: '1,000', reserved: '0', total: '1,000' });

    // A shared-pool member: the pool does not move.
    const sharedKey = await addMember(page, shared);
    const sharedRow = rowOf(page, shared.email);
    await expect(sharedRow.getByRole('heading', { name: shared.nickname })).toBeVisible();
    await expect(sharedRow.getByTestId('member-credits')).toContainText('Shared pool');
    await expect(sharedRow.getByTestId('member-key')).not.toContainText(sharedKey);
    await sharedRow.getByRole('button', { name: `Show key of ${shared.nickname}` }).click();
    await expect(sharedRow.getByTestId('member-key')).toHaveText(sharedKey);
    await expect(sharedRow.getByRole('button', { name: `Copy key of ${shared.nickname}` })).toBeVisible();
    await expectPool(page, { allocatable: '1,000', reserved: '0', total: '1,000' });
    expect(await balanceStatus(request, sharedKey)).toBe(200);

    // A dedicated member: the maximum is shown, and the credits move from allocatable to reserved.
    const form = page.getByRole('form', { name: 'Add a member' });
    await form.getByRole('radio', { name: 'Dedicated' }).check();
    await expect(form.getByTestId('create-max')).toHaveText('Up to 1,000 (allocatable)');
    const dedicatedKey = await addMember(page, dedicated);
    const dedicatedRow = rowOf(page, dedicated.email);
    await expect(dedicatedRow.getByTestId('member-credits')).toHaveText('300 left · 0 spent');
    await expectPool(page, { allocatable: '700', reserved: '300', total: '1,000' });
    await expect(page.getByTestId('member-count')).toHaveText('2 members · 1 dedicated');

    // The same email again is refused with the server's words.
    await form.getByLabel('Email').fill(shared.email.toUpperCase());
    await form.getByLabel('Nickname').fill('重复的邮箱');
    await form.getByRole('radio', { name: 'Shared pool' }).check();
    await form.getByRole('button', { name: 'Add member' }).click();
    await expect(form.getByTestId('create-member-error')).toContainText('already exists');
    await expect(page.getByTestId('member-row')).toHaveCount(2);

    // Quota: an absolute value; above allocatable + the member's own credits the server says no.
    await dedicatedRow.getByRole('button', { name: `Set quota of ${dedicated.nickname}` }).click();
    const quota = dedicatedRow.getByRole('form', { name: `Quota of ${dedicated.nickname}` });
    await expect(quota.getByTestId('quota-max')).toHaveText('Up to 1,000');
    await expect(quota).toContainText('not an amount to add');
    await quota.getByLabel('Dedicated credits').fill('1001');
    await expect(quota).toContainText('More than the 1,000 credits');
    await quota.getByRole('button', { name: 'Save quota' }).click();
    await expect(quota.getByTestId('quota-error')).toContainText('at most 1000 credits can be given to this member');
    await expectPool(page, { allocatable: '700', reserved: '300', total: '1,000' });

    await quota.getByLabel('Dedicated credits').fill('450');
    await quota.getByRole('button', { name: 'Save quota' }).click();
    await expect(dedicatedRow.getByTestId('member-notice')).toHaveText(
      `${dedicated.nickname} now has 450 dedicated credits.`,
    );
    await expect(dedicatedRow.getByTestId('member-credits')).toHaveText('450 left · 0 spent');
    await expectPool(page, { allocatable: '550', reserved: '450', total: '1,000' });

    // Back to the shared pool: the reservation is released.
    await dedicatedRow.getByRole('button', { name: `Set quota of ${dedicated.nickname}` }).click();
    await quota.getByRole('radio', { name: 'Shared pool' }).check();
    await expect(quota).toContainText('Their 450 dedicated credits go back to the pool');
    await quota.getByRole('button', { name: 'Save quota' }).click();
    await expect(dedicatedRow.getByTestId('member-notice')).toContainText(
      'now spends the shared pool. 450 credits went back to the pool.',
    );
    await expect(dedicatedRow.getByTestId('member-credits')).toContainText('Shared pool');
    await expectPool(page, { allocatable: '1,000', reserved: '0', total: '1,000' });
    expect(await balanceStatus(request, dedicatedKey)).toBe(200);

    // Rekey asks first, then shows the new key once; the old key answers 403 from then on.
    await sharedRow.getByRole('button', { name: `Rekey ${shared.nickname}` }).click();
    const rekeyDialog = page.getByRole('dialog', { name: `Issue a new key for ${shared.nickname}?` });
    await expect(rekeyDialog).toContainText('The current key stops working at once');
    await rekeyDialog.getByRole('button', { name: 'Issue new key' }).click();
    await expect(rekeyDialog).toBeHidden();
    const rekeyed = sharedRow.getByTestId('rekey-result');
    await expect(rekeyed).toContainText('The old key stopped working');
    const newKey = (await rekeyed.getByTestId('fresh-key').textContent()) ?? '';
    expect(newKey).toMatch(/^sk-studio-/);
    expect(newKey).not.toBe(sharedKey);
    await expect(rekeyed.getByRole('button', { name: `Copy new key of ${shared.nickname}` })).toBeVisible();
    expect(await balanceStatus(request, sharedKey)).toBe(403);
    expect(await balanceStatus(request, newKey)).toBe(200);

    // Disabling asks first; the key answers 403 until the member is enabled again.
    const enabled = sharedRow.getByRole('switch', { name: `Enable ${shared.nickname}` });
    await expect(enabled).toHaveAttribute('aria-checked', 'true');
    await enabled.click();
    const disableDialog = page.getByRole('dialog', { name: `Disable ${shared.nickname}?` });
    await expect(disableDialog).toContainText('Their key answers 403');
    await disableDialog.getByRole('button', { name: 'Disable member' }).click();
    await expect(disableDialog).toBeHidden();
    await expect(enabled).toHaveAttribute('aria-checked', 'false');
    await expect(sharedRow.getByText('Disabled', { exact: true }).first()).toBeVisible();
    expect(await balanceStatus(request, newKey)).toBe(403);
    await snapshot(page, 'test-results/members-desktop.png');

    await page.reload();
    await expect(enabled).toHaveAttribute('aria-checked', 'false');
    await enabled.click();
    await expect(enabled).toHaveAttribute('aria-checked', 'true');
    await expect(sharedRow.getByTestId('member-notice')).toContainText('enabled again');
    expect(await balanceStatus(request, newKey)).toBe(200);
  });
});

test('the members page works on a phone', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const tenant = await createTenant(request, { credits: 500 });
  const suffix = randomBytes(3).toString('hex');
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto('/members');
  await expectNoSidewaysScroll(page);

  await addMember(page, {
    email: `a-very-long-mailbox-name-for-the-design-team-${suffix}@studio-example-company.com.cn`,
    nickname: '华东区域门店运营中心・视觉设计组・长长的昵称也要好好换行',
    credits: 120,
  });
  await expectPool(page, { allocatable: '380', reserved: '120', total: '500' });
  const row = page.getByTestId('member-row').first();
  await row.getByRole('button', { name: /^Show key of/ }).click();
  await row.getByRole('button', { name: /^Set quota of/ }).click();
  await expect(row.getByRole('form', { name: /^Quota of/ })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/members-phone.png');
});

test('the members page reads in Chinese once the console speaks it', async ({ page, request }) => {
  const tenant = await createTenant(request, { credits: 800 });
  const suffix = randomBytes(3).toString('hex');
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await chooseLanguage(page.context(), 'zh-CN');
  await page.goto('/members');
  await expect(page).toHaveTitle('成员 · Studio');
  await expect(page.getByRole('heading', { level: 1, name: '成员' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '还没有成员' })).toBeVisible();
  await expect(page.getByTestId('pool-allocatable')).toHaveText('800');

  // The form refuses in Chinese, and the member it adds is described in Chinese.
  const form = page.getByRole('form', { name: '添加成员' });
  await form.getByRole('button', { name: '添加成员' }).click();
  await expect(form.getByText('请输入成员的邮箱。')).toBeVisible();
  await form.getByLabel('邮箱').fill(`mei-${suffix}@example.cn`);
  await form.getByLabel('昵称').fill('小美');
  await form.getByRole('radio', { name: '专属' }).check();
  await expect(form.getByTestId('create-max')).toHaveText('最多 800（可分配）');
  await form.getByLabel('专属积分').fill('150');
  await form.getByRole('button', { name: '添加成员' }).click();
  await expect(page.getByTestId('member-created')).toContainText('已添加 小美');
  await expect(page.getByTestId('member-count')).toHaveText('1 名成员 · 1 名专属');
  await expect(page.getByTestId('member-row').getByTestId('member-credits')).toHaveText('剩余 150 · 已用 0');
  await expect(page.getByRole('button', { name: '设置 小美 的额度' })).toBeVisible();
  await snapshot(page, 'test-results/members-zh.png');

  // The confirmation asks in Chinese too, its way out first.
  await page.getByRole('button', { name: '更换 小美 的密钥' }).click();
  const dialog = page.getByRole('dialog', { name: '为 小美 生成新密钥？' });
  await expect(dialog.getByRole('button', { name: '取消' })).toBeFocused();
  await expect(dialog.getByRole('button', { name: '生成新密钥' })).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
});
