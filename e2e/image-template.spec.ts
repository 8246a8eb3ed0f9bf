import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { renderPoster } from '@/sim/media/poster';
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

// Each walk converts a poster for real (reading, drawing, the template, the job): longer than the default on a busy machine.
test.describe.configure({ timeout: 90_000 });

const numbers = new Intl.NumberFormat('en-US');
// Studio has no favicon; Chrome sometimes asks for one after the last navigation and logs the 404.
const FAVICON = /status of 404 \(Not Found\) .*\/favicon\.ico$/;

test.use({ expectedConsoleErrors: { patterns: [FAVICON] } });

async function openImageTemplate(page: Page, request: APIRequestContext, credits?: number): Promise<TestTenant> {
  const tenant = await createTenant(request, credits === undefined ? {} : { credits });
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  // On a phone the navigation sits behind the menu button.
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Image to template' }).click();
  await expect(page).toHaveURL(/\/image-template$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Image to template' })).toBeVisible();
  await expect(page.getByTestId('convert-balance')).toHaveText(numbers.format(tenant.credits));
  await expect(page.getByTestId('convert-price')).toHaveText('4 credits per conversion');
  return tenant;
}

/** The texts of the test poster: the simulator draws them and its vision channels read them back exactly. */
const LAYERS = [
  { role: 'title', text: '春日限定', x: 0.5, y: 0.14, size_ratio: 0.12, color: '#7A1F12', font_weight: 700 },
  { role: 'subtitle', text: '新品上市', x: 0.5, y: 0.24, size_ratio: 0.05, color: '#7A1F12' },
  { role: 'price', text: '¥99', x: 0.5, y: 0.88, size_ratio: 0.08, color: '#FFFFFF' },
];

/** A 3:4 poster with a Chinese title, subtitle and price; `seed` varies its background. */
function poster(seed: string): Promise<Buffer> {
  const shade = (0x90 + ([...seed].reduce((n, c) => n + (c.codePointAt(0) ?? 0), 0) % 0x60)).toString(16);
  return renderPoster({ width: 900, height: 1200, background: `#f6${shade}c3`, layers: LAYERS });
}

async function upload(page: Page, name: string) {
  await page
    .getByLabel('Choose an image to upload')
    .setInputFiles({ name, mimeType: 'image/png', buffer: await poster(name) });
  await expect(page.getByRole('button', { name: `Convert ${name}` })).toHaveAttribute('aria-pressed', 'true', {
    timeout: 15_000,
  });
}

/** Uploads a poster and converts it now; answers the result card. */
async function uploadAndConvert(page: Page, name: string): Promise<Locator> {
  const convert = page.getByRole('button', { name: 'Convert', exact: true });
  await expect(convert).toBeDisabled();
  await upload(page, name);
  await convert.click();
  const result = page.getByTestId('convert-result');
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(convert).toBeEnabled();
  return result;
}

test.describe('converting now', () => {
  // A slug that is taken is refused by templates.create with 409 on purpose.
  test.use({
    expectedConsoleErrors: { patterns: [FAVICON, /status of 409 \(Conflict\) .*\/api\/trpc\/templates\.create/] },
  });

  test('a poster is converted, its texts drawn over it, the draft shaped by hand and created as a template', async ({
    page,
    request,
  }) => {
    const tenant = await openImageTemplate(page, request);
    const variables = page.getByRole('group', { name: 'Texts that may become variables' }).getByRole('checkbox');
    await expect(variables).toHaveCount(15);
    for (const box of await variables.all()) await expect(box).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Title 标题' })).toBeChecked();

    const result = await uploadAndConvert(page, '春日海报.png');
    await expect(page.getByTestId('convert-balance')).toHaveText(numbers.format(tenant.credits - 4));
    await expect(result.getByTestId('convert-name')).not.toBeEmpty();
    await expect(result.getByTestId('convert-ratio')).toHaveText('3:4');
    await expect(result.getByTestId('convert-template-error')).toHaveCount(0);

    // One box over the image per text in the list, each inside the image.
    const rows = result.getByTestId('layer-row');
    const boxes = result.getByTestId('layer-box');
    const count = LAYERS.length;
    await expect(rows).toHaveCount(count);
    await expect(boxes).toHaveCount(count);
    await expect(rows.getByTestId('layer-content')).toHaveText(LAYERS.map((l) => l.text));
    const image = await result.getByRole('img', { name: /^The image converted: / }).boundingBox();
    expect(image).not.toBeNull();
    // Each box sits inside the image, centred where its text was drawn.
    for (const [i, box] of (await boxes.all()).entries()) {
      const b = await box.boundingBox();
      const drawn = LAYERS[i];
      if (!b || !image || !drawn) throw new Error('no box');
      expect(b.x).toBeGreaterThanOrEqual(image.x - 1);
      expect(b.y).toBeGreaterThanOrEqual(image.y - 1);
      expect(b.x + b.width).toBeLessThanOrEqual(image.x + image.width + 1);
      expect(b.y + b.height).toBeLessThanOrEqual(image.y + image.height + 1);
      expect(Math.abs(b.x + b.width / 2 - (image.x + drawn.x * image.width))).toBeLessThan(3);
      expect(Math.abs(b.y + b.height / 2 - (image.y + drawn.y * image.height))).toBeLessThan(3);
    }

    // Pointing at a box marks its row, and the other way round. Boxes may overlap: use one whose centre is its own.
    const free = await boxes.evaluateAll((els) =>
      els.findIndex((el) => {
        el.scrollIntoView({ block: 'center' });
        const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
      }),
    );
    expect(free).toBeGreaterThanOrEqual(0);
    await boxes.nth(free).hover();
    await expect(rows.nth(free)).toHaveAttribute('data-active', 'true');
    await rows.nth(count - 1).hover();
    await expect(boxes.nth(count - 1)).toHaveAttribute('data-active', 'true');
    if (free !== count - 1) await expect(rows.nth(free)).not.toHaveAttribute('data-active', 'true');
    // A clicked box stays marked once the pointer leaves.
    await boxes.nth(free).click();
    await expect(boxes.nth(free)).toHaveAttribute('aria-pressed', 'true');
    await page.mouse.move(1, 1);
    await expect(rows.nth(free)).toHaveAttribute('data-active', 'true');

    // The first text is the title: a variable until it is turned off, then written as it is.
    const title = LAYERS[0]?.text ?? '';
    await expect(rows.first().getByTestId('layer-role')).toHaveText('title · 标题');
    const prompt = result.getByTestId('draft-prompt');
    await expect(prompt).toContainText(': "{title}"');
    const variable = result.getByRole('checkbox', { name: 'Text 1 is a variable' });
    await expect(variable).toBeChecked();
    await variable.uncheck();
    await expect(prompt).not.toContainText('{title}');
    await expect(prompt).toContainText(`: "${title}"`);
    await expect(result.getByTestId('draft-field')).toHaveCount(count - 1);
    await variable.check();
    await expect(prompt).toContainText(': "{title}"');
    await expect(result.getByTestId('draft-field')).toHaveCount(count);

    // A label typed for the title shows in the fields at once.
    const label = result.getByRole('textbox', { name: 'Field label of text 1' });
    await expect(label).toHaveValue('标题');
    await label.fill('活动主题');
    await expect(result.getByTestId('draft-field').first()).toContainText('{title}');
    await expect(result.getByTestId('draft-field').first()).toContainText('活动主题');
    await expect(result.getByTestId('draft-field').first()).toContainText(title);
    await expectNoSidewaysScroll(page);
    await snapshot(page, 'test-results/image-template-desktop.png');

    const draftPrompt = (await prompt.textContent()) ?? '';
    await expect(result.getByLabel('Template name')).toHaveValue(
      (await result.getByTestId('convert-name').textContent()) ?? '',
    );
    await result.getByLabel('Template name').fill('春日海报模板');
    // A slug another template has is refused in the API's words; without one, Studio makes one.
    await result.getByLabel('Slug').fill('platform-xhs-cover-bigtext');
    await result.getByRole('button', { name: 'Create template' }).click();
    await expect(result.getByRole('alert').filter({ hasText: 'is already taken' })).toBeVisible();
    await result.getByLabel('Slug').fill('');
    await result.getByRole('button', { name: 'Create template' }).click();
    const created = result.getByTestId('template-created');
    await expect(created).toContainText('Template “春日海报模板” was created.');
    // Creating costs nothing more.
    await expect(page.getByTestId('convert-balance')).toHaveText(numbers.format(tenant.credits - 4));
    await created.getByRole('link', { name: 'Open in the template editor' }).click();
    await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}$/);
    await expect(page.getByLabel('Prompt template')).toHaveValue(draftPrompt);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('春日海报模板');
  });
});

