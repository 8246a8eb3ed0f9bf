import type { APIRequestContext } from '@playwright/test';
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

const PANDA = '一只在竹林里喝茶的熊猫，水墨画风格，柔和的晨光';

test('a Chinese prompt at 3:4 becomes an image, and Jobs lists it first as done', async ({ page, request }) => {
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Playground' }).click();
  await expect(page).toHaveURL(/\/playground$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Generate an image' })).toBeVisible();
  await expect(page.getByTestId('simulated-banner')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'High' })).toBeChecked();
  await expect(page.getByTestId('playground-credits')).toHaveText('1,234');

  await page.getByLabel('Prompt').fill(PANDA);
  await page.getByRole('radio', { name: '3:4' }).check();
  await page.getByRole('button', { name: 'Generate', exact: true }).click();

  const card = page.getByTestId('result-card');
  const image = card.getByRole('img', { name: `Result: ${PANDA}` });
  await expect(image).toBeVisible();
  await expect(card).toHaveAttribute('data-status', 'done');
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
  const size = await image.evaluate((img: HTMLImageElement) => img.naturalWidth / img.naturalHeight);
  expect(size).toBeCloseTo(3 / 4, 1);
  await expect(card.getByRole('button', { name: 'Copy image URL' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Open full size' })).toHaveAttribute('href', /\/files\//);
  // High quality costs 4 credits.
  await expect(page.getByTestId('playground-credits')).toHaveText('1,230');
  // The finished image is offered as a reference for the next one.
  await expect(page.getByRole('button', { name: `Use as reference: ${PANDA}` })).toBeVisible();
  await snapshot(page, 'test-results/playground-desktop.png');

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Jobs' }).click();
  await expect(page).toHaveURL(/\/jobs$/);
  const first = page.getByTestId('jobs-table').locator('tbody tr').first();
  await expect(first).toContainText(PANDA);
  await expect(first.locator('[data-status]')).toHaveText('Done');
  await expect(first.locator('img')).toBeVisible();
  await snapshot(page, 'test-results/jobs-desktop.png');

  await first.getByRole('link', { name: PANDA }).click();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: PANDA })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy job ID' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy result URL' })).toBeVisible();
  await expect(page.getByRole('img', { name: `Result: ${PANDA}` })).toBeVisible();
  await snapshot(page, 'test-results/job-detail-desktop.png');
});

