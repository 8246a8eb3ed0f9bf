import { and, eq } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIM_REPLICATE_CHANNEL, type SimReplicateChannel } from '@/sim/channels';
import { startSim, type RunningSim } from '@/sim/testing';
import { buildConfig, parseEnv, type Config } from '@/server/config';
import { jobs, upstreamAttempts, upstreams } from '@/server/db/schema';
import { OPERATOR } from '@/server/domain/auth/identity';
import { runImageJob } from '@/server/domain/jobs/run';
import { submitImageJobs } from '@/server/domain/jobs/submit';
import { createTenant } from '@/server/domain/tenants/tenants';
import { claim, QUEUES } from '@/server/queue/queue';
import { LocalFileStore } from '@/server/storage/store';
import { flushAttempts } from '@/server/upstreams/engine';
import { invalidateCandidates, simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { createTestDatabase, testConfig, testSecret, type TestDatabase } from '../helpers/test-db';

/** Image jobs routed to simulated Replicate channels: sync mode, polling, and a failed prediction moving the routing on. */

const B: SimReplicateChannel = { ...SIM_REPLICATE_CHANNEL, name: 'sim-replicate-b' };
let t: TestDatabase;
let sim: RunningSim;
let config: Config;
let files: LocalFileStore;
let dir: string;

beforeAll(async () => {
  t = await createTestDatabase();
  sim = await startSim({ channels: [SIM_REPLICATE_CHANNEL, B] });
  await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url, [SIM_REPLICATE_CHANNEL, B]), 'simulator');
  dir = mkdtempSync(path.join(os.tmpdir(), 'studio-replicate-'));
  config = { ...buildConfig(parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_SECRET: 'x'.repeat(40) })), secret: testSecret };
  files = new LocalFileStore(path.join(dir, 'files'), 'http://studio.test');
});
afterAll(async () => {
  await sim.close();
  await t.close();
});
afterEach(async () => {
  await sim.control('/__sim/reset', { method: 'POST' });
  // eslint-disable-next-line drizzle/enforce-update-with-where
  await t.db.update(upstreams).set({ enabled: true, softTimeoutMs: 60_000, removedReason: null, removedAt: null });
  invalidateCandidates(t.db);
});

/** Submits one image job of `model` for a new tenant and runs it as the worker does. */
async function runJob(model: string, ratio = '16:9') {
  const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
    name: 'replicate',
    credits: 100,
    quota_monthly: 0,
  });
  const [job] = await submitImageJobs(
    { db: t.db, config, files },
    { kind: 'tenant', tenantId: tenant.id, via: 'key' },
    {
      items: [{ prompt: 'a lighthouse at dusk', model, ratio }],
      callbackUrl: null,
      idempotencyKey: null,
      hash: 'h',
      batch: false,
    },
  );
  if (!job) throw new Error('no job');
  const [task] = (await claim(t.db, [QUEUES.imageJob], 10, 60_000, 'w')).filter((c) => c.payload.jobId === job.id);
  if (!task || task.queue !== QUEUES.imageJob) throw new Error('no task');
  // random 0: routing's choice between the two channels is the same for every job.
  await runImageJob({ db: t.db, config: testConfig(), files, retryDelayMs: () => 5, random: () => 0 }, task);
  await flushAttempts(t.db);
  const [row] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
  return row;
}

/** The stored result of a done job, read back from Studio's file store. */
async function storedImage(cdnUrl: string | null | undefined) {
  const name = (cdnUrl ?? '').replace('http://studio.test/files/', '');
  return sharp(path.join(dir, 'files', name)).metadata();
}

const predictions = () => sim.sim.requests().filter((r) => r.path.includes('predictions'));

describe('image jobs on Replicate', () => {
  it('ends done with the image of a prediction finished within Prefer: wait (one call)', async () => {
    const job = await runJob('flux-schnell');
    expect(job).toMatchObject({ status: 'done' });
    const meta = await storedImage(job?.cdnUrl);
    expect((meta.width ?? 0) / (meta.height ?? 1)).toBeCloseTo(16 / 9, 1);
    expect(predictions().map((r) => r.method)).toEqual(['POST']);
  });

  it('ends done through polling when the prediction outlasts the wait', async () => {
    // Soft time-out 4 s: Prefer wait=2; the prediction takes 3 s, so the creation answers it unfinished.
    // eslint-disable-next-line drizzle/enforce-update-with-where
    await t.db.update(upstreams).set({ softTimeoutMs: 4_000 });
    invalidateCandidates(t.db);
    await sim.control('/__sim/config', { json: { channel: '*', latency_ms: 3_000 } });
    const job = await runJob('nano-banana', '1:1');
    expect(job).toMatchObject({ status: 'done' });
    expect(await storedImage(job?.cdnUrl)).toMatchObject({ width: 1024, height: 1024 });
    const calls = predictions().map((r) => r.method);
    expect(calls[0]).toBe('POST');
    expect(calls.filter((m) => m === 'GET').length).toBeGreaterThanOrEqual(1);
  });

  it('moves to the next channel when a prediction fails, keeping the failure in the attempts', async () => {
    // Which of the two channels comes first is routing's choice: learn it, then make its prediction fail.
    const probe = await runJob('qwen-image', '1:1');
    expect(probe).toMatchObject({ status: 'done' });
    const [firstAttempt] = await t.db
      .select({ upstreamId: upstreamAttempts.upstreamId })
      .from(upstreamAttempts)
      .where(eq(upstreamAttempts.ref, probe?.id ?? ''));
    const [first] = await t.db
      .select({ id: upstreams.id, name: upstreams.name })
      .from(upstreams)
      .where(eq(upstreams.id, firstAttempt?.upstreamId ?? ''));
    if (!first) throw new Error('no first channel');
    const other = first.name === B.name ? SIM_REPLICATE_CHANNEL.name : B.name;
    const a = await sim.control('/__sim/faults', { json: { channel: first.name, fault: 'task_failed' } });
    expect(a.status).toBe(200);
    const before = predictions().filter((r) => r.channel === other && r.method === 'POST').length;
    const job = await runJob('qwen-image', '1:1');
    expect(job).toMatchObject({ status: 'done' });
    const failed = await t.db
      .select()
      .from(upstreamAttempts)
      .where(and(eq(upstreamAttempts.ref, job?.id ?? ''), eq(upstreamAttempts.ok, false)));
    expect(failed.length).toBeGreaterThanOrEqual(1);
    expect(failed.every((f) => f.upstreamId === first.id && f.errorClass === 'server_error')).toBe(true);
    expect(failed[0]?.errorCode).toBe('prediction_failed');
    const served = predictions().filter((r) => r.channel === other && r.method === 'POST');
    expect(served).toHaveLength(before + 1);
  });
});
