import { execFileSync } from 'node:child_process';
import type { APIRequestContext } from '@playwright/test';
import {
  chooseLanguage,
  createTenant,
  expect,
  expectNoSidewaysScroll,
  signIn,
  snapshot,
  test,
  type TestTenant,
} from './helpers';

const PROMPT = "橘猫在窗台上晒太阳 — a 'sunny' cat";

async function call<T>(
  request: APIRequestContext,
  tenant: TestTenant,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(`/api${path}`, {
    method,
    headers: { 'X-API-Key': tenant.apiKey },
    ...(data ? { data } : {}),
  });
  const body = (await res.json()) as T & { error?: string };
  expect(res.status(), body.error).toBe(200);
  return body;
}

async function finished(
  request: APIRequestContext,
  tenant: TestTenant,
  jobId: string,
): Promise<{ status: string; cdn_url: string | null }> {
  let job: { status: string; cdn_url: string | null } = { status: 'pending', cdn_url: null };
  await expect
    .poll(
      async () => {
        job = (await call<{ job: typeof job }>(request, tenant, 'GET', `/jobs?id=${jobId}`)).job;
        return job.status;
      },
      { timeout: 60_000, intervals: [500, 1000] },
    )
    .toBe('done');
  return job;
}

test('a finished image job shows its cost and parameters, runs again in the Playground and copies as a working curl', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tenant = await createTenant(request);
  const { jobId } = await call<{ jobId: string }>(request, tenant, 'POST', '/generate', {
    prompt: PROMPT,
    ratio: '3:4',
    quality: 'medium',
    background: 'opaque',
  });
  await finished(request, tenant, jobId);
  const { credits } = await call<{ credits: number }>(request, tenant, 'GET', '/balance');
  const charged = tenant.credits - credits;
  expect(charged).toBeGreaterThan(0);

  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto(`/jobs/${jobId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PROMPT);
  await expect(page.getByTestId('job-cost')).toHaveText(charged === 1 ? '1 credit' : `${charged} credits`);
  await expect(page.getByText('3:4 · medium quality · opaque background')).toBeVisible();
  await expect(page.getByText('Automatic routing')).toBeVisible();
  await expect(page.getByText('Request ID')).toBeVisible();
  await expect(page.getByTestId('job-download')).toHaveAttribute(
    'download',
    new RegExp(`^studio-image-${jobId.slice(0, 8)}\\.(png|jpg|webp)$`),
  );
  // Submitted without a callback: no deliveries to show.
  await expect(page.getByTestId('job-deliveries')).toHaveCount(0);
  await snapshot(page, 'test-results/job-detail-desktop.png');

  // Copy as API call: the curl shown, run as pasted with the key in the environment, submits the same request.
  await page.getByRole('button', { name: 'Copy as API call' }).click();
  const curl = await page.getByTestId('job-api-call').locator('pre code').innerText();
  // The same builder as the Playground's: the key as a Bearer token, curl, JavaScript and Python.
  expect(curl).toContain('-H "Authorization: Bearer $STUDIO_API_KEY"');
  expect(curl).not.toContain(tenant.apiKey);
  const answer = JSON.parse(
    execFileSync('sh', ['-c', curl], { env: { ...process.env, STUDIO_API_KEY: tenant.apiKey }, encoding: 'utf8' }),
  ) as { ok: boolean; jobId: string };
  expect(answer.ok).toBe(true);
  expect(answer.jobId).toMatch(/^[0-9a-f-]{36}$/);
  expect(answer.jobId).not.toBe(jobId);
  const again = await call<{ job: { prompt: string; ratio: string; quality: string; background: string } }>(
    request,
    tenant,
    'GET',
    `/jobs?id=${answer.jobId}`,
  );
  expect(again.job).toMatchObject({ prompt: PROMPT, ratio: '3:4', quality: 'medium', background: 'opaque' });
  await page.getByRole('tab', { name: 'JavaScript' }).click();
  await expect(page.getByTestId('job-api-call').locator('pre code')).toContainText('process.env.STUDIO_API_KEY');
  await page.getByRole('tab', { name: 'Python' }).click();
  await expect(page.getByTestId('job-api-call').locator('pre code')).toContainText('requests.post(');

  // Run again: the Playground opens with the same prompt and settings.
  await page.getByRole('link', { name: 'Run again' }).click();
  await expect(page).toHaveURL(/\/playground/);
  await expect(page.getByLabel('Prompt')).toHaveValue(PROMPT);
  await expect(page.getByRole('radio', { name: '3:4' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Medium' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Opaque' })).toBeChecked();

  // In Chinese and at phone width.
  await chooseLanguage(page.context(), 'zh-CN');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/jobs/${jobId}`);
  await expect(page.getByRole('link', { name: '再运行一次' })).toBeVisible();
  await expect(page.getByTestId('job-cost')).toHaveText(`${charged} 积分`);
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/job-detail-phone-zh.png');
});

