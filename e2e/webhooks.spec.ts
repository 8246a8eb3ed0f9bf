import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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

/**
 * The Webhooks page: a job's callback fails at its receiver, the receiver is fixed, and the admin
 * redelivers it from the history. The test server allows private receivers (playwright.config.ts),
 * so the receiver runs here; its first answers are 503 until `healthy` is set.
 */
let healthy = false;
let receiver: Server;
let hookBase = '';
const ids = new Map<string, Set<string>>();

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const seen = ids.get(req.url ?? '') ?? new Set<string>();
      seen.add(String(req.headers['webhook-id']));
      ids.set(req.url ?? '', seen);
      res.writeHead(healthy ? 200 : 503).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  hookBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

/** A job whose callback goes to the receiver at `path`; answers its id once its first delivery has failed. */
async function failedCallback(request: APIRequestContext, tenant: TestTenant, path: string): Promise<string> {
  const res = await request.post('/api/generate', {
    headers: { 'X-API-Key': tenant.apiKey },
    data: { prompt: '回调重投 webhook redelivery', quality: 'low', callback_url: `${hookBase}${path}` },
  });
  const body = (await res.json()) as { jobId: string; error?: string };
  expect(res.status(), body.error).toBe(200);
  await expect
    .poll(
      async () => {
        const list = await request.get(`/api/webhook-deliveries?job_id=${body.jobId}`, {
          headers: { 'X-API-Key': tenant.apiKey },
        });
        const answer = (await list.json()) as { deliveries: { state: string }[] };
        return answer.deliveries[0]?.state;
      },
      { timeout: 60_000 },
    )
    .toBe('failed');
  return body.jobId;
}

// The two runs share the receiver's switch, so they run one after the other.
test.describe.configure({ mode: 'serial' });

for (const run of [
  {
    locale: 'zh-CN' as const,
    width: 390,
    height: 844,
    redeliver: '重新投递',
    delivered: '已送达',
    path: '/zh',
    answered: '接收方返回 HTTP 503',
    historyLink: '在回调页查看全部投递记录',
  },
  {
    locale: 'en' as const,
    width: 1280,
    height: 900,
    redeliver: 'Redeliver',
    delivered: 'delivered',
    path: '/en',
    answered: 'The receiver answered HTTP 503',
    historyLink: 'See all deliveries on the Webhooks page',
  },
]) {
  test(`an admin redelivers a failed callback (${run.locale}, ${run.width} px)`, async ({ page, request, context }) => {
    test.setTimeout(120_000);
    healthy = false;
    const tenant = await createTenant(request, { name: `回调 E2E ${run.locale}` });
    const jobId = await failedCallback(request, tenant, run.path);

    await page.setViewportSize({ width: run.width, height: run.height });
    await signIn(page, tenant.email, tenant.password);
    await expect(page).not.toHaveURL(/\/login/);
    await chooseLanguage(context, run.locale);
    // The job's page links to the history filtered to this job.
    await page.goto(`/jobs/${jobId}`);
    await page.getByRole('link', { name: run.historyLink }).click();
    await expect(page).toHaveURL(new RegExp(`/webhooks\\?job_id=${jobId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(run.locale === 'en' ? 'Webhooks' : '回调');
    await expect(
      page.getByTestId('delivery-filters').getByLabel(run.locale === 'en' ? 'Job ID' : '任务 ID', { exact: true }),
    ).toHaveValue(jobId);
    await expect(page.getByTestId(run.width < 768 ? 'delivery-card' : 'delivery-row').first()).toHaveAttribute(
      'data-job',
      jobId,
    );

    // The secret is masked until shown.
    const secret = page.getByTestId('webhook-secret-value');
    await expect(secret).toContainText('whsec_');
    await expect(secret).toContainText('•');

    // The failed attempt: as a card on a phone, as a table row on a desktop. A retry may have failed
    // too by now; Redeliver sits on the job's newest attempt.
    const items = page.getByTestId(run.width < 768 ? 'delivery-card' : 'delivery-row').filter({
      has: page.locator(`a[href="/jobs/${jobId}"]`),
    });
    const offering = items.filter({ has: page.getByRole('button', { name: run.redeliver }) });
    await expect(offering).toHaveCount(1);
    await expect(offering.locator('[data-state]')).toHaveAttribute('data-state', 'failed');
    await expect(offering).toContainText('503');
    // The reason reads in the console's language; the receiver's raw answer stays below it.
    await expect(offering.getByTestId('delivery-error').first()).toContainText(run.answered);
    const attempt = Number(await offering.getAttribute('data-attempt'));
    const failed = items.and(page.locator(`[data-attempt="${attempt}"]`));
    await expectNoSidewaysScroll(page);

    healthy = true;
    await offering.getByRole('button', { name: run.redeliver }).click();
    await expect(failed.getByTestId('redelivery-outcome')).toContainText(run.delivered, { timeout: 20_000 });
    // The new attempt is listed first, delivered with HTTP 200, numbered after the failures (a retry
    // that was due may have failed in between).
    const newest = items.first();
    await expect.poll(async () => Number(await newest.getAttribute('data-attempt'))).toBeGreaterThan(attempt);
    await expect(newest.locator('[data-state]')).toHaveAttribute('data-state', 'delivered');
    await expect(newest).toContainText('200');
    // The receiver saw one event id for every attempt, so it can de-duplicate.
    expect(ids.get(run.path)?.size).toBe(1);
    await expectNoSidewaysScroll(page);
    await snapshot(page, `test-results/webhooks-${run.locale}-${run.width}.png`);
  });
}