test('a background conversion shows its four steps reaching ok, then the template and the job', async ({
  page,
  request,
}) => {
  const tenant = await openImageTemplate(page, request);
  await upload(page, '后台海报.png');
  await page.getByRole('button', { name: 'Convert in the background' }).click();
  await expect(page).toHaveURL(/\/image-template\?job=[0-9a-f-]{36}$/);
  const run = page.getByTestId('background-run');
  await expect(run).toBeVisible();
  const steps = run.getByTestId('conversion-step');
  await expect(steps).toHaveCount(4);
  await expect(steps.nth(0)).toContainText('Receive the image');
  await expect(steps.nth(3)).toContainText('Create the template');
  for (let i = 0; i < 4; i += 1) await expect(steps.nth(i)).toHaveAttribute('data-status', 'ok', { timeout: 30_000 });
  await expect(run.getByTestId('background-status')).toHaveText('Finished.');
  await expect(run.getByTestId('template-created')).toBeVisible();
  await expect(page.getByTestId('convert-balance')).toHaveText(numbers.format(tenant.credits - 4));
  await snapshot(page, 'test-results/image-template-background.png');

  // The job reads as an image-to-template job, its steps in order.
  await run.getByRole('link', { name: 'See the job' }).click();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Image to template job', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Image to template' })).toBeVisible();
  const job = page.getByTestId('conversion-job');
  await expect(job.getByTestId('conversion-step')).toHaveCount(4);
  for (let i = 0; i < 4; i += 1)
    await expect(job.getByTestId('conversion-step').nth(i)).toHaveAttribute('data-status', 'ok');
  await expect(job.getByRole('link', { name: 'Open the conversion' })).toHaveAttribute(
    'href',
    /\/image-template\?job=/,
  );
  await snapshot(page, 'test-results/image-template-job.png');
  const jobUrl = page.url();
  await job.getByRole('link', { name: 'Open in the template editor' }).click();
  await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel('Prompt template')).toHaveValue(/\{title\}/);

  // In the jobs list it is named by what it is.
  await page.goto('/jobs');
  const row = page.getByTestId('jobs-table').locator(`[data-job-id="${jobUrl.split('/').pop() ?? ''}"]`);
  await expect(row.getByRole('link', { name: 'Image to template' })).toBeVisible();
  await expect(row).toContainText('image to template · 3:4');
});

