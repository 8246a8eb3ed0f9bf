import type { APIRequestContext, Page } from '@playwright/test';
import { sample } from '../tests/helpers/media-samples';
import { E2E_SIM_PORT } from './env';
import {
  chooseLanguage,
  createTenant,
  expect,
  expectNoSidewaysScroll,
  signIn,
  SIM_WIDE,
  snapshot,
  test,
  type TestTenant,
} from './helpers';

const QUESTION = '请用两句话介绍一下杭州西湖的春天，并说明为什么值得去。';
const numbers = new Intl.NumberFormat('en-US');

/** What the routing engine answers for an image sent to a family without vision (the simulator's chatmodel-lite). */
const LITE_REFUSAL =
  'No upstream currently available for image input with model "chatmodel-lite". Retrying will not help: change the parameters or wait until it is supported.';

/** Keeps the chat requests the page sends (they still go to the server). */
async function recordChatRequests(page: Page, sent: unknown[]): Promise<void> {
  await page.route('**/api/chat/completions', async (route) => {
    sent.push(route.request().postDataJSON());
    await route.continue();
  });
}

async function openChat(page: Page, request: APIRequestContext): Promise<TestTenant> {
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  // On a phone the navigation sits behind the menu button.
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Chat' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
  await expect(page.getByTestId('chat-balance')).toHaveText(numbers.format(tenant.credits));
  return tenant;
}

test('a Chinese question streams its answer, shows what it cost and lowers the balance', async ({ page, request }) => {
  const tenant = await openChat(page, request);
  await expect(page.getByLabel('Model')).toHaveValue('studio-auto');
  await expect(page.getByLabel('Model').locator('option', { hasText: 'Automatic routing (studio-auto)' })).toHaveCount(
    1,
  );
  await expect(page.getByLabel('Model').locator('option[value="chatmodel-1"]')).toHaveCount(1);

  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('第一行');
  // Shift+Enter is a new line, not a send.
  await message.press('Shift+Enter');
  await expect(message).toHaveValue('第一行\n');
  await message.fill(QUESTION);
  await message.press('Enter');

  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log).toHaveAttribute('aria-live', 'polite');
  await expect(log.getByText(QUESTION)).toBeVisible();
  const answer = log.getByTestId('chat-answer').first();
  await expect(answer).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  expect(((await answer.textContent()) ?? '').length).toBeGreaterThan(5);
  const creditsText = (await answer.getByTestId('answer-credits').textContent()) ?? '';
  const cost = Number(/(\d+)/.exec(creditsText)?.[1] ?? NaN);
  expect(cost).toBeGreaterThan(0);
  await expect(answer).toContainText(/\d+ prompt \+ \d+ completion tokens/);
  await expect(page.getByTestId('chat-total-credits')).toHaveText(`${cost} credit${cost === 1 ? '' : 's'}`);
  await expect(page.getByTestId('chat-balance')).toHaveText(numbers.format(tenant.credits - cost));
  await expect(message).toHaveValue('');
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/chat-desktop.png');

  // A second turn sends the history; a new conversation clears it.
  await message.fill('谢谢！');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(log.getByTestId('chat-answer')).toHaveCount(2);
  await expect(log.getByTestId('chat-answer').nth(1)).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  await page.getByRole('button', { name: 'New conversation' }).click();
  await expect(log.getByTestId('chat-turn')).toHaveCount(0);
  await expect(page.getByTestId('chat-total-credits')).toHaveText('0 credits');
});

test('Stop ends a slow answer, and the next question still works', SIM_WIDE, async ({ page, request }) => {
  test.skip(!!process.env.E2E_BASE_URL, 'slows down the bundled simulator of the test server');
  await openChat(page, request);
  const slow = (ms: number) =>
    Promise.all(
      ['sim-chat-a', 'sim-chat-b', 'sim-chat-lite', 'sim-chat-reason'].map((channel) =>
        request.post(`http://127.0.0.1:${E2E_SIM_PORT}/__sim/config`, { data: { channel, latency_ms: ms } }),
      ),
    );
  await slow(5000);
  try {
    await page.getByRole('textbox', { name: 'Message' }).fill('讲一个很长的故事');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    const answer = page.getByTestId('chat-answer').first();
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
    await expect(answer).toContainText('Answering…');
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(answer).toHaveAttribute('data-status', 'stopped');
    await expect(answer).toContainText('Stopped.');
  } finally {
    await slow(0);
  }
  await page.getByRole('textbox', { name: 'Message' }).fill('你好');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('chat-answer').nth(1)).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
});

