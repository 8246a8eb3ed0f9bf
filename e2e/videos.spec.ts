import type { APIRequestContext, Locator, Page } from '@playwright/test';
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
} from './helpers';

// The tests slow the simulator's video channels down in turn, so they run one after another.
test.describe.configure({ mode: 'serial' });

const CRANE = '清晨的江南小镇，薄雾中一只白鹭掠过水面，镜头缓缓推进';
const LANTERN = '夜市里的红灯笼随风摇晃 — lanterns swaying at a night market';
const numbers = new Intl.NumberFormat('en-US');

interface VideoSimSettings {
  latency_ms?: number;
  queued_percent?: number;
  cancel_running?: boolean;
}

/** Sets how the simulator's video channels behave for tasks created from now on. */
async function setVideoSim(request: APIRequestContext, settings: VideoSimSettings): Promise<void> {
  for (const channel of ['sim-video-a', 'sim-video-b']) {
    const res = await request.post(`http://127.0.0.1:${E2E_SIM_PORT}/__sim/config`, { data: { channel, ...settings } });
    expect(res.ok(), await res.text()).toBe(true);
  }
}

const restoreVideoSim = (request: APIRequestContext) => setVideoSim(request, { latency_ms: 0, queued_percent: 20 });

async function openVideoPage(page: Page, request: APIRequestContext) {
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  // On a phone the navigation sits behind the menu button.
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Video' }).click();
  await expect(page).toHaveURL(/\/videos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Generate a video' })).toBeVisible();
  await expect(page.getByTestId('video-credits')).toHaveText('1,234');
  return tenant;
}

/** The credits a task card says it costs. */
async function creditsOf(card: Locator): Promise<number> {
  const text = (await card.getByTestId('task-credits').textContent()) ?? '';
  return Number(/(\d+)/.exec(text)?.[1] ?? NaN);
}

/** Waits until the card's player has loaded the video's metadata, and answers its duration. */
async function playableDuration(card: Locator): Promise<number> {
  const video = card.locator('video');
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (v.readyState >= 1 ? v.duration : 0)), { timeout: 15_000 })
    .toBeGreaterThan(0);
  return video.evaluate((v: HTMLVideoElement) => v.duration);
}

async function submitPrompt(page: Page, prompt: string) {
  await page.getByLabel('Prompt').fill(prompt);
  await page.getByRole('button', { name: 'Generate video' }).click();
}

