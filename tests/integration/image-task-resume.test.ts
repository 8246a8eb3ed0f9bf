import { buffer } from 'node:stream/consumers';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIM_DASHSCOPE_CHANNEL, SIM_FAL_CHANNEL, type SimChannel } from '@/sim/channels';
import type { SimRequestRecord } from '@/sim/request-log';
import { startSim, type RunningSim } from '@/sim/testing';
import { buildConfig, parseEnv, type Config } from '@/server/config';
import { imageTasks, jobs, ledgerEntries, tasks, upstreamAttempts, upstreams } from '@/server/db/schema';
import { OPERATOR } from '@/server/domain/auth/identity';
import { runImageJob } from '@/server/domain/jobs/run';
import { submitImageJobs } from '@/server/domain/jobs/submit';
import { createTenant } from '@/server/domain/tenants/tenants';
import { claim, QUEUES, type Task, type TaskPayload } from '@/server/queue/queue';
import { startQueueWorker, type QueueWorker, type TaskContext } from '@/server/queue/worker';
import { LocalFileStore } from '@/server/storage/store';
import { flushAttempts } from '@/server/upstreams/engine';
import { invalidateCandidates, simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { createTestDatabase, testConfig, testSecret, type TestDatabase } from '../helpers/test-db';

/**
 * An image job on an asynchronous protocol whose worker stops after the provider's task was submitted:
 * the job's next run follows that task instead of submitting (and paying for) a second one. The protocols
 * as the simulator speaks them (docs/simulator.md): DashScope's asynchronous image tasks (`X-DashScope-Async`,
 * `GET /api/v1/tasks/{id}`, cancel of a PENDING task) and fal's Queue API (an unknown request id answers 404).
 */

/** Two DashScope channels serving the same family (`wan-image`), and a fal channel. */
const WAN_A = SIM_DASHSCOPE_CHANNEL.name;
const WAN_B = 'sim-wan-b';
const CHANNELS: SimChannel[] = [SIM_DASHSCOPE_CHANNEL, { ...SIM_DASHSCOPE_CHANNEL, name: WAN_B }, SIM_FAL_CHANNEL];

/** How long a job may take to end here: under a second alone, much longer while a whole suite shares the machine. */
const JOB_WAIT_MS = 45_000;

let t: TestDatabase;
let sim: RunningSim;
let config: Config;
let files: LocalFileStore;
const workers: QueueWorker[] = [];

const setChannels = async (on: Partial<Record<string, boolean>>) => {
  for (const [name, enabled] of Object.entries(on))
    await t.db.update(upstreams).set({ enabled }).where(eq(upstreams.name, name));
  invalidateCandidates(t.db);
};

beforeAll(async () => {
  t = await createTestDatabase();
  sim = await startSim({ channels: CHANNELS });
  await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url, CHANNELS), 'simulator');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-task-resume-'));
  config = { ...buildConfig(parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_SECRET: 'x'.repeat(40) })), secret: testSecret };
  files = new LocalFileStore(path.join(dir, 'files'), 'http://studio.test');
});
afterAll(async () => {
  await sim.close();
  await t.close();
});
afterEach(async () => {
  for (const w of workers.splice(0)) await w.stop(100);
  // Each test starts with an empty queue: a job one test left unfinished is never run by the next one's worker.
  await t.db.delete(tasks).where(eq(tasks.queue, QUEUES.imageJob));
  await sim.control('/__sim/config', { json: { channel: '*', latency_ms: 0 } });
  // A retired channel comes back with the configuration that names it.
  await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url, CHANNELS), 'simulator');
  await setChannels({ [WAN_A]: true, [WAN_B]: true });
});

async function newJob(model: string) {
  const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
    name: '重启续跑',
    credits: 100,
    quota_monthly: 0,
  });
  const [job] = await submitImageJobs(
    { db: t.db, config, files },
    { kind: 'tenant', tenantId: tenant.id, via: 'key' },
    {
      items: [{ prompt: 'a harbour at dusk', model, ratio: '1:1' }],
      callbackUrl: null,
      idempotencyKey: null,
      hash: `${model}-${Math.random()}`,
      batch: false,
    },
  );
  if (!job) throw new Error('no job');
  return { tenantId: tenant.id, jobId: job.id };
}