test('the code panel shows the base URL and the routing model, with a placeholder key', async ({ page, request }) => {
  await openChat(page, request);
  const baseUrl = (await page.getByTestId('chat-base-url').textContent()) ?? '';
  expect(baseUrl).toMatch(/^https?:\/\/.+\/api$/);
  const panel = page.getByRole('tabpanel');
  await expect(panel).toContainText(`baseURL: '${baseUrl}'`);
  await expect(panel).toContainText("model: 'studio-auto'");
  await expect(panel).toContainText('process.env.STUDIO_API_KEY');
  await expect(panel).toContainText('stream: true');
  await page.getByRole('tab', { name: 'curl' }).click();
  await expect(panel).toContainText(`${baseUrl}/chat/completions`);
  await expect(panel).toContainText('$STUDIO_API_KEY');
  await page.getByRole('tab', { name: 'Python' }).click();
  await expect(panel).toContainText('os.environ["STUDIO_API_KEY"]');
  await expect(panel.getByRole('button', { name: 'Copy Python example' })).toBeVisible();
});

test('in Chinese: the page, its buttons and the conversation totals read in Chinese', async ({ page, request }) => {
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await chooseLanguage(page.context(), 'zh-CN');
  await page.goto('/chat');
  await expect(page).toHaveTitle('对话 · Studio');
  await expect(page.getByRole('heading', { level: 1, name: '对话' })).toBeVisible();
  await expect(page.getByRole('button', { name: '新对话' })).toBeVisible();
  await expect(page.getByRole('button', { name: '发送' })).toBeDisabled();
  await expect(page.getByLabel('模型').locator('option', { hasText: '自动路由（studio-auto）' })).toHaveCount(1);
  await expect(page.getByTestId('chat-total-credits')).toHaveText('0 积分');
  await expect(page.getByRole('heading', { name: '开始对话' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '在代码中使用' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/chat-zh.png');
});

test.describe('refused requests', () => {
  // The browser logs the refused request itself; the page must show why.
  test.use({ expectedConsoleErrors: { patterns: [/status of 400 \(Bad Request\) .*\/api\/chat\/completions/] } });

  test('on a phone: an image sent to a model without vision shows the API’s refusal', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const sent: unknown[] = [];
    await recordChatRequests(page, sent);
    const tenant = await openChat(page, request);
    await page.getByLabel('Model').selectOption('chatmodel-lite');
    await page.getByRole('button', { name: 'Images' }).click();
    await page
      .getByLabel('Choose an image to upload')
      .setInputFiles({ name: '西湖.png', mimeType: 'image/png', buffer: await sample('png', 4000) });
    await expect(page.getByRole('button', { name: 'Remove 西湖.png' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: /^Attach / }).first()).toHaveAttribute('aria-pressed', 'true');
    await expectNoSidewaysScroll(page);
    await snapshot(page, 'test-results/chat-phone-attach.png');

    await page.getByRole('textbox', { name: 'Message' }).fill('这张图片里有什么？');
    await page.getByRole('button', { name: 'Send' }).click();
    const turn = page.getByTestId('chat-turn').first();
    await expect(turn.getByTestId('turn-image')).toBeVisible();
    await expect(turn.getByTestId('chat-error')).toHaveText(LITE_REFUSAL);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      model: 'chatmodel-lite',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: '这张图片里有什么？' },
            { type: 'image_url', image_url: { url: expect.stringMatching(/\/files\/.+\.png$/) as unknown } },
          ],
        },
      ],
    });
    await expect(turn.getByTestId('chat-answer')).toHaveAttribute('data-status', 'failed');
    await expect(page.getByTestId('chat-balance')).toHaveText(numbers.format(tenant.credits));
    await expectNoSidewaysScroll(page);
    await snapshot(page, 'test-results/chat-phone.png');
  });
});
