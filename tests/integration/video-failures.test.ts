import { eq } from 'drizzle-orm';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '@/sim/testing';
import type { Config } from '@/server/config';
import { ledgerEntries, upstreamAttempts, upstreams, videoTasks } from '@/server/db/schema';
import { OPERATOR, type ScopedIdentity } from '@/server/domain/auth/identity';
import { createTenant } from '@/server/domain/tenants/tenants';
import { listVideoOrphans } from '@/server/domain/videos/orphans';
import { removeVideo } from '@/server/domain/videos/remove';
import { submitVideo } from '@/server/domain/videos/submit';
import type { QueueWorker } from '@/server/queue/worker';
import { LocalFileStore } from '@/server/storage/store';
import { flushAttempts } from '@/server/upstreams/engine';
import { invalidateCandidates, simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { readAttemptStats } from '@/server/upstreams/stats';
import { startVideoWorker, videoReads, waitFor } from '../helpers/video-reads';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

/** Why video tasks fail (the provider's code kept as the job's reason), and cancel per protocol: orphans followed to their end. */

let t: TestDatabase;
let sim: RunningSim;
let config: Config;
let files: LocalFileStore;
let worker: QueueWorker;
/** An Ark endpoint whose moderation refuses every task creation. */
let refusing: Server;
let refusingCalls = 0;

const PRO20 = 'videomodel-2-0-pro-260801';
const REFUSING_TIER = 'videomodel-refusing';

beforeAll(async () => {
  t = await createTestDatabase();
  sim = await startSim();
  refusing = createServer((req, res) => {
    refusingCalls += 1;
    req.resume();
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        error: {
          code: 'InputTextSensitiveContentDetected',
          message: 'The request failed because the input text may contain sensitive information.',
          param: '',
          type: 'BadRequest',
        },
      }),
    );
  });
  await new Promise<void>((r) => refusing.listen(0, '127.0.0.1', r));
  const refusingUrl = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`;
  await syncUpstreams(
    t.db,
    testSecret,
    [
      ...simulatorUpstreams(sim.url),
      {
        name: 'refusing-ark',
        provider: 'refusing',
        adapter: 'ark-video',
        base_url: refusingUrl,
        api_key: 'k',
        soft_timeout_ms: 10_000,
        rating: 3,
        enabled: true,
        models: [
          {
            family: REFUSING_TIER,
            model: 'refusing-1',
            media: ['video'],
            cost_usd: 0.05,
            capabilities: { duration: { min: 4, max: 15 }, resolutions: ['720p'] },
          },
        ],
      },
    ],
    'simulator',
  );
  ({ config, files, worker } = await startVideoWorker(t, 'video-failures', 20));
});
afterAll(async () => {
  await worker.stop(1000);
  await sim.close();
  await new Promise((r) => refusing.close(r));
  await t.close();
});
afterEach(async () => {
  await sim.control('/__sim/reset', { method: 'POST' });
  // eslint-disable-next-line drizzle/enforce-update-with-where
  await t.db.update(upstreams).set({ enabled: true });
  invalidateCandidates(t.db);
  config.video = { ...config.video, deadlinesS: { default: 1200 } };
});

async function newTenant(): Promise<ScopedIdentity & { kind: 'tenant' }> {
  const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
    name: '失败租户',
    credits: 1000,
    quota_monthly: 0,
  });
  return { kind: 'tenant', tenantId: tenant.id, via: 'key' };
}
const deps = () => ({ db: t.db, config, files });
const submit = (who: ScopedIdentity, body: Record<string, unknown>) =>
  submitVideo(deps(), who, { prompt: 'a lighthouse at dusk', ...body }, { idempotencyKey: null });

const { taskOf, finished } = videoReads(() => t.db);
const ledgerOf = async (tenantId: string) =>
  (
    await t.db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.tenantId, tenantId))
      .orderBy(ledgerEntries.id)
  ).map((l) => [l.kind, l.amount]);
async function attemptsOf(jobId: string) {
  await flushAttempts(t.db);
  return t.db
    .select({
      channel: upstreams.name,
      ok: upstreamAttempts.ok,
      errorClass: upstreamAttempts.errorClass,
      errorCode: upstreamAttempts.errorCode,
      detail: upstreamAttempts.detail,
    })
    .from(upstreamAttempts)
    .innerJoin(upstreams, eq(upstreams.id, upstreamAttempts.upstreamId))
    .where(eq(upstreamAttempts.ref, jobId))
    .orderBy(upstreamAttempts.id);
}
async function armTaskFailure(code: string) {
  const res = await sim.control('/__sim/faults', { json: { channel: '*', fault: 'task_failed', code } });
  expect(res.status).toBe(200);
}
async function simCreated(): Promise<number> {
  const { stats } = (await (await sim.control('/__sim/video-tasks?limit=1')).json()) as {
    stats: Record<string, { created: number }>;
  };
  return Object.values(stats).reduce((n, s) => n + s.created, 0);
}
const vtOf = async (id: string) => (await t.db.select().from(videoTasks).where(eq(videoTasks.id, id)))[0];

describe('a failed upstream task keeps its cause', () => {
  it('a refused output ends the job at once as content_refused: refunded, no other upstream tried, no health penalty', async () => {
    const who = await newTenant();
    await armTaskFailure('OutputVideoSensitiveContentDetected');
    const sub = await submit(who, { model: PRO20, duration: 5 });
    const task = await finished(who, sub.id);
    expect(task).toMatchObject({ job_status: 'failed', state: 'failed', reason: 'content_refused' });
    expect(task.error).toMatch(
      /^The provider refused the content: its moderation blocked the generated video\..*refunded/,
    );
    expect(task.error).not.toMatch(/sim|Ark|volc/i);
    expect(await ledgerOf(who.tenantId)).toEqual([
      ['adjust', 1000],
      ['charge', -20],
      ['refund', 20],
    ]);
    // Both channels serve the tier, yet only one task was made: the same content would be refused again.
    expect(await simCreated()).toBe(1);
    const attempts = await attemptsOf(sub.id);
    expect(attempts).toHaveLength(2);
    expect(attempts[0]).toMatchObject({ ok: true, errorClass: null });
    expect(attempts[1]).toMatchObject({
      channel: attempts[0]?.channel,
      ok: false,
      errorClass: 'refused',
      errorCode: 'OutputVideoSensitiveContentDetected',
    });
    expect(attempts[1]?.detail).toMatchObject({
      status: 'failed',
      provider_cost_usd: 0,
      message: expect.stringMatching(/output video may contain sensitive/),
    });
    const [up] = await t.db
      .select()
      .from(upstreams)
      .where(eq(upstreams.name, attempts[0]?.channel ?? ''));
    expect((await readAttemptStats(t.db)).get(up?.id ?? '')?.recentFailures).toBe(0);
  });

  it('a creation the provider refuses ends the job as content_refused, refunded, after one call', async () => {
    const who = await newTenant();
    const before = refusingCalls;
    const sub = await submit(who, { model: REFUSING_TIER, duration: 4, resolution: '720p' });
    const task = await finished(who, sub.id);
    expect(task).toMatchObject({ job_status: 'failed', reason: 'content_refused' });
    expect(task.error).toMatch(/^The provider refused the content/);
    expect((await ledgerOf(who.tenantId)).map(([kind]) => kind)).toEqual(['adjust', 'charge', 'refund']);
    expect(refusingCalls - before).toBe(1);
    expect(await attemptsOf(sub.id)).toEqual([
      expect.objectContaining({
        channel: 'refusing-ark',
        ok: false,
        errorClass: 'refused',
        errorCode: 'InputTextSensitiveContentDetected',
      }),
    ]);
  });

  it('an internal error moves to the next upstream of the tier; on every upstream it is upstream_error', async () => {
    const who = await newTenant();
    await sim.control('/__sim/faults', { json: { channel: 'sim-video-a', fault: 'task_failed', times: 1 } });
    const rescued = await submit(who, { model: PRO20, duration: 5 });
    expect(await finished(who, rescued.id)).toMatchObject({ job_status: 'done', reason: null, error: null });
    const tried = await attemptsOf(rescued.id);
    expect(tried.filter((a) => !a.ok)).toEqual([
      expect.objectContaining({
        channel: 'sim-video-a',
        errorClass: 'server_error',
        errorCode: 'InternalServiceError',
      }),
    ]);
    expect(tried.at(-1)).toMatchObject({ channel: 'sim-video-b', ok: true });
    expect(tried.at(-1)?.detail).toMatchObject({ status: 'succeeded', video_seconds: 5, provider_cost_usd: 0.225 });

    await armTaskFailure('InternalServiceError');
    const lost = await submit(who, { model: PRO20, duration: 5 });
    const task = await finished(who, lost.id);
    expect(task).toMatchObject({ job_status: 'failed', reason: 'upstream_error' });
    expect(task.error).toMatch(/failed to generate the video \(an internal error\) on every available upstream/);
    expect((await attemptsOf(lost.id)).filter((a) => !a.ok).map((a) => [a.channel, a.errorCode])).toEqual([
      ['sim-video-a', 'InternalServiceError'],
      ['sim-video-b', 'InternalServiceError'],
    ]);
  });

  it('an invalid parameter is not retried elsewhere; quota is tried everywhere; an unknown code is kept verbatim', async () => {
    const who = await newTenant();
    const cases: [string, string, number, RegExp][] = [
      ['InvalidParameter', 'invalid_parameter', 1, /rejected the request as invalid/],
      ['QuotaExceeded', 'upstream_quota', 2, /quota or rate limit was exhausted/],
      ['BrandNewFailure.Detail', 'upstream_error', 2, /an internal error/],
    ];
    for (const [code, reason, tasksMade, words] of cases) {
      await armTaskFailure(code);
      const before = await simCreated();
      const sub = await submit(who, { model: PRO20, duration: 5 });
      const task = await finished(who, sub.id);
      expect(task, code).toMatchObject({ job_status: 'failed', reason });
      expect(task.error, code).toMatch(words);
      expect((await simCreated()) - before, code).toBe(tasksMade);
      expect(
        (await attemptsOf(sub.id)).filter((a) => !a.ok).every((a) => a.errorCode === code),
        code,
      ).toBe(true);
      await sim.control('/__sim/faults', { method: 'DELETE' });
    }
    const refunds = (await ledgerOf(who.tenantId)).filter(([kind]) => kind === 'refund');
    expect(refunds).toHaveLength(3);
  });
});

describe('cancel per protocol', () => {
  async function runningOnB(who: ScopedIdentity, latencyMs: number) {
    // Only sim-video-b (the real service's rule: a running task cannot be cancelled) serves the task.
    await t.db.update(upstreams).set({ enabled: false }).where(eq(upstreams.name, 'sim-video-a'));
    invalidateCandidates(t.db);
    await sim.control('/__sim/config', { json: { channel: 'sim-video-b', latency_ms: latencyMs, queued_percent: 0 } });
    const sub = await submit(who, { model: PRO20, duration: 5 });
    await waitFor(
      () => taskOf(who, sub.id),
      (v) => v.state === 'running',
    );
    return sub.id;
  }

  it('refunds a cancelled running task at once and follows the task the provider keeps running to its end, recording its cost', async () => {
    const who = await newTenant();
    const id = await runningOnB(who, 1500);
    const removed = await removeVideo(deps(), who, { id });
    expect(removed).toMatchObject({
      action: 'cancelled',
      task: { state: 'cancelled', reason: 'cancelled', error: 'Cancelled by the caller' },
    });
    expect(await ledgerOf(who.tenantId)).toEqual([
      ['adjust', 1000],
      ['charge', -20],
      ['refund', 20],
    ]);
    const vt = await vtOf(id);
    expect(vt?.orphanedAt).toBeInstanceOf(Date);
    const simTask = (await (await sim.control(`/__sim/video-tasks/${vt?.upstreamTaskId}`)).json()) as {
      cancel_requests: { result: string }[];
    };
    expect(simTask.cancel_requests.map((c) => c.result)).toEqual(['refused']);
    const listed = await listVideoOrphans({ db: t.db }, { kind: 'admin' } as never, { ended: false });
    expect(listed.orphans.find((o) => o.job_id === id)).toMatchObject({
      tenant_id: who.tenantId,
      channel: 'sim-video-b',
      upstream_task_id: vt?.upstreamTaskId,
      ended: false,
    });

    const ended = await waitFor(
      () => vtOf(id),
      (v) => v?.upstreamState === 'succeeded',
      10_000,
    );
    expect(ended?.upstreamState).toBe('succeeded');
    const last = (await attemptsOf(id)).at(-1);
    expect(last).toMatchObject({ channel: 'sim-video-b', ok: true });
    expect(last?.detail).toMatchObject({
      orphaned: true,
      status: 'succeeded',
      video_seconds: 5,
      provider_cost_usd: 0.225,
      upstream_task_id: vt?.upstreamTaskId,
    });
    expect((last?.detail as { task_ms: number }).task_ms).toBeGreaterThanOrEqual(0);
    expect(
      (await listVideoOrphans({ db: t.db }, { kind: 'admin' } as never, { ended: true })).orphans.find(
        (o) => o.job_id === id,
      ),
    ).toMatchObject({
      upstream_state: 'succeeded',
      ended: true,
    });
    // The caller is never charged for it, and the task stays cancelled.
    expect((await ledgerOf(who.tenantId)).length).toBe(3);
    expect(await taskOf(who, id)).toMatchObject({ state: 'cancelled', job_status: 'failed', video_url: null });
  });

  it('records what a followed task will cost when the caller deletes it before the provider ends it', async () => {
    const who = await newTenant();
    const id = await runningOnB(who, 60_000);
    await removeVideo(deps(), who, { id });
    const vt = await vtOf(id);
    expect(vt?.orphanedAt).toBeInstanceOf(Date);
    // Deleted while the provider still renders it: gone for the caller, its expected cost kept for operators.
    expect(await removeVideo(deps(), who, { id })).toEqual({ id, action: 'deleted' });
    expect(await vtOf(id)).toBeUndefined();
    const last = (await attemptsOf(id)).at(-1);
    expect(last).toMatchObject({ channel: 'sim-video-b', ok: false, errorClass: null });
    expect(last?.detail).toMatchObject({
      orphaned: true,
      estimated: true,
      video_seconds: 5,
      provider_cost_usd: 0.225,
      upstream_task_id: vt?.upstreamTaskId,
    });
  });

  it('a queued task the provider cancels is not followed', async () => {
    const who = await newTenant();
    await sim.control('/__sim/config', { json: { channel: '*', latency_ms: 60_000, queued_percent: 100 } });
    const sub = await submit(who, { model: PRO20, duration: 5 });
    await waitFor(
      () => vtOf(sub.id),
      (v) => v?.upstreamTaskId !== null && v?.upstreamTaskId !== undefined,
    );
    await removeVideo(deps(), who, { id: sub.id });
    const vt = await vtOf(sub.id);
    expect(vt).toMatchObject({ orphanedAt: null, upstreamState: 'cancelled' });
    expect((await taskOf(who, sub.id)).reason).toBe('cancelled');
  });

  it('a task timed out while running is refunded as timeout and followed as an orphan', async () => {
    const who = await newTenant();
    config.video = { ...config.video, deadlinesS: { default: 1 } };
    await sim.control('/__sim/faults', { json: { channel: 'sim-video-b', fault: 'task_never_finishes' } });
    const id = await runningOnB(who, 0);
    const task = await finished(who, id);
    expect(task).toMatchObject({ job_status: 'failed', state: 'failed', reason: 'timeout' });
    expect(task.error).toMatch(/^Timed out/);
    expect((await ledgerOf(who.tenantId)).map(([kind]) => kind)).toEqual(['adjust', 'charge', 'refund']);
    const vt = await waitFor(
      () => vtOf(id),
      (v) => v?.upstreamState === 'running' && v.polls > 0,
    );
    expect(vt?.orphanedAt).toBeInstanceOf(Date);
    const listed = await listVideoOrphans({ db: t.db }, { kind: 'admin' } as never, {});
    expect(listed.orphans.find((o) => o.job_id === id)).toMatchObject({ upstream_state: 'running', ended: false });
  });
});
