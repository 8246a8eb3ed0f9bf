import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { E2E_ADMIN_KEY, E2E_SIM_PORT } from './env';
import { chooseLanguage, expect, expectNoSidewaysScroll, signInAsOperator, snapshot, test } from './helpers';

const simChat = `http://127.0.0.1:${E2E_SIM_PORT}/sim-chat-lite`;
const models = (family: string) =>
  JSON.stringify(
    [{ family, model: 'chatmodel-lite', media: ['chat'], cost_usd: 0.0005, capabilities: { streaming: true } }],
    null,
    2,
  );

/** Saves the channel form and waits for the channel's page. */
async function save(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Save channel' }).click();
  await expect(page).toHaveURL(new RegExp(`/operator/upstreams/${name}$`), { timeout: 30_000 });
}

test.describe('a console channel', () => {
  // The refused save of a bad address is a 400 the browser logs.
  test.use({ expectedConsoleErrors: { patterns: [/status of 400 \(Bad Request\)/] } });

  test('the operator adds a channel pointing at the simulator, tests it, edits its key and retires it; the page reads in Chinese', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    const name = `e2e-chat-${randomBytes(3).toString('hex')}`;
    await signInAsOperator(page, E2E_ADMIN_KEY);
    await expect(page).toHaveURL(/\/operator$/);
    await page.getByRole('link', { name: 'Add channel' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add a channel' })).toBeVisible();

    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Provider').fill('acme-e2e');
    await expect(page.getByLabel('Protocol')).toHaveValue('openai-chat');
    await page.getByLabel('Base URL').fill('ftp://127.0.0.1/nowhere');
    await page.getByLabel('API key').fill('sim-key-sim-chat-lite');
    await page.getByLabel('Models').fill(models(`${name}-family`));
    // Off until tested: routing does not send it traffic yet.
    await page.getByRole('switch', { name: 'Enabled' }).click();
    await page.getByRole('button', { name: 'Save channel' }).click();
    // The server refuses the address by field.
    await expect(page.getByLabel('Base URL')).toHaveAttribute('aria-invalid', 'true', { timeout: 30_000 });
    await expect(page.getByText('Must be an http(s) URL')).toBeVisible();
    await page.getByLabel('Base URL').fill(simChat);
    await save(page, name);

    // Its page: where it comes from, the address and the models, never the key.
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByTestId('channel-source')).toHaveText('Console');
    await expect(page.getByTestId('state-' + name)).toHaveText('Disabled');
    await expect(page.getByTestId('channel-overview')).toContainText(simChat);
    await expect(page.getByTestId('channel-overview')).toContainText('Stored encrypted, never shown');
    await expect(page.getByTestId('channel-models')).toContainText(`${name}-family`);
    await expect(page.getByTestId('channel-models')).toContainText('chatmodel-lite');
    await expect(page.getByTestId('channel-models')).toContainText('streaming');
    await expect(page.locator('body')).not.toContainText('sim-key-sim-chat-lite');

    await page.getByRole('button', { name: 'Send test request' }).click();
    const result = page.getByTestId('channel-test-result');
    await expect(result).toHaveAttribute('data-ok', 'true', { timeout: 30_000 });
    await expect(result).toContainText(/Answered in \d+ ms/);
    await expect(result).toContainText('reply "');
    await snapshot(page, '/tmp/upstreams-channel-en.png');

    // A wrong key: the test names the class of the failure.
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByLabel('Name')).toHaveValue(name);
    await expect(page.getByLabel('API key')).toHaveValue('');
    await page.getByLabel('API key').fill('sim-key-wrong');
    await save(page, name);
    await page.getByRole('button', { name: 'Send test request' }).click();
    await expect(result).toHaveAttribute('data-ok', 'false', { timeout: 30_000 });
    await expect(result).toContainText('invalid_key');
    // …and says what it means in the console's language.
    await expect(page.getByTestId('channel-test-meaning')).toHaveText("The upstream refused the channel's key");

    // Back to the right key; an edit without a key keeps it.
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByLabel('API key').fill('sim-key-sim-chat-lite');
    await save(page, name);
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByLabel('Soft time-out (ms)').fill('30000');
    await save(page, name);
    await expect(page.getByTestId('channel-overview')).toContainText('30.0 s');

    // The list links to it.
    await page.getByRole('link', { name: 'All upstreams' }).click();
    await expect(page.getByTestId('upstreams-table').locator(`tr[data-upstream="${name}"]`)).toBeVisible();
    await page
      .getByTestId('upstreams-table')
      .getByRole('link', { name: new RegExp(`^${name}`) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/operator/upstreams/${name}$`));

    // In Chinese, at phone width.
    await chooseLanguage(context, 'zh-CN');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: '测试通道' })).toBeVisible();
    await expect(page.getByTestId('channel-source')).toHaveText('控制台');
    await page.getByRole('button', { name: '发送测试请求' }).click();
    await expect(result).toHaveAttribute('data-ok', 'true', { timeout: 30_000 });
    await expect(result).toContainText(/\d+ 毫秒内应答/);
    await expectNoSidewaysScroll(page);
    await snapshot(page, '/tmp/upstreams-channel-zh-phone.png');
    await page.getByRole('link', { name: '编辑' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `编辑 ${name}` })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await snapshot(page, '/tmp/upstreams-edit-zh-phone.png');
    await page.getByRole('link', { name: '取消' }).click();

    // Retired: routing stops using it, the page stays.
    await page.getByRole('button', { name: '退役' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '退役' }).click();
    await expect(page.getByTestId('state-' + name)).toHaveText('已退役', { timeout: 30_000 });
  });
});

test('a channel from the simulator shows its details and answers a test, but is not edited here', async ({ page }) => {
  await signInAsOperator(page, E2E_ADMIN_KEY);
  await expect(page).toHaveURL(/\/operator$/);
  await page.goto('/operator/upstreams/sim-image-c');
  await expect(page.getByTestId('channel-source')).toHaveText('Simulator');
  await expect(page.getByTestId('channel-models')).toContainText('imagegen-2');
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Send test request' }).click();
  const result = page.getByTestId('channel-test-result');
  await expect(result).toHaveAttribute('data-ok', 'true', { timeout: 60_000 });
  await expect(result).toContainText('1024×1024 png');
  await snapshot(page, '/tmp/upstreams-sim-image.png');
});
