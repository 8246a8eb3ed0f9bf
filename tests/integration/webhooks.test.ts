import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaller } from '@/server/api/root';
import type { Context } from '@/server/api/trpc';
import { buildConfig, parseEnv, type Config } from '@/server/config';
import { callbackDeliveries, jobs } from '@/server/db/schema';
import type { Identity } from '@/server/domain/auth/identity';
import { deliverCallback } from '@/server/domain/callbacks/deliver';
import { claim, completeTask, QUEUES } from '@/server/queue/queue';
import { LocalFileStore } from '@/server/storage/store';
import { simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { suiteDatabase } from '../helpers/suite-db';
import { testSecret } from '../helpers/test-db';

/** The Webhooks page's procedures (`callbacks.deliveries`, `test`, `redeliver`) on a real database and a local receiver. */
const t = suiteDatabase();
const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-webhooks-'));
const env = { STUDIO_DATA_DIR: dir, STUDIO_SECRET: 'x'.repeat(40), STUDIO_CALLBACK_BACKOFF_MS: '60000' };
const config: Config = {
  ...buildConfig(parseEnv({ ...env, STUDIO_ALLOW_PRIVATE_CALLBACKS: '1' })),
  secret: testSecret,
};
const strictConfig: Config = { ...buildConfig(parseEnv(env)), secret: testSecret };
const files = new LocalFileStore(path.join(dir, 'files'), 'http://studio.test');

const as = (identity: Identity, cfg = config) =>
  createCaller({ db: t.db, config: cfg, files, identity, authFailure: null, headers: new Headers() } satisfies Context);
const tenant = (tenantId: string, cfg = config) => as({ kind: 'tenant', tenantId, via: 'session', userId: 'u' }, cfg);

async function refusal(call: Promise<unknown>): Promise<TRPCError> {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof TRPCError)) throw new Error(`expected a refusal, got ${String(err)}`);
  return err;
}

async function newTenant(name: string) {
  const { tenant: row } = await as({ kind: 'admin' }).admin.tenantCreate({ name, credits: 500 });
  return row.id;
}

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
  answered: number;
}
const received: Received[] = [];
/** What the receiver answers next, first in first out; 200 once the list is empty. */
const answers: number[] = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    const answered = answers.shift() ?? 200;
    received.push({ headers: req.headers, body, answered });
    res.writeHead(answered).end();
  });
});
let hook = '';

