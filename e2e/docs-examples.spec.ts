import { execFileSync } from 'node:child_process';
import { E2E_BASE_URL } from './env';
import { chooseLanguage, createTenant, expect, expectNoSidewaysScroll, signIn, test, viewShot } from './helpers';

const API = `${E2E_BASE_URL}/api`;

test('signed out, the reference shows curl, JavaScript and Python with this Studio’s address, and no try it', async ({
  page,
}) => {
  await page.goto('/docs/credits');
  const balance = page.locator('article#balance-get');
  await expect(balance.getByRole('tab', { name: 'curl' })).toHaveAttribute('aria-selected', 'true');
  const code = balance.getByRole('tabpanel');
  await expect(code).toContainText(`curl '${API}/balance'`);
  await expect(code).toContainText('-H "Authorization: Bearer $STUDIO_API_KEY"');
  await balance.getByRole('tab', { name: 'JavaScript' }).click();
  await expect(code).toContainText(`await fetch("${API}/balance"`);
  await balance.getByRole('tab', { name: 'Python' }).click();
  await expect(code).toContainText(`requests.get(\n    "${API}/balance",`);
  await expect(balance.getByRole('button', { name: 'Copy the Python example' })).toBeVisible();
  // The error statuses are named on the page; opening them says what each means for this operation.
  const statuses = balance.getByText(/^Statuses .*401.*: show when each is answered$/);
  await statuses.click();
  await expect(balance.getByRole('row', { name: /^401/ })).toContainText('No key, or a key Studio does not know');

  // Chat also offers the official openai SDK; generation carries its example body.
  await page.goto('/docs/chat');
  const chat = page.locator('article#chat-completions');
  await expect(chat.getByRole('tab', { name: 'Python · openai' })).toBeVisible();
  await page.goto('/docs/images');
  const generate = page.locator('article#jobs-generate');
  await expect(generate.getByRole('tabpanel')).toContainText('一只橘猫坐在窗台上，水彩风格');

  await expect(page.getByRole('form', { name: 'Try it' })).toHaveCount(0);
  await expect(page.getByText('Sign in to the console to send these requests')).toBeVisible();
});

test('signed in, try it on GET /api/balance answers 200 with the balance and a request id; charging operations warn first', async ({
  page,
  request,
}) => {
  test.slow();
  const tenant = await createTenant(request, { credits: 777 });
  await signIn(page, tenant.email, tenant.password);
  // Signed in once the console has opened (the session cookie is set by then).
  await page.waitForURL(/\/overview/);
  await page.goto('/docs/credits');

  const balance = page.locator('article#balance-get');
  const form = balance.getByRole('form', { name: 'Try it' });
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form.getByTestId('try-it-status')).toHaveText('200', { timeout: 20_000 });
  await expect(form.getByTestId('try-it-request-id')).not.toHaveText('—');
  await expect(form.getByTestId('try-it-answer')).toContainText('"credits": 777');

  // Generation costs credits: the form says so and sends only once the visitor agrees.
  await page.goto('/docs/images');
  const generate = page.locator('article#jobs-generate').getByRole('form', { name: 'Try it' });
  await expect(generate).toContainText("spends your organisation's credits");
  await expect(generate.getByRole('button', { name: 'Send request' })).toBeDisabled();
  await generate.getByRole('checkbox').check();
  await expect(generate.getByRole('button', { name: 'Send request' })).toBeEnabled();
});

test('the Playground shows its request as a curl call that, run as it is, starts a job', async ({ page, request }) => {
  test.slow();
  const tenant = await createTenant(request);
  await signIn(page, tenant.email, tenant.password);
  await page.waitForURL(/\/overview/);
  await page.goto('/playground');
  const prompt = `一只橘猫在"老王's 小馆"门口晒太阳`;
  await page.getByLabel('Prompt').fill(prompt);
  await page.getByRole('radio', { name: '3:4' }).check();
  await page.getByRole('button', { name: 'Show as API call' }).click();

  const panel = page.getByTestId('api-call');
  await panel.getByRole('tab', { name: 'curl' }).click();
  const code = panel.getByRole('tabpanel').locator('pre');
  await expect(code).toContainText(`-X POST '${API}/generate'`);
  await expect(code).toContainText('"ratio": "3:4"');
  const curl = (await code.textContent()) ?? '';
  expect(curl).toContain('"prompt": "一只橘猫在\\"老王\'\\\'\'s 小馆\\"门口晒太阳"');

  // The same command, run by a shell with the key in the environment, is accepted as a generation.
  const out = execFileSync('bash', ['-c', `${curl} --silent --show-error`], {
    encoding: 'utf8',
    env: { ...process.env, STUDIO_API_KEY: tenant.apiKey },
    timeout: 30_000,
  });
  const answer = JSON.parse(out) as { ok: boolean; jobId?: string; status?: string };
  expect(answer).toMatchObject({ ok: true, status: 'pending' });
  expect(answer.jobId).toMatch(/^[0-9a-f-]{36}$/);

  // An emptied prompt shows why there is no call yet, in the form's own words.
  await page.getByLabel('Prompt').fill('');
  await expect(page.getByTestId('api-call-incomplete')).toBeVisible();
});

test('the reference with its examples, in Chinese and at phone width (old one-page links hop to the group page)', async ({
  page,
  context,
}) => {
  await chooseLanguage(context, 'zh-CN');
  await page.goto('/docs#jobs-generate');
  const generate = page.locator('article#jobs-generate');
  await expect(generate.getByRole('tab', { name: 'curl' })).toBeVisible();
  await expect(generate.getByText('示例', { exact: true })).toBeVisible();
  await generate.getByText(/^状态码 .*：展开查看各自何时出现$/).click();
  await expect(generate.getByRole('columnheader', { name: '状态码' })).toBeVisible();
  await generate.scrollIntoViewIfNeeded();
  await viewShot(page, 'test-results/apidocs-zh.png');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/docs#balance-get');
  await expect(page.locator('article#balance-get').getByRole('tab', { name: 'Python' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.locator('article#balance-get').scrollIntoViewIfNeeded();
  await viewShot(page, 'test-results/apidocs-phone.png');
});