/** A worker running image jobs as `npm run worker` does; `seen` records the attempt number of each task it starts. */
async function imageWorker(seen: number[] = []): Promise<QueueWorker> {
  const w = await startQueueWorker(t, {
    concurrency: 10,
    pollMs: 20,
    handlers: {
      [QUEUES.imageJob]: (task: Task<TaskPayload<'image.job'>>, ctx: TaskContext) => {
        seen.push(task.attempt);
        return runImageJob({ db: t.db, config: testConfig(), files, signal: ctx.signal, retryDelayMs: () => 5 }, task);
      },
    },
  });
  workers.push(w);
  return w;
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const jobRow = async (jobId: string) => (await t.db.select().from(jobs).where(eq(jobs.id, jobId)))[0];
const recorded = (jobId: string) => t.db.select().from(imageTasks).where(eq(imageTasks.jobId, jobId));
const requestsOf = async (channel: string) =>
  (await (await sim.control(`/__sim/requests?channel=${channel}`)).json()) as SimRequestRecord[];
const submissions = async (channel: string) =>
  (await requestsOf(channel)).filter((r) => r.method === 'POST' && !r.path.endsWith('/cancel')).length;
const charges = async (tenantId: string) =>
  (
    await t.db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tenantId, tenantId), inArray(ledgerEntries.kind, ['charge', 'refund'])))
  ).map((e) => e.kind);

async function storedImage(url: string | null | undefined) {
  const key = url ? files.keyOf(url) : null;
  if (!key) throw new Error(`not a Studio file: ${url}`);
  return sharp(await buffer(files.read(key))).metadata();
}

/**
 * Starts a worker on a new job and stops it (no drain time: its run is aborted, as a stopping worker's
 * past its drain deadline is) once the job's provider task is submitted and recorded, before it finishes.
 */
async function interruptedJob(model: string) {
  const first: number[] = [];
  const a = await imageWorker(first);
  const job = await newJob(model);
  const [record] = await until(
    () => recorded(job.jobId),
    (r) => r.length > 0,
    JOB_WAIT_MS,
  );
  if (!record) throw new Error('the task was not recorded');
  await a.stop(0);
  expect(first).toEqual([1]);
  expect((await jobRow(job.jobId))?.status).toBe('pending');
  return { ...job, record };
}

describe('an image job whose worker stops while its provider task runs', { timeout: 120_000 }, () => {
  it('is followed to its end by the next run: one submission at the provider, done with a verified image, charged once', async () => {
    await setChannels({ [WAN_B]: false });
    // The task takes 1.5 s at the provider: the first worker stops well before it finishes.
    await sim.control('/__sim/config', { json: { channel: WAN_A, latency_ms: 1_500 } });
    await sim.control('/__sim/requests', { method: 'DELETE' });
    const { tenantId, jobId, record } = await interruptedJob('wan-image');
    expect(record).toMatchObject({ channel: WAN_A, upstreamModel: 'wan2.2-t2i-flash' });
    // Stopping left the task running at the provider: nothing asked to cancel it.
    expect((await requestsOf(WAN_A)).filter((r) => r.path.endsWith('/cancel'))).toEqual([]);

    const second: number[] = [];
    await imageWorker(second);
    const job = await until(
      () => jobRow(jobId),
      (j) => j?.status !== 'pending',
      JOB_WAIT_MS,
    );
    expect(job?.status, job?.error ?? '').toBe('done');
    // The released run is not counted as an attempt, and the job ran twice.
    expect(second).toEqual([1]);
    expect(job?.runs).toBe(2);
    expect(await submissions(WAN_A)).toBe(1);
    // The second run read the first run's task until it succeeded.
    const reads = (await requestsOf(WAN_A)).filter((r) => r.method === 'GET');
    expect(reads.length).toBeGreaterThan(1);
    expect(reads.every((r) => r.path === `/api/v1/tasks/${record.upstreamTaskId}`)).toBe(true);
    const meta = await storedImage(job?.cdnUrl);
    expect(meta.format).toBe('png');
    expect(meta.width).toBeGreaterThan(0);
    expect(meta.width).toBe(meta.height);
    expect(await charges(tenantId)).toEqual(['charge']);
    expect(await recorded(jobId)).toEqual([]);
    // The caller's job names no channel, model or provider task.
    expect(JSON.stringify(job)).not.toMatch(new RegExp(`sim-wan|wan2|${record.upstreamTaskId}`));
  });

  it('is routed anew when the task’s channel was removed meanwhile, and the abandoned task is cancelled', async () => {
    await setChannels({ [WAN_B]: false });
    // Long enough that the first task is still queued (its first fifth) when the next run abandons it.
    await sim.control('/__sim/config', { json: { channel: WAN_A, latency_ms: 20_000 } });
    await sim.control('/__sim/requests', { method: 'DELETE' });
    const { tenantId, jobId, record } = await interruptedJob('wan-image');
    // The operator's configuration no longer names the first channel; the other one is in rotation.
    await syncUpstreams(
      t.db,
      testSecret,
      simulatorUpstreams(
        sim.url,
        CHANNELS.filter((c) => c.name !== WAN_A),
      ),
      'simulator',
    );
    await setChannels({ [WAN_B]: true });

    await imageWorker();
    const job = await until(
      () => jobRow(jobId),
      (j) => j?.status !== 'pending',
      JOB_WAIT_MS,
    );
    expect(job?.status, job?.error ?? '').toBe('done');
    expect(await submissions(WAN_A)).toBe(1);
    expect(await submissions(WAN_B)).toBe(1);
    const cancels = (await requestsOf(WAN_A)).filter((r) => r.path.endsWith('/cancel'));
    expect(cancels).toMatchObject([{ path: `/api/v1/tasks/${record.upstreamTaskId}/cancel`, status: 200 }]);
    await flushAttempts();
    const served = await t.db
      .select({ ok: upstreamAttempts.ok, channel: upstreams.name })
      .from(upstreamAttempts)
      .innerJoin(upstreams, eq(upstreams.id, upstreamAttempts.upstreamId))
      .where(eq(upstreamAttempts.ref, jobId));
    expect(served).toEqual([{ ok: true, channel: WAN_B }]);
    expect((await storedImage(job?.cdnUrl)).format).toBe('png');
    expect(await charges(tenantId)).toEqual(['charge']);
    expect(await recorded(jobId)).toEqual([]);
  });
});