test('on a phone: an image dropped on the picker is converted and the result fits the screen', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openImageTemplate(page, request);
  await expectNoSidewaysScroll(page);
  // A file dropped on the picker is uploaded and picked.
  const name = '拖放海报.png';
  const bytes = (await poster(name)).toString('base64');
  const dropped = await page.evaluateHandle(
    ({ b64, file }) => {
      const data = new DataTransfer();
      data.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], file, { type: 'image/png' }));
      return data;
    },
    { b64: bytes, file: name },
  );
  await page.getByRole('group', { name: 'Image to convert' }).dispatchEvent('drop', { dataTransfer: dropped });
  await expect(page.getByRole('button', { name: `Convert ${name}` })).toHaveAttribute('aria-pressed', 'true', {
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'Convert', exact: true }).click();
  const result = page.getByTestId('convert-result');
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(result.getByTestId('layer-box')).toHaveCount(await result.getByTestId('layer-row').count());
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/image-template-phone.png');
});

test('in Chinese: the page, its buttons and the result speak Chinese, variable names in Chinese first', async ({
  page,
  request,
}) => {
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await expect(page).toHaveURL(/\/overview$/);
  await chooseLanguage(page.context(), 'zh-CN');
  await page.goto('/image-template');
  await expect(page).toHaveTitle('图片转模板 · Studio');
  await expect(page.getByRole('heading', { level: 1, name: '图片转模板' })).toBeVisible();
  await expect(page.getByTestId('convert-price')).toHaveText('每次转换 4 积分');
  await expect(
    page.getByRole('group', { name: '可以成为变量的文字' }).getByRole('checkbox', { name: '标题 Title', exact: true }),
  ).toBeChecked();
  const convert = page.getByRole('button', { name: '立即转换' });
  await expect(convert).toBeDisabled();
  await expect(page.getByRole('button', { name: '后台转换' })).toBeDisabled();
  const name = '中文海报.png';
  await page.getByLabel('选择要上传的图片').setInputFiles({ name, mimeType: 'image/png', buffer: await poster(name) });
  await expect(page.getByRole('button', { name: `转换 ${name}` })).toHaveAttribute('aria-pressed', 'true', {
    timeout: 15_000,
  });
  await convert.click();
  const result = page.getByTestId('convert-result');
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(result.getByText('宽高比', { exact: true })).toBeVisible();
  await expect(result.getByRole('heading', { name: '图中的文字' })).toBeVisible();
  await expect(result.getByTestId('layer-role').first()).toHaveText('title · 标题');
  await expect(result.getByRole('button', { name: '创建模板' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snapshot(page, 'test-results/image-template-zh.png');
});

test.describe('refused conversions', () => {
  test.use({ expectedConsoleErrors: { patterns: [FAVICON, /status of 402 .*\/api\/image-to-template$/] } });

  test('without enough credits the API’s refusal shows under the form and nothing is charged', async ({
    page,
    request,
  }) => {
    await openImageTemplate(page, request, 3);
    await upload(page, '没钱海报.png');
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    const error = page.getByTestId('convert-error');
    await expect(error).toBeVisible({ timeout: 20_000 });
    await expect(error).toContainText('A conversion costs 4 credits and the balance is 3.');
    await expect(page.getByTestId('convert-result')).toHaveCount(0);
    await expect(page.getByTestId('convert-balance')).toHaveText('3');
  });
});