test('in Chinese: a prompt and a template become images, with Chinese labels, cost line and field errors', async ({
  page,
  request,
}) => {
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await chooseLanguage(page.context(), 'zh-CN');
  await page.goto('/playground');

  await expect(page).toHaveTitle('创作台 · Studio');
  await expect(page.getByRole('heading', { level: 1, name: '生成图片' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '提示词' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: '图片会显示在这里' })).toBeVisible();
  await expect(page.getByRole('radio', { name: '高', exact: true })).toBeChecked();
  await expect(
    page.getByRole('group', { name: '背景', exact: true }).getByRole('radio', { name: '透明', exact: true }),
  ).toBeVisible();
  await expect(page.getByLabel('模型', { exact: true }).locator('option:checked')).toHaveText('自动：选择最佳可用模型');
  await expect(page.getByTestId('cost-line')).toHaveText('4 积分 · 可用 1,234');
  const prompt = page.getByLabel('提示词', { exact: true });
  await expect(prompt).toHaveAttribute('placeholder', /剪纸风格/);

  // An empty prompt is refused in Chinese, before anything is sent.
  await page.getByRole('button', { name: '生成', exact: true }).click();
  await expect(page.getByText('请先描述你想要的图片。')).toBeVisible();
  await expect(prompt).toBeFocused();

  await prompt.fill(PANDA);
  await page.getByRole('radio', { name: '3:4' }).check();
  await page.getByRole('button', { name: '生成', exact: true }).click();
  const card = page.getByTestId('result-card');
  await expect(card).toHaveAttribute('data-status', 'done');
  await expect(card).toContainText('3:4 · 高质量');
  await expect(card.getByRole('img', { name: `生成结果：${PANDA}` })).toBeVisible();
  await expect(card.getByRole('link', { name: '查看原图' })).toBeVisible();
  await expect(card.getByRole('button', { name: '复制 图片地址' })).toBeVisible();
  await expect(page.getByTestId('playground-credits')).toHaveText('1,230');
  await expect(page.getByRole('button', { name: `用作参考图：${PANDA}` })).toBeVisible();
  await snapshot(page, 'test-results/playground/zh-prompt-desktop.png');

  // From a template: the picker, the field error and the notices speak Chinese.
  await page.getByRole('tab', { name: '模板' }).click();
  await expect(page.getByRole('button', { name: /^品牌主视觉 KV 海报/ })).toContainText('随领取码提供');
  await page.getByRole('button', { name: /^小红书大字封面/ }).click();
  await expect(page.getByTestId('recipe-selected')).toContainText('小红书大字封面');
  await expect(page.getByRole('button', { name: '更换模板' })).toBeVisible();
  await expect(page.getByText('3:4 是此模板的默认比例。')).toBeVisible();
  await page.getByRole('button', { name: '生成', exact: true }).click();
  await expect(page.getByTestId('field-error')).toHaveText('请填写“封面标题”。');
  const title = page.getByLabel('封面标题', { exact: true });
  await expect(title).toBeFocused();
  await expect(page.getByTestId('result-card')).toHaveCount(1);
  await title.fill('3天学会手冲咖啡');
  await page.getByRole('button', { name: '生成', exact: true }).click();
  await expect(card).toContainText('3天学会手冲咖啡');
  await expect(card).toHaveAttribute('data-status', 'done');
  await expect(page.getByRole('heading', { name: '本次较早的结果' })).toBeVisible();
  await expect(page.getByTestId('cost-line')).toHaveText('4 积分 · 可用 1,226');
  await snapshot(page, 'test-results/playground/zh-template-desktop.png');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: '更换模板' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/playground/zh-template-phone.png');
});