describe('a job given up on after its worker stopped', { timeout: 120_000 }, () => {
  it('fails refunded and cancels the provider task an earlier run left waiting', async () => {
    await setChannels({ [WAN_B]: false });
    await sim.control('/__sim/config', { json: { channel: WAN_A, latency_ms: 20_000 } });
    await sim.control('/__sim/requests', { method: 'DELETE' });
    const { tenantId, jobId, record } = await interruptedJob('wan-image');
    // As when the job was interrupted more times than its task may run: the next run ends it.
    await t.db
      .update(tasks)
      .set({ maxAttempts: 0 })
      .where(sql`${tasks.queue} = ${QUEUES.imageJob} and ${tasks.payload}->>'jobId' = ${jobId}`);
    await imageWorker();
    const job = await until(
      () => jobRow(jobId),
      (j) => j?.status !== 'pending',
      JOB_WAIT_MS,
    );
    expect(job).toMatchObject({ status: 'failed', errorReason: 'interrupted' });
    expect(await charges(tenantId)).toEqual(['charge', 'refund']);
    const cancels = await until(
      async () => (await requestsOf(WAN_A)).filter((r) => r.path.endsWith('/cancel')),
      (c) => c.length > 0,
      5_000,
    );
    expect(cancels).toMatchObject([{ path: `/api/v1/tasks/${record.upstreamTaskId}/cancel`, status: 200 }]);
    expect(await submissions(WAN_A)).toBe(1);
    expect(await recorded(jobId)).toEqual([]);
  });
});

describe('a recorded task the provider no longer knows', { timeout: 120_000 }, () => {
  it('is submitted anew on its channel (fal answers 404 for the request) and the job ends done', async () => {
    await sim.control('/__sim/requests', { method: 'DELETE' });
    const { tenantId, jobId } = await newJob('falimage-flux');
    const [fal] = await t.db.select().from(upstreams).where(eq(upstreams.name, SIM_FAL_CHANNEL.name));
    if (!fal) throw new Error('no fal channel');
    // As an earlier run that stopped would have left it, for a request fal has since forgotten.
    await t.db.insert(imageTasks).values({
      jobId,
      upstreamId: fal.id,
      channel: fal.name,
      upstreamModel: 'fal-ai/flux/dev',
      upstreamTaskId: 'fal-ai/flux/requests/0b5e3c1e-0000-4000-8000-000000000000',
    });
    await t.db.update(jobs).set({ runs: 1 }).where(eq(jobs.id, jobId));
    const claimed = await claim(t.db, [QUEUES.imageJob], 100, 60_000, 'resume-worker');
    const task = claimed.find((c) => c.payload.jobId === jobId);
    if (!task || task.queue !== QUEUES.imageJob) throw new Error('task not claimed');
    await runImageJob({ db: t.db, config: testConfig(), files, retryDelayMs: () => 5 }, task);

    const job = await jobRow(jobId);
    expect(job?.status, job?.error ?? '').toBe('done');
    const log = await requestsOf(SIM_FAL_CHANNEL.name);
    expect(log[0]).toMatchObject({ method: 'GET', status: 404 });
    expect(log.filter((r) => r.method === 'POST')).toHaveLength(1);
    await flushAttempts();
    const attempts = await t.db
      .select({ ok: upstreamAttempts.ok })
      .from(upstreamAttempts)
      .where(eq(upstreamAttempts.ref, jobId));
    expect(attempts).toEqual([{ ok: true }]);
    expect(await charges(tenantId)).toEqual(['charge']);
    expect(await recorded(jobId)).toEqual([]);
  });
});
