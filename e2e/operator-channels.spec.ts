import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { CHANNEL_PRESETS } from '@/contracts/presets';
import { SIM_CHANNELS } from '@/sim/channels';
import { SIM_PROTOCOL_CHANNELS } from '@/sim/protocol-channels';
import { PRESET_PROTOCOLS } from '../tests/helpers/preset-protocols';
import { E2E_ADMIN_KEY, E2E_SIM_PORT } from './env';
import { chooseLanguage, expect, expectNoSidewaysScroll, signInAsOperator, snapshot, test } from './helpers';

const simUrl = (channel: string) => `http://127.0.0.1:${E2E_SIM_PORT}/${channel}`;
const simChat = simUrl('sim-chat-lite');
const suffix = () => randomBytes(3).toString('hex');

/** The protocols walked in the browser; `tests/api/admin-presets.test.ts` adds and tests every preset's. */
const PROTOCOLS = PRESET_PROTOCOLS.filter((row) => row.browser);

/**
 * Channels the tests add, retired after each test: later specs route images and chat automatically, and
 * must not reach channels whose preset models the simulator does not serve.
 */
const added: string[] = [];
test.afterEach(async ({ request }) => {
  for (const name of added.splice(0)) {
    const res = await request.post('/api/admin', {
      headers: { 'x-api-key': E2E_ADMIN_KEY },
      data: { action: 'upstream-remove', name },
    });
    // 404: the test stopped before its channel was saved.
    expect([200, 404], await res.text()).toContain(res.status());
  }
});

/** Saves the channel form and waits for the channel's page. */
async function save(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Save channel' }).click();
  await expect(page).toHaveURL(new RegExp(`/operator/upstreams/${name}$`), { timeout: 30_000 });
}

/** Adds a model field by field in the n-th (from 0) hand-made block: its family and provider model id. */
async function addModel(page: Page, n: number, family: string, model: string, addLabel = 'Add a model') {
  await page.getByRole('button', { name: addLabel }).click();
  const block = page.getByTestId(`model-draft-${n}`);
  await block.getByRole('textbox').nth(0).fill(family);
  await block.getByRole('textbox').nth(1).fill(model);
  return block;
}

async function openAddForm(page: Page, context?: BrowserContext): Promise<void> {
  await signInAsOperator(page, E2E_ADMIN_KEY);
  await expect(page).toHaveURL(/\/operator$/);
  if (context) await chooseLanguage(context, 'zh-CN');
  await page.goto('/operator/upstreams/new');
}

