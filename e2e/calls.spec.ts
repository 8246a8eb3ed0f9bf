import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { chooseLanguage, createTenant, expect, expectNoSidewaysScroll, signIn, snapshot, test } from './helpers';

interface ChatAnswer {
  id: string;
  usage: { prompt_tokens: number; completion_tokens: number };
}

/** A chat call made with the tenant's key, as a program would; its request id comes back in a header. */
async function chatCall(request: APIRequestContext, key: string): Promise<{ requestId: string; answer: ChatAnswer }> {
  const res = await request.post('/api/chat/completions', {
    headers: { Authorization: `Bearer ${key}` },
    data: { model: 'studio-auto', messages: [{ role: 'user', content: '用一句话介绍西湖' }] },
  });
  expect(res.status()).toBe(200);
  const requestId = res.headers()['x-request-id'];
  expect(requestId).toBeTruthy();
  return { requestId: requestId ?? '', answer: (await res.json()) as ChatAnswer };
}

async function openCallLog(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('button', { name: /Open menu|打开菜单/ });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/calls$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('an admin finds a chat call in the call log, opens it and exports the filtered calls as CSV', async ({
  page,
  request,
}) => {
  const tenant = await createTenant(request, { credits: 500 });
  const { requestId, answer } = await chatCall(request, tenant.apiKey);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await openCallLog(page, 'Call log');

  await page.getByLabel('Kind').selectOption({ label: 'Chat' });
  const table = page.getByTestId('calls-table');
  const row = table.locator('tbody tr').filter({ hasText: requestId });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Chat');
  await expect(row).toContainText('studio-auto');
  await expect(row).toContainText(`${answer.usage.prompt_tokens}`);
  await expect(table.locator('tbody tr')).toHaveCount(1);

  await row.getByRole('button').first().click();
  const detail = page.getByRole('dialog', { name: 'Chat call' });
  await expect(detail).toBeVisible();
  await expect(detail).toContainText(requestId);
  await expect(detail).toContainText('Charge');
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toBeHidden();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = readFileSync((await download.path()) ?? '', 'utf8');
  // A byte-order mark first, so spreadsheets read the Chinese names as UTF-8; then a header and our one chat call.
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trim().split(/\r?\n/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(requestId);
  expect(lines[1]).toContain('chat');
  await snapshot(page, 'test-results/calls/calls-desktop-en.png');
});

test('in Chinese on a phone, the call log shows the chat call as a card that opens its detail', async ({
  page,
  request,
}) => {
  const tenant = await createTenant(request, { credits: 500 });
  const { requestId } = await chatCall(request, tenant.apiKey);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await chooseLanguage(page.context(), 'zh-CN');
  await page.goto('/calls');
  await expect(page.getByRole('heading', { level: 1, name: '调用日志' })).toBeVisible();

  await page.getByLabel('类型').selectOption({ label: '对话' });
  const cards = page.getByTestId('calls-cards').getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('对话');
  await cards.first().getByRole('button').click();
  const detail = page.getByRole('dialog');
  await expect(detail).toBeVisible();
  await expect(detail).toContainText(requestId);
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/calls/calls-phone-zh.png');
});