beforeAll(async () => {
  await syncUpstreams(t.db, testSecret, simulatorUpstreams('http://127.0.0.1:9'), 'simulator');
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

/** A job of `tenantId` with a callback to the receiver, ended failed as the worker ends one (without running it). */
async function finishedJob(tenantId: string, callbackUrl: string | null = hook) {
  const { jobId } = await tenant(tenantId).jobs.generate({
    prompt: '回调测试',
    quality: 'low',
    ...(callbackUrl ? { callback_url: callbackUrl } : {}),
  });
  await t.db
    .update(jobs)
    .set({ status: 'failed', error: 'no upstream answered', finishedAt: new Date() })
    .where(eq(jobs.id, jobId));
  return jobId;
}

/** Runs the due callback tasks as the worker does, once each. */
async function runCallbacks(): Promise<number> {
  const claimed = await claim(t.db, [QUEUES.callback], 20, 60_000, 'test-worker');
  for (const task of claimed) {
    await deliverCallback({ db: t.db, config }, task).catch(() => undefined);
    // A failed attempt would be rescheduled by the worker; here each is run once.
    await completeTask(t.db, task.id);
  }
  return claimed.length;
}

describe('webhook deliveries', () => {
  it('redelivers a failed callback as the next attempt, with the same webhook-id, and lists both', async () => {
    const tenantId = await newTenant('回调重投租户');
    const owner = tenant(tenantId);
    const jobId = await finishedJob(tenantId);
    // The job's own callback task (queued at submission in real runs) is run here directly: it fails.
    answers.push(503);
    await deliverCallback({ db: t.db, config }, { id: 0, payload: { jobId }, attempt: 1, maxAttempts: 1 });
    const first = received.at(-1);
    expect(first?.answered).toBe(503);

    const before = await owner.callbacks.deliveries({ job_id: jobId });
    expect(before.deliveries).toEqual([
      expect.objectContaining({
        job_id: jobId,
        job_kind: 'image',
        test: false,
        attempt: 1,
        state: 'failed',
        status_code: 503,
        error: 'the receiver answered HTTP 503',
        url: hook,
        redeliverable: true,
        event_id: `msg_${jobId}_failed`,
      }),
    ]);

    const redelivery = await owner.callbacks.redeliver({ job_id: jobId });
    expect(redelivery).toMatchObject({ job_id: jobId, attempt: 2, action: 'queued', event_id: `msg_${jobId}_failed` });
    // A second click before it runs queues nothing more: the waiting delivery is the one that runs.
    expect(await owner.callbacks.redeliver({ job_id: jobId })).toMatchObject({ attempt: 2, action: 'moved' });
    expect(await runCallbacks()).toBe(1);

    const second = received.at(-1);
    expect(second?.answered).toBe(200);
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(second?.body).toBe(first?.body);
    const { secret } = await owner.callbacks.secret({});
    expect(
      new Webhook(secret).verify(String(second?.body), {
        'webhook-id': String(second?.headers['webhook-id']),
        'webhook-timestamp': String(second?.headers['webhook-timestamp']),
        'webhook-signature': String(second?.headers['webhook-signature']),
      }),
    ).toMatchObject({ job_id: jobId, status: 'failed' });

    const after = await owner.callbacks.deliveries({ job_id: jobId });
    expect(after.deliveries.map((d) => [d.attempt, d.state, d.status_code])).toEqual([
      [2, 'delivered', 200],
      [1, 'failed', 503],
    ]);
  });

  it('refuses what cannot be redelivered, and another tenant or a member', async () => {
    const tenantId = await newTenant('回调拒绝租户');
    const owner = tenant(tenantId);
    const noCallback = await finishedJob(tenantId, null);
    const refusedNoUrl = await refusal(owner.callbacks.redeliver({ job_id: noCallback }));
    expect(refusedNoUrl.code).toBe('CONFLICT');
    expect(refusedNoUrl.message).toMatch(/without a callback_url/);

    const { jobId: pending } = await owner.jobs.generate({ prompt: '还在跑', quality: 'low', callback_url: hook });
    const refusedPending = await refusal(owner.callbacks.redeliver({ job_id: pending }));
    expect(refusedPending.code).toBe('CONFLICT');
    expect(refusedPending.message).toMatch(/has not finished/);

    const jobId = await finishedJob(tenantId);
    const stranger = tenant(await newTenant('别家回调租户'));
    expect((await refusal(stranger.callbacks.redeliver({ job_id: jobId }))).code).toBe('NOT_FOUND');
    expect((await stranger.callbacks.deliveries({ job_id: jobId })).deliveries).toEqual([]);
    const { account } = await owner.members.create({ email: 'm@webhooks.cn', nickname: '成员', shared: true });
    const member = as({ kind: 'member', tenantId, accountId: account.account_id });
    expect((await refusal(member.callbacks.deliveries({}))).code).toBe('FORBIDDEN');
    expect((await refusal(member.callbacks.redeliver({ job_id: jobId }))).code).toBe('FORBIDDEN');
    expect((await refusal(member.callbacks.test({ url: hook }))).code).toBe('FORBIDDEN');
    // Nothing was queued by any refusal.
    expect(await runCallbacks()).toBe(0);
  });

  it('sends a signed test event, answers what the receiver did and keeps it in the history', async () => {
    const tenantId = await newTenant('回调测试租户');
    const owner = tenant(tenantId);
    // No job has had a callback_url yet: the URL must be given.
    const none = await refusal(owner.callbacks.test({}));
    expect(none.code).toBe('BAD_REQUEST');
    expect(none.message).toMatch(/^url: /);

    const answer = await owner.callbacks.test({ url: hook });
    expect(answer).toMatchObject({ ok: true, type: 'webhook.test', url: hook, state: 'delivered', status_code: 200 });
    const got = received.at(-1);
    const { secret } = await owner.callbacks.secret({});
    const verified = new Webhook(secret).verify(String(got?.body), {
      'webhook-id': String(got?.headers['webhook-id']),
      'webhook-timestamp': String(got?.headers['webhook-timestamp']),
      'webhook-signature': String(got?.headers['webhook-signature']),
    });
    expect(verified).toMatchObject({ type: 'webhook.test', event_id: answer.event_id });

    // Without a URL it goes to the latest job's callback_url; a 500 there is reported, not retried.
    const other = hook.replace('/hook', '/latest');
    await owner.jobs.generate({ prompt: '最近的回调', quality: 'low', callback_url: other });
    answers.push(500);
    const failed = await owner.callbacks.test({});
    expect(failed).toMatchObject({
      url: other,
      state: 'failed',
      status_code: 500,
      error: 'the receiver answered HTTP 500',
    });

    const { deliveries } = await owner.callbacks.deliveries({});
    expect(deliveries.map((d) => [d.test, d.job_id, d.state, d.url])).toEqual([
      [true, null, 'failed', other],
      [true, null, 'delivered', hook],
    ]);
    expect(deliveries[0]?.redeliverable).toBe(false);

    // Where private receivers are not allowed, a loopback address is refused as at job submission.
    const strict = await refusal(tenant(tenantId, strictConfig).callbacks.test({ url: hook }));
    expect(strict.code).toBe('BAD_REQUEST');
    expect(strict.message).toMatch(/private or loopback/);
  });

  it('filters by state and Asia/Shanghai day, pages newest first, and finds rows written before tenants were recorded', async () => {
    const tenantId = await newTenant('回调筛选租户');
    const owner = tenant(tenantId);
    const jobId = await finishedJob(tenantId);
    const otherJob = await finishedJob(tenantId);
    const row = (job: string, attempt: number, ok: 'delivered' | 'failed', at: Date, withTenant = true) => ({
      ...(withTenant ? { tenantId } : {}),
      jobId: job,
      attempt,
      url: hook,
      statusCode: ok === 'delivered' ? 200 : 502,
      ok,
      error: ok === 'delivered' ? null : 'the receiver answered HTTP 502',
      durationMs: 5,
      at,
    });
    // 2026-03-01 16:30 UTC is 2026-03-02 00:30 in Shanghai.
    await t.db
      .insert(callbackDeliveries)
      .values([
        row(jobId, 1, 'failed', new Date('2026-03-01T15:30:00Z'), false),
        row(jobId, 2, 'failed', new Date('2026-03-01T16:30:00Z')),
        row(jobId, 3, 'delivered', new Date('2026-03-02T10:00:00Z')),
        row(otherJob, 1, 'failed', new Date('2026-03-03T10:00:00Z')),
      ]);

    const all = await owner.callbacks.deliveries({});
    expect(all.deliveries.map((d) => [d.job_id, d.attempt])).toEqual([
      [otherJob, 1],
      [jobId, 3],
      [jobId, 2],
      // Written without a tenant (before the column existed): found through its job.
      [jobId, 1],
    ]);
    const failed = await owner.callbacks.deliveries({ state: 'failed' });
    expect(failed.deliveries.map((d) => d.attempt)).toEqual([1, 2, 1]);
    const day = await owner.callbacks.deliveries({ from: '2026-03-02', to: '2026-03-02' });
    expect(day.deliveries.map((d) => [d.job_id, d.attempt])).toEqual([
      [jobId, 3],
      [jobId, 2],
    ]);
    expect((await owner.callbacks.deliveries({ to: '2026-03-01' })).deliveries.map((d) => d.attempt)).toEqual([1]);

    const page1 = await owner.callbacks.deliveries({ limit: 3 });
    expect(page1.deliveries).toHaveLength(3);
    expect(page1.next_cursor).not.toBeNull();
    const page2 = await owner.callbacks.deliveries({ limit: 3, cursor: page1.next_cursor ?? '' });
    expect(page2.deliveries.map((d) => [d.job_id, d.attempt])).toEqual([[jobId, 1]]);
    expect(page2.next_cursor).toBeNull();

    const backwards = await refusal(owner.callbacks.deliveries({ from: '2026-03-02', to: '2026-03-01' }));
    expect(backwards.code).toBe('BAD_REQUEST');
    expect(backwards.message).toMatch(/to: must not be before from/);
    expect((await refusal(owner.callbacks.deliveries({ cursor: 'not-a-cursor' }))).message).toMatch(/cursor/);
    expect((await refusal(owner.callbacks.deliveries({ from: '2026-02-30' }))).message).toMatch(/real calendar date/);
  });
});
