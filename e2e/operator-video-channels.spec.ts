import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { E2E_ADMIN_KEY, E2E_SIM_PORT } from './env';
import { chooseLanguage, expect, expectNoSidewaysScroll, signInAsOperator, snapshot, test } from './helpers';
import { simKlingKeyPair } from '@/sim/channels-kling';

/**
 * Video channels added from their presets in the console, pointed at the e2e simulator's video channels
 * (`sim-kling`, `sim-fal-video`, `sim-replicate-video`), and the channel page's billed short-video test followed to its video.
 */

const simUrl = (channel: string) => `http://127.0.0.1:${E2E_SIM_PORT}/${channel}`;
const suffix = () => randomBytes(3).toString('hex');
const klingKey = () => {
  const [access = '', secret = ''] = simKlingKeyPair('sim-kling').split(':');
  return { access, secret };
};

/** Channels the tests add, retired after each test so later specs never route video to them. */
const added: string[] = [];
test.afterEach(async ({ request }) => {
  for (const name of added.splice(0)) {
    const res = await request.post('/api/admin', {
      headers: { 'x-api-key': E2E_ADMIN_KEY },
      data: { action: 'upstream-remove', name },
    });
    expect([200, 404], await res.text()).toContain(res.status());
  }
});

interface Words {
  startFrom: string;
  provider: string;
  baseUrl: string;
  otherAddress: string;
  name: string;
  apiKey: string;
  save: string;
  saved: (name: string) => string;
  open: string;
  modelToTest: string;
  run: string;
  state: string;
  succeeded: string;
  made: RegExp;
}

const EN: Words = {
  startFrom: 'Start from',
  provider: 'Provider',
  baseUrl: 'Base URL',
  otherAddress: 'Other address',
  name: 'Name',
  apiKey: 'API key',
  save: 'Save channel',
  saved: (name) => `${name} is saved`,
  open: "Open the channel's page",
  modelToTest: 'Model to test',
  run: 'Create a short video (billed)',
  state: 'Task state:',
  succeeded: 'Succeeded',
  made: /Video made and verified as an MP4: \d+ s/,
};

const ZH: Words = {
  startFrom: '起点',
  provider: '服务商',
  baseUrl: '基础地址',
  otherAddress: '其他地址',
  name: '名称',
  apiKey: 'API 密钥',
  save: '保存通道',
  saved: (name) => `${name} 已保存`,
  open: '打开通道页面',
  modelToTest: '要测试的模型',
  run: '生成一段短视频（计费）',
  state: '任务状态：',
  succeeded: '已成功',
  made: /视频已生成并校验为 MP4：\d+ 秒/,
};