test(
  'a Chinese prompt becomes a playable video, charged once, and a finished one is deleted',
  SIM_WIDE,
  async ({ page, request }) => {
    test.skip(!!process.env.E2E_BASE_URL, 'slows down the bundled simulator of the test server');
    await openVideoPage(page, request);
    await expect(page.getByTestId('tier-details')).toContainText('Studio picks the tier');
    await expect(page.getByRole('heading', { name: 'No videos yet' })).toBeVisible();

    await setVideoSim(request, { latency_ms: 4000, queued_percent: 50 });
    try {
      await page.getByRole('radio', { name: '9:16' }).check();
      await submitPrompt(page, CRANE);
      const card = page.getByTestId('video-task').filter({ hasText: CRANE });
      await expect(card).toHaveAttribute('data-state', /queued|running/);
    } finally {
      await restoreVideoSim(request);
    }

    const card = page.getByTestId('video-task').filter({ hasText: CRANE });
    await expect(card).toHaveAttribute('data-state', 'succeeded', { timeout: 30_000 });
    expect(await playableDuration(card)).toBeGreaterThan(0);
    await expect(card.locator('video')).toHaveAttribute('poster', /.+/);
    const cost = await creditsOf(card);
    expect(cost).toBeGreaterThan(0);
    // The estimate beside the button (the tier's price per second × seconds) is what was charged.
    await expect(page.getByTestId('video-estimate')).toHaveText(`${cost} credits`);
    await expect(page.getByTestId('video-credits')).toHaveText(numbers.format(1234 - cost));
    await snapshot(page, 'test-results/videos-desktop.png');

    await page.getByRole('button', { name: `Delete: ${CRANE}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this video?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete video' }).click();
    await expect(page.getByTestId('video-task')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'No videos yet' })).toBeVisible();
    // Deleting a finished video gives nothing back.
    await expect(page.getByTestId('video-credits')).toHaveText(numbers.format(1234 - cost));
  },
);

test('a video template with its fields becomes a video', async ({ page, request }) => {
  await openVideoPage(page, request);
  await page.getByRole('tab', { name: 'Template' }).click();
  await page.getByRole('button', { name: /^商品360度展示/ }).click();
  await expect(page.getByTestId('recipe-selected')).toContainText('商品360度展示');

  // The required field is asked for before anything is sent.
  await page.getByRole('button', { name: 'Generate video' }).click();
  await expect(page.getByText('“商品” is required.')).toBeVisible();
  await page.getByLabel('商品', { exact: true }).fill('一瓶磨砂玻璃瓶身的香水');
  await page.getByRole('button', { name: 'Generate video' }).click();

  const card = page.getByTestId('video-task').first();
  await expect(card).toContainText('商品360度展示');
  await expect(card).toHaveAttribute('data-state', 'succeeded', { timeout: 30_000 });
  expect(await playableDuration(card)).toBeGreaterThan(0);
  await expect(page.getByTestId('video-credits')).toHaveText(numbers.format(1234 - (await creditsOf(card))));
  await snapshot(page, 'test-results/videos-template.png');
});

test.describe('refused requests', () => {
  // The browser logs the refused request itself; the page must show why.
  test.use({ expectedConsoleErrors: { patterns: [/status of 400 \(Bad Request\) .*\/api\/trpc\/videos\.submit/] } });

  test('a duration outside the tier is refused inline with the server’s range, nothing charged', async ({
    page,
    request,
  }) => {
    await openVideoPage(page, request);
    // Tiers read by their names; the id the API takes stays beside the chosen one.
    const tierChoice = page.getByLabel('Tier');
    await expect(tierChoice.locator('option[value="videomodel-2-0-pro-260801"]')).toHaveText(
      /^Video 2\.0 Pro · 4–15 s/,
    );
    await tierChoice.selectOption('videomodel-2-0-pro-260801');
    await expect(page.getByTestId('tier-details')).toContainText('4–15 s');
    await expect(page.getByTestId('tier-details').locator('code')).toHaveText('videomodel-2-0-pro-260801');
    // What this tier does not take is said, and its sound switch is gone.
    await expect(page.getByTestId('video-refs-disabled')).toContainText('does not take reference videos');
    await expect(page.getByTestId('audio-refs-disabled')).toContainText('does not take reference audio');
    await expect(page.getByRole('switch', { name: 'Generate sound' })).toHaveCount(0);
    await page.getByLabel('Prompt').fill(LANTERN);
    await page.getByLabel('Duration', { exact: true }).fill('20');
    await expect(page.getByTestId('duration-warning')).toHaveText('Video 2.0 Pro makes videos of 4–15 seconds.');

    await page.getByRole('button', { name: 'Generate video' }).click();
    const duration = page.getByLabel('Duration', { exact: true });
    await expect(duration).toHaveAttribute('aria-invalid', 'true');
    const message = page.locator(`#${await duration.getAttribute('aria-describedby')}`);
    await expect(message).toContainText('4-15 seconds');
    await expect(page.getByTestId('video-task')).toHaveCount(0);
    await expect(page.getByTestId('video-credits')).toHaveText('1,234');
    await snapshot(page, 'test-results/videos-error.png');

    // Back inside the range, the refusal goes.
    await duration.fill('8');
    await expect(duration).not.toHaveAttribute('aria-invalid', 'true');
  });
});

test(
  'on a phone: a video is made and played, and a running one is cancelled with its credits back',
  SIM_WIDE,
  async ({ page, request }) => {
    test.skip(!!process.env.E2E_BASE_URL, 'slows down the bundled simulator of the test server');
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await openVideoPage(page, request);
    await expectNoSidewaysScroll(page);

    await submitPrompt(page, CRANE);
    const done = page.getByTestId('video-task').filter({ hasText: CRANE });
    await expect(done).toHaveAttribute('data-state', 'succeeded', { timeout: 30_000 });
    expect(await playableDuration(done)).toBeGreaterThan(0);
    const spent = await creditsOf(done);
    await expect(page.getByTestId('video-credits')).toHaveText(numbers.format(1234 - spent));

    // A long task, running at once: it can be cancelled.
    await setVideoSim(request, { latency_ms: 120_000, queued_percent: 0, cancel_running: true });
    try {
      await submitPrompt(page, LANTERN);
      const card = page.getByTestId('video-task').filter({ hasText: 'lanterns swaying' });
      await expect(card).toHaveAttribute('data-state', 'running', { timeout: 20_000 });
      const cost = await creditsOf(card);
      await expect(page.getByTestId('video-credits')).toHaveText(numbers.format(1234 - spent - cost));
      await expectNoSidewaysScroll(page);
      await snapshot(page, 'test-results/videos-phone-running.png');

      await card.getByRole('button', { name: /^Cancel: / }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this video?' });
      await dialog.getByRole('button', { name: 'Cancel video' }).click();
      await expect(dialog).toBeHidden();
      await expect(card).toHaveAttribute('data-state', 'cancelled');
      await expect(page.getByTestId('video-credits')).toHaveText(numbers.format(1234 - spent));
    } finally {
      await restoreVideoSim(request);
    }

    await page.getByRole('button', { name: 'Cancelled', exact: true }).click();
    await expect(page.getByTestId('video-task')).toHaveCount(1);
    await expect(page.getByTestId('video-task').first()).toContainText('lanterns swaying');
    await page.getByRole('button', { name: 'Failed', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'No failed videos' })).toBeVisible();
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await expect(page.getByTestId('video-task')).toHaveCount(2);
    await expectNoSidewaysScroll(page);
    await snapshot(page, 'test-results/videos-phone.png');
  },
);

