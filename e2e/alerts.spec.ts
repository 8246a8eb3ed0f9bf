import { createServer, type Server } from 'node:http';
import { chooseLanguage, createTenant, expect, expectNoSidewaysScroll, signIn, test } from './helpers';

/**
 * The Alerts page: a tenant admin sets a balance threshold and a webhook address, a job spends past
 * the threshold, and the alert is listed once, delivered by mail and webhook. The test server allows
 * private receivers (playwright.config.ts), so the receiver runs here.
 */
const RECEIVER_PORT = 5212;
let receiver: Server;
const received: { id: string; type: string }[] = [];

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const parsed = JSON.parse(body || '{}') as { type?: string };
      received.push({ id: String(req.headers['webhook-id']), type: parsed.type ?? '' });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(RECEIVER_PORT, '127.0.0.1', r));
});
test.afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

test.describe.configure({ mode: 'serial' });

for (const run of [
  {
    locale: 'zh-CN' as const,
    title: '提醒',
    add: '添加阈值',
    credits: '积分',
    save: '保存',
    saved: '已保存。',
    type: '余额不足',
    mails: '1 封邮件',
    webhook: 'Webhook：已送达',
  },
  {
    locale: 'en' as const,
    title: 'Alerts',
    add: 'Add a threshold',
    credits: 'Credits',
    save: 'Save',
    saved: 'Saved.',
    type: 'Balance low',
    mails: '1 e-mail',
    webhook: 'Webhook: delivered',
  },
]) {
  test(`an admin sets a balance threshold and sees the alert once (${run.locale}, 390 px)`, async ({
    page,
    request,
    context,
  }) => {
    test.setTimeout(120_000);
    const tenant = await createTenant(request, { name: `提醒 E2E ${run.locale}`, credits: 500 });
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, tenant.email, tenant.password);
    await expect(page).not.toHaveURL(/\/login/);
    await chooseLanguage(context, run.locale);
    await page.goto('/alerts');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(run.title);

    // Any spend crosses a threshold equal to the balance.
    await page.getByRole('button', { name: run.add }).click();
    await page.getByLabel(run.credits).fill('500');
    await page.getByLabel('Webhook', { exact: false }).first().fill(`http://127.0.0.1:${RECEIVER_PORT}/${run.locale}`);
    await page.getByRole('button', { name: run.save, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: run.saved })).toBeVisible();
    await expectNoSidewaysScroll(page);

    for (let i = 0; i < 2; i += 1) {
      const res = await request.post('/api/generate', {
        headers: { 'X-API-Key': tenant.apiKey },
        data: { prompt: '提醒 alert e2e', quality: 'low' },
      });
      expect(res.status()).toBe(200);
    }

    const rows = page.getByTestId('alert-row');
    await expect
      .poll(
        async () => {
          await page.reload();
          return rows.count();
        },
        { timeout: 60_000, intervals: [3_000] },
      )
      .toBe(1);
    await expect(rows.first()).toContainText(run.type);
    await expect(rows.first()).toContainText(run.mails);
    await expect
      .poll(async () => (await page.reload(), await rows.first().textContent()), { timeout: 60_000 })
      .toContain(run.webhook);
    await expectNoSidewaysScroll(page);
    // Once per crossing: the second job spent below the threshold too, and no second alert came.
    await expect(rows).toHaveCount(1);
    expect(received.filter((r) => r.type === 'balance.low' && r.id.startsWith('msg_alert_'))).toHaveLength(
      run.locale === 'zh-CN' ? 1 : 2,
    );
  });
}