for (const row of PROTOCOLS) {
  test(`the operator adds a ${row.preset} channel from its preset, ticks two known models and tests it`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const preset = CHANNEL_PRESETS.find((p) => p.id === row.preset);
    const sim = [...SIM_CHANNELS, ...SIM_PROTOCOL_CHANNELS].find((c) => c.name === row.channel);
    if (!preset || !sim) throw new Error(`no preset ${row.preset} or simulated channel ${row.channel}`);
    const [first, second] = preset.models;
    const simModel = sim.models[0] ?? sim.family;
    if (!first || !second) throw new Error(`preset ${row.preset} needs two models`);
    const name = `e2e-${row.preset}-${suffix()}`;
    added.push(name);

    await openAddForm(page);
    // Chosen again until the page has come alive and the preset filled the form in.
    await expect(async () => {
      await page.getByLabel('Start from').selectOption(row.preset);
      await expect(page.getByLabel('Start from')).toHaveValue(row.preset, { timeout: 1000 });
      await expect(page.getByLabel('Provider', { exact: true })).toHaveValue(preset.provider, { timeout: 1000 });
      // The preset's own models are listed only once the page is live (presets may share a provider).
      await expect(page.getByRole('checkbox', { name: first.model, exact: true })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    // The preset's own address is the default; the simulator is another one.
    await expect(page.getByLabel('Base URL')).toHaveValue(preset.baseUrls[0]?.url ?? '');
    await page.getByLabel('Base URL').selectOption('other');
    await page.getByLabel('Other address').fill(simUrl(row.channel));
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('API key').fill(`sim-key-${row.channel}`);
    await page.getByRole('checkbox', { name: first.model, exact: true }).check();
    await page.getByRole('checkbox', { name: second.model, exact: true }).check();
    // The simulator answers to its own model id: added by hand, tested below.
    await addModel(page, 0, `${name}-sim`, simModel);
    await page.getByRole('button', { name: 'Save channel' }).click();

    const saved = page.getByTestId('channel-saved');
    await expect(saved).toContainText(`${name} is saved`, { timeout: 30_000 });
    await saved.getByLabel('Model to test').selectOption(simModel);
    await saved.getByRole('button', { name: 'Send test request' }).click();
    const result = saved.getByTestId('channel-test-result');
    await expect(result).toHaveAttribute('data-ok', 'true', { timeout: 30_000 });
    await expect(result).toContainText(/Answered in \d+ ms/);
    await expect(result).toContainText(simModel);
    await snapshot(page, `test-results/upstreams-preset-${row.preset}.png`);

    await saved.getByRole('link', { name: "Open the channel's page" }).click();
    await expect(page).toHaveURL(new RegExp(`/operator/upstreams/${name}$`));
    const models = page.getByTestId('channel-models');
    for (const m of [first.model, second.model, simModel]) await expect(models).toContainText(m);
  });
}

test.describe('a custom channel', () => {
  // The refused save of a reserved family is a 400 the browser logs.
  test.use({ expectedConsoleErrors: { patterns: [/status of 400 \(Bad Request\)/] } });

  test('with a model added field by field, in Chinese at phone width', async ({ page, context }) => {
    test.setTimeout(120_000);
    const name = `e2e-custom-${suffix()}`;
    added.push(name);
    await page.setViewportSize({ width: 390, height: 844 });
    await openAddForm(page, context);
    await expect(page.getByRole('heading', { level: 1, name: '添加通道' })).toBeVisible();
    await page.getByLabel('起点').selectOption('custom');
    await page.getByLabel('协议').selectOption('openai-chat');
    await page.getByLabel('服务商', { exact: true }).fill('acme-e2e');
    await page.getByLabel('基础地址').fill(simChat);
    await page.getByLabel('名称', { exact: true }).fill(name);
    await page.getByLabel('API 密钥').fill('sim-key-sim-chat-lite');
    // "auto" is refused by the server, and the refusal stands next to the family.
    const block = await addModel(page, 0, 'auto', 'chatmodel-lite', '添加模型');
    await expect(block.getByRole('checkbox', { name: '对话', exact: true })).toBeChecked();
    await block.getByLabel('成本（美元）').fill('0.0005');
    await block.getByRole('checkbox', { name: '流式输出' }).check();
    await expectNoSidewaysScroll(page);
    await snapshot(page, 'test-results/upstreams-custom-zh-phone.png');
    await page.getByRole('button', { name: '保存通道' }).click();
    const family = block.getByRole('textbox').nth(0);
    await expect(family).toHaveAttribute('aria-invalid', 'true', { timeout: 30_000 });
    await expect(block).toContainText('reserved');
    await family.fill(`${name}-family`);
    await page.getByRole('button', { name: '保存通道' }).click();

    const saved = page.getByTestId('channel-saved');
    await expect(saved).toContainText(`${name} 已保存`, { timeout: 30_000 });
    await saved.getByRole('button', { name: '发送测试请求' }).click();
    const result = saved.getByTestId('channel-test-result');
    await expect(result).toHaveAttribute('data-ok', 'true', { timeout: 30_000 });
    await expect(result).toContainText(/\d+ 毫秒内应答/);
    await expectNoSidewaysScroll(page);

    // Editing shows the model the same way, field by field.
    await page.goto(`/operator/upstreams/${name}/edit`);
    const edited = page.getByTestId('model-draft-0');
    await expect(edited.getByRole('textbox').nth(0)).toHaveValue(`${name}-family`);
    await expect(edited.getByRole('textbox').nth(1)).toHaveValue('chatmodel-lite');
    await expect(edited.getByRole('checkbox', { name: '流式输出' })).toBeChecked();
    await expectNoSidewaysScroll(page);
    await snapshot(page, 'test-results/upstreams-custom-edit-zh-phone.png');
  });
});

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

    await page.getByLabel('Start from').selectOption('custom');
    await page.getByLabel('Protocol').selectOption('openai-chat');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Provider', { exact: true }).fill('acme-e2e');
    await page.getByLabel('Base URL').fill('ftp://127.0.0.1/nowhere');
    await page.getByLabel('API key').fill('sim-key-sim-chat-lite');
    const model = await addModel(page, 0, `${name}-family`, 'chatmodel-lite');
    await model.getByLabel('Cost (USD)').fill('0.0005');
    await model.getByRole('checkbox', { name: 'Streaming' }).check();
    // Off until tested: routing does not send it traffic yet.
    await page.getByRole('switch', { name: 'Enabled' }).click();
    await page.getByRole('button', { name: 'Save channel' }).click();
    // The server refuses the address by field.
    await expect(page.getByLabel('Base URL')).toHaveAttribute('aria-invalid', 'true', { timeout: 30_000 });
    await expect(page.getByText('Must be an http(s) URL')).toBeVisible();
    await page.getByLabel('Base URL').fill(simChat);
    await page.getByRole('button', { name: 'Save channel' }).click();
    await expect(page.getByTestId('channel-saved')).toContainText(`${name} is saved`, { timeout: 30_000 });
    await page.getByRole('link', { name: "Open the channel's page" }).click();
    await expect(page).toHaveURL(new RegExp(`/operator/upstreams/${name}$`));

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
    await snapshot(page, 'test-results/upstreams-channel-en.png');

    // A wrong key: the test names the class of the failure.
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
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
    await snapshot(page, 'test-results/upstreams-channel-zh-phone.png');
    await page.getByRole('link', { name: '编辑' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `编辑 ${name}` })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await snapshot(page, 'test-results/upstreams-edit-zh-phone.png');
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
  await snapshot(page, 'test-results/upstreams-sim-image.png');
});