test('in Chinese: the page, its refusal, a finished task and its state speak Chinese, on a desktop and a phone', async ({
  page,
  request,
}) => {
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await chooseLanguage(page.context(), 'zh-CN');
  await page.goto('/videos');
  await expect(page).toHaveTitle('视频 · Studio');
  await expect(page.getByRole('heading', { level: 1, name: '生成视频' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '模板' })).toBeVisible();
  await expect(page.getByLabel('档位', { exact: true })).toBeVisible();
  await expect(page.getByTestId('tier-details')).toContainText('Studio 根据时长和分辨率选择档位');
  await expect(page.getByLabel('时长', { exact: true })).toHaveValue('5');
  await expect(page.getByRole('group', { name: '画面比例' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '还没有视频' })).toBeVisible();
  await expect(page.getByTestId('video-credits')).toHaveText('1,234');
  await expect(page.getByLabel('提示词')).toHaveAttribute('placeholder', /江南小镇/);

  // Nothing written: the form says so in Chinese, and nothing is sent.
  await page.getByRole('button', { name: '生成视频' }).click();
  await expect(page.getByText('请先描述你想要的视频。')).toBeVisible();
  await expect(page.getByTestId('video-task')).toHaveCount(0);

  await page.getByLabel('提示词').fill(CRANE);
  await page.getByRole('button', { name: '生成视频' }).click();
  const card = page.getByTestId('video-task').filter({ hasText: CRANE });
  await expect(card).toHaveAttribute('data-state', 'succeeded', { timeout: 30_000 });
  await expect(card.locator('[data-state="succeeded"]')).toHaveText('已完成');
  await expect(card).toContainText('5 秒');
  await expect(card.getByTestId('task-credits')).toHaveText(/^\d+ 积分$/);
  await expect(card.getByRole('link', { name: '打开视频' })).toBeVisible();
  const cost = await creditsOf(card);
  await expect(page.getByTestId('video-estimate')).toHaveText(`${cost} 积分`);
  await expect(page.getByTestId('video-cost-note')).toHaveText(
    `上一个视频扣除了 ${cost} 积分。任务被接受时扣除积分，失败或取消后退还。`,
  );
  await expect(page.getByTestId('video-credits')).toHaveText(numbers.format(1234 - cost));
  await snapshot(page, 'test-results/videos/videos-zh-desktop.png');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: '失败', exact: true }).click();
  await expect(page.getByRole('heading', { name: '没有失败的视频' })).toBeVisible();
  await page.getByRole('button', { name: '已完成', exact: true }).click();
  await expect(page.getByTestId('video-task')).toHaveCount(1);
  await expect(page.getByText(/第 1–1 个任务，共 1 个/)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/videos/videos-zh-phone.png');
});

test('with fewer credits than the estimate, the generate button waits and says why', async ({ page, request }) => {
  const tenant = await createTenant(request, { credits: 3 });
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto('/videos');
  await expect(page.getByRole('heading', { level: 1, name: 'Generate a video' })).toBeVisible();
  await expect(page.getByTestId('video-credits')).toHaveText('3');
  await page.getByLabel('Prompt').fill('A paper boat drifting on a pond');
  const button = page.getByRole('button', { name: 'Generate video' });
  await expect(page.getByTestId('video-shortfall')).toBeVisible();
  await expect(button).toBeDisabled();
  await expect(button).toHaveAccessibleDescription(/Not enough credits/);
});