test.describe('refused requests', () => {
  // The browser logs the refused request itself; the page must show why.
  test.use({
    expectedConsoleErrors: {
      patterns: [
        /status of 400 \(Bad Request\) .*\/api\/trpc\/jobs\.generate/,
        /status of 404 \(Not Found\) .*\/api\/trpc\/jobs\.get/,
      ],
    },
  });

  test('a transparent background with imagegen-2 is refused inline with the server message', async ({
    page,
    request,
  }) => {
    const tenant = await createTenant(request);
    await signIn(page, tenant.email, tenant.password);
    await expect(page).toHaveURL(/\/overview$/);
    await page.goto('/playground');

    await page.getByLabel('Prompt').fill('透明背景的小猫贴纸');
    await page.getByLabel('Model', { exact: true }).selectOption('imagegen-2');
    await page.getByRole('radio', { name: 'Transparent' }).check();
    await expect(page.getByTestId('transparent-warning')).toHaveText(
      'Transparent background is not available with imagegen-2.',
    );

    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const error = page.getByTestId('generate-error');
    await expect(error).toContainText('No upstream currently available for transparent background');
    await expect(error).toHaveAttribute('role', 'alert');
    await expect(page.getByTestId('result-card')).toHaveCount(0);
    await expect(page.getByTestId('playground-credits')).toHaveText('1,234');
    await snapshot(page, 'test-results/playground-error.png');
  });

  test('a job of another workspace, or none, is not found', async ({ page, request }) => {
    const tenant = await createTenant(request);
    await signIn(page, tenant.email, tenant.password);
    await expect(page).toHaveURL(/\/overview$/);
    await page.goto('/jobs/2f6f1f0e-0000-4000-8000-000000000000');
    await expect(
      page.getByRole('alert').filter({ hasText: 'This job does not exist or belongs to another workspace.' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Jobs', exact: true }).last()).toHaveAttribute('href', '/jobs');
  });
});

test('Playground and Jobs work on a phone, with references and transparent results', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);

  await page.goto('/jobs');
  await expect(page.getByRole('heading', { name: 'No jobs yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the Playground' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/jobs-empty-phone.png');

  await page.goto('/playground');
  await page.getByLabel('Prompt').fill('山间小屋，雪夜，窗户透出温暖的灯光');
  await page.getByRole('radio', { name: '9:16' }).check();
  await page.getByRole('radio', { name: 'Medium' }).check();
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByTestId('result-card')).toHaveAttribute('data-status', 'done');

  // The first result guides the second: a transparent sticker.
  const reference = page.getByRole('button', { name: /^Use as reference: 山间小屋/ });
  await reference.click();
  await expect(reference).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Prompt').fill('同样风格的小屋贴纸');
  await page.getByRole('radio', { name: 'Transparent' }).check();
  await page.getByRole('radio', { name: '1:1' }).check();
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const card = page.getByTestId('result-card');
  await expect(card).toContainText('同样风格的小屋贴纸');
  await expect(card).toHaveAttribute('data-status', 'done');
  await expect(card.getByRole('img')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Earlier in this session' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await card.scrollIntoViewIfNeeded();
  await snapshot(page, 'test-results/playground-phone.png');

  await page.goto('/jobs');
  const cards = page.getByTestId('jobs-cards').getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('同样风格的小屋贴纸');
  await expect(cards.first().locator('[data-status]')).toHaveText('Done');
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/jobs-phone.png');

  await page.getByRole('link', { name: 'Failed' }).click();
  await expect(page).toHaveURL(/\/jobs\?status=failed$/);
  await expect(page.getByRole('heading', { name: 'No failed jobs' })).toBeVisible();
});

test(
  'a running job shows progress, and Playground and Jobs follow it live',
  SIM_WIDE,
  async ({ page, context, request }) => {
    test.skip(!!process.env.E2E_BASE_URL, 'slows down the bundled simulator of the test server');
    const tenant = await createTenant(request);
    await signIn(page, tenant.email, tenant.password);
    await expect(page).toHaveURL(/\/overview$/);

    // A second tab on Jobs, to see the job arrive and finish without reloading.
    const jobs = await context.newPage();
    await jobs.goto('/jobs');
    await expect(jobs.getByRole('heading', { name: 'No jobs yet' })).toBeVisible();
    await expect(jobs.getByText('Live', { exact: true })).toBeVisible();

    // Long enough that the second tab surely sees the job pending on a busy machine (a screenshot is taken in between).
    await setImageLatency(request, 6000);
    try {
      await page.goto('/playground');
      await page.getByLabel('Prompt').fill('夜晚的霓虹街道，雨后的倒影 — neon street after rain');
      await page.getByRole('radio', { name: '16:9' }).check();
      await page.getByRole('button', { name: 'Generate', exact: true }).click();

      const card = page.getByTestId('result-card');
      await expect(card).toHaveAttribute('data-status', 'pending');
      await expect(card.getByText('Generating…')).toBeVisible();
      await snapshot(page, 'test-results/playground-pending.png');

      const row = jobs.getByTestId('jobs-table').locator('tbody tr').first();
      await expect(row).toContainText('neon street after rain');
      await expect(row.locator('[data-status]')).toHaveText('Pending');

      await expect(card).toHaveAttribute('data-status', 'done', { timeout: 25_000 });
      await expect(row.locator('[data-status]')).toHaveText('Done');
      await expect(row.locator('img')).toBeVisible();
    } finally {
      await setImageLatency(request, 0);
    }
  },
);

/** Sets the simulator's answer delay for every image channel (automatic routing may pick any). */
async function setImageLatency(request: APIRequestContext, ms: number): Promise<void> {
  for (const channel of ['sim-image-a', 'sim-image-b', 'sim-image-c']) {
    const res = await request.post(`http://127.0.0.1:${E2E_SIM_PORT}/__sim/config`, {
      data: { channel, latency_ms: ms },
    });
    expect(res.ok()).toBe(true);
  }
}