test('an image from a template with an article hook offers "Write the article", which writes it beside the image', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tenant = await createTenant(request);
  const suffix = tenant.id.slice(0, 8);
  const image = await call<{ template: { id: string; slug: string } }>(request, tenant, 'POST', '/templates', {
    type: 'image',
    zh_name: '商品白底图',
    slug: `e2e-shop-${suffix}`,
    prompt_template: '{product}，白底，棚拍',
    fields: [{ key: 'product', label: '商品' }],
  });
  const article = await call<{ template: { slug: string } }>(request, tenant, 'POST', '/templates', {
    type: 'article',
    zh_name: '商品种草笔记',
    slug: `e2e-note-${suffix}`,
    format: 'xiaohongshu',
    prompt_template: '为{product}写一篇小红书种草笔记',
    fields: [{ key: 'product', label: '商品' }],
  });
  await call(request, tenant, 'POST', '/template-hooks', {
    image_template_slug: image.template.slug,
    hook_type: 'article',
    hook_template_slug: article.template.slug,
  });
  const { jobId } = await call<{ jobId: string }>(request, tenant, 'POST', '/generate', {
    template_id: image.template.id,
    input: { product: '手冲咖啡壶' },
    quality: 'low',
  });
  const job = await finished(request, tenant, jobId);

  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto(`/jobs/${jobId}`);
  await expect(page.getByTestId('job-template')).toHaveText('商品白底图');
  // Headed by the template and its inputs, not by the prompt they expanded to.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('商品白底图');
  await expect(page.getByTestId('job-inputs-line')).toContainText('手冲咖啡壶');
  await expect(page.getByTestId('job-slot-values')).toContainText('手冲咖啡壶');
  const hooks = page.getByTestId('job-hooks');
  await expect(hooks).toContainText('商品种草笔记');
  await hooks.getByRole('button', { name: 'Write the article' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('手冲咖啡壶');
  await expect(dialog).toContainText(/Costs \d+ credits?/);
  await dialog.getByRole('button', { name: /^Write for/ }).click();
  const written = page.getByTestId('hook-article');
  await expect(written).toBeVisible({ timeout: 60_000 });
  await expect(written.locator('h3')).not.toBeEmpty();
  await expect(written.getByRole('img')).toHaveAttribute('src', job.cdn_url ?? '');
  await snapshot(page, 'test-results/job-detail-hook.png');
});

test('an image from a template with a video hook offers "Make the video", which starts it from the image and opens its job', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tenant = await createTenant(request);
  const image = await call<{ template: { id: string; slug: string } }>(request, tenant, 'POST', '/templates', {
    type: 'image',
    zh_name: '转台商品图',
    slug: `e2e-spin-${tenant.id.slice(0, 8)}`,
    prompt_template: '{product}，白底，棚拍',
    fields: [{ key: 'product', label: '商品' }],
  });
  // A platform video template with the same field: the image's input carries over.
  await call(request, tenant, 'POST', '/template-hooks', {
    image_template_slug: image.template.slug,
    hook_type: 'video',
    hook_template_slug: 'platform-product-360-spin',
  });
  const { jobId } = await call<{ jobId: string }>(request, tenant, 'POST', '/generate', {
    template_id: image.template.id,
    input: { product: '手冲咖啡壶' },
    quality: 'low',
  });
  const job = await finished(request, tenant, jobId);
  const before = (await call<{ credits: number }>(request, tenant, 'GET', '/balance')).credits;

  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto(`/jobs/${jobId}`);
  const hooks = page.getByTestId('job-hooks');
  await expect(hooks).toContainText('商品360度展示');
  await hooks.getByRole('button', { name: 'Make the video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make a video with “商品360度展示”?' });
  await expect(dialog).toContainText('This image becomes the first frame.');
  await expect(dialog).toContainText('手冲咖啡壶');
  await expect(dialog.getByRole('img')).toHaveAttribute('src', job.cdn_url ?? '');
  const estimate = Number(/About (\d+) credits? for 5 s/.exec((await dialog.textContent()) ?? '')?.[1] ?? NaN);
  expect(estimate).toBeGreaterThan(0);
  await dialog.getByRole('button', { name: 'Make the video' }).click();

  // The video's own job page opens; the task was made from this image and this input.
  await expect(page).not.toHaveURL(new RegExp(`/jobs/${jobId}$`));
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
  const videoId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await expect(page.getByText('Video job', { exact: true })).toBeVisible();
  const task = await call<{ task: { images: string[]; prompt: unknown } }>(
    request,
    tenant,
    'GET',
    `/videos?id=${videoId}`,
  );
  expect(task.task.images).toEqual([job.cdn_url]);
  // For a template the task's prompt is the caller's input.
  expect(JSON.stringify(task.task.prompt)).toContain('手冲咖啡壶');
  await expect(page.getByRole('link', { name: 'Open video' })).toBeVisible({ timeout: 60_000 });
  const after = (await call<{ credits: number }>(request, tenant, 'GET', '/balance')).credits;
  expect(before - after).toBe(estimate);
  await snapshot(page, 'test-results/job-detail-video-hook.png');
});

test('the overview shows recent jobs, the burn rate, and the tenant key only when asked', async ({ page, request }) => {
  test.setTimeout(90_000);
  const tenant = await createTenant(request);
  const { jobId } = await call<{ jobId: string }>(request, tenant, 'POST', '/generate', {
    prompt: '概览里的最近任务',
    quality: 'low',
  });
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByTestId('recent-jobs').locator(`[data-job-id="${jobId}"]`).first()).toBeVisible();
  await expect(page.getByTestId('burn-rate')).toHaveText(/\d+ \/ day/);

  const key = page.getByTestId('tenant-key');
  await expect(key).not.toContainText(tenant.apiKey);
  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect(key).toHaveText(tenant.apiKey);
  await expect(page.getByRole('button', { name: 'Copy tenant key' })).toBeVisible();
  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(key).not.toContainText(tenant.apiKey);
  for (const name of ['Playground', 'Templates', 'Members', 'API reference']) {
    await expect(
      page
        .getByRole('main')
        .getByRole('link', { name: new RegExp(`^${name}`) })
        .first(),
    ).toBeVisible();
  }
  await snapshot(page, 'test-results/overview-desktop.png');

  await chooseLanguage(page.context(), 'zh-CN');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('button', { name: '显示' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/overview-phone-zh.png');
});