/** Adds a channel from `preset` with the video `models` ticked, pointed at the simulated `channel`; opens its page. */
async function addFromPreset(
  page: Page,
  w: Words,
  opts: {
    preset: string;
    provider: string;
    channel: string;
    /** The API key, or Kling's key pair (its form asks for the access key and the secret key apart). */
    key: string | { access: string; secret: string };
    models: string[];
  },
): Promise<string> {
  const name = `e2e-video-${opts.preset}-${suffix()}`;
  added.push(name);
  await page.goto('/operator/upstreams/new');
  // Chosen again until the page has come alive and the preset filled the form in.
  await expect(async () => {
    await page.getByLabel(w.startFrom).selectOption(opts.preset);
    await expect(page.getByLabel(w.startFrom)).toHaveValue(opts.preset, { timeout: 1000 });
    await expect(page.getByLabel(w.provider, { exact: true })).toHaveValue(opts.provider, { timeout: 1000 });
    await expect(page.getByRole('checkbox', { name: opts.models[0], exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await page.getByLabel(w.baseUrl).selectOption('other');
  await page.getByLabel(w.otherAddress).fill(simUrl(opts.channel));
  await page.getByLabel(w.name, { exact: true }).fill(name);
  if (typeof opts.key === 'string') await page.getByLabel(w.apiKey).fill(opts.key);
  else {
    await page.getByRole('textbox', { name: 'Access key' }).fill(opts.key.access);
    await page.getByRole('textbox', { name: 'Secret key' }).fill(opts.key.secret);
  }
  for (const m of opts.models) await page.getByRole('checkbox', { name: m, exact: true }).check();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: w.save }).click();
  const saved = page.getByTestId('channel-saved');
  await expect(saved).toContainText(w.saved(name), { timeout: 30_000 });
  await saved.getByRole('link', { name: w.open }).click();
  await expect(page).toHaveURL(new RegExp(`/operator/upstreams/${name}$`));
  const listed = page.getByTestId('channel-models');
  for (const m of opts.models) await expect(listed).toContainText(m);
  return name;
}

/** Runs the billed short-video test on `model` and waits for the finished, verified video. */
async function shortVideo(page: Page, w: Words, model: string): Promise<void> {
  const test = page.getByTestId('channel-test');
  await test.getByLabel(w.modelToTest).selectOption(model);
  const panel = test.getByTestId('channel-video-test');
  await panel.getByRole('button', { name: w.run }).click();
  const result = panel.getByTestId('channel-video-test-result');
  await expect(result).toContainText(model, { timeout: 30_000 });
  await expect(result).toContainText(w.state);
  await expect(panel.getByTestId('channel-video-test-state')).toHaveText(w.succeeded, { timeout: 60_000 });
  await expect(result).toHaveAttribute('data-state', 'succeeded');
  await expect(result).toContainText(w.made);
  const video = panel.getByTestId('channel-video-test-video');
  await expect(video).toBeVisible();
  // The player's source answers an MP4 to the signed-in operator.
  const src = await video.getAttribute('src');
  expect(src).toBeTruthy();
  const file = await page.request.get(src ?? '');
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('video/mp4');
}

test('in English at desktop width: a Kling channel and a Replicate channel from their presets each make a short test video', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signInAsOperator(page, E2E_ADMIN_KEY);
  await expect(page).toHaveURL(/\/operator$/);
  await addFromPreset(page, EN, {
    preset: 'kling',
    provider: 'Kling AI',
    channel: 'sim-kling',
    key: klingKey(),
    models: ['kling-v2-5-turbo', 'kling-v1-6'],
  });
  await shortVideo(page, EN, 'kling-v2-5-turbo');
  await snapshot(page, 'test-results/upstreams-video-kling-en.png');
  // The same operator adds a Replicate video channel: official models by owner/name, Wan as frames at 16 fps.
  await addFromPreset(page, EN, {
    preset: 'replicate',
    provider: 'Replicate',
    channel: 'sim-replicate-video',
    key: 'sim-key-sim-replicate-video',
    models: ['wan-video/wan-2.2-t2v-fast', 'minimax/hailuo-02'],
  });
  await shortVideo(page, EN, 'wan-video/wan-2.2-t2v-fast');
  await snapshot(page, 'test-results/upstreams-video-replicate-en.png');
});

test('in Chinese at phone width: a fal channel from its preset serves Wan 2.2, and its short test video plays', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsOperator(page, E2E_ADMIN_KEY);
  await expect(page).toHaveURL(/\/operator$/);
  await chooseLanguage(context, 'zh-CN');
  await addFromPreset(page, ZH, {
    preset: 'fal-queue',
    provider: 'fal',
    channel: 'sim-fal-video',
    key: 'sim-key-sim-fal-video',
    models: ['fal-ai/wan/v2.2-a14b/text-to-video', 'fal-ai/bytedance/seedance/v1/pro/text-to-video'],
  });
  await expectNoSidewaysScroll(page);
  await shortVideo(page, ZH, 'fal-ai/wan/v2.2-a14b/text-to-video');
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/upstreams-video-fal-zh-phone.png');
});
