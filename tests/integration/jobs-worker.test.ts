import { and, eq } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../../src/sim/testing';
import { buildConfig, parseEnv, type Config } from '../../src/server/config';
import { jobs, ledgerEntries, tasks } from '../../src/server/db/schema';
import { runImageJob } from '../../src/server/domain/jobs/run';
import { submitImageJobs } from '../../src/server/domain/jobs/submit';
import { OPERATOR } from '../../src/server/domain/auth/identity';
import { createTenant } from '../../src/server/domain/tenants/tenants';
import { claim, QUEUES } from '../../src/server/queue/queue';
import { startQueueWorker } from '../../src/server/queue/worker';
import { LocalFileStore } from '../../src/server/storage/store';
import { simulatorUpstreams, syncUpstreams } from '../../src/server/upstreams/registry';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

let t: TestDatabase;
let sim: RunningSim;
let config: Config;
let files: LocalFileStore;

beforeAll(async () => {
  t = await createTestDatabase();
  sim = await startSim();
  await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url), 'simulator');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-jobs-'));
  config = { ...buildConfig(parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_SECRET: 'x'.repeat(40) })), secret: testSecret };
  files = new LocalFileStore(path.join(dir, 'files'), 'http://studio.test');
});
afterAll(async () => {
  await sim.close();
  await t.close();
});

async function newJob(credits = 100) {
  const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, { name: '崩溃测试', credits, quota_monthly: 0 });
  const [job] = await submitImageJobs({ db: t.db, config, files }, { kind: 'tenant', tenantId: tenant.id, via: 'key' }, {
    items: [{ prompt: 'survives a crash', quality: 'high' }],
    callbackUrl: null,
    idempotencyKey: null,
    hash: 'h',
    batch: false,
  });
  if (!job) throw new Error('no job');
  return { tenantId: tenant.id, jobId: job.id };
}

async function ledgerOf(tenantId: string) {
  return t.db.select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount }).from(ledgerEntries).where(and(eq(ledgerEntries.tenantId, tenantId))).orderBy(ledgerEntries.id);
}

describe('the worker and crashes', () => {
  it('picks up a job whose worker died mid-run, and charges it once', async () => {
    const { tenantId, jobId } = await newJob();
    // A worker claims the task under a short lease, then "dies" without finishing.
    const claimed = await claim(t.db, [QUEUES.imageJob], 10, 200, 'dead-worker');
    expect(claimed.map((c) => c.payload.jobId)).toContain(jobId);
    await new Promise((r) => setTimeout(r, 300));

    const worker = await startQueueWorker(t, {
      concurrency: 10,
      pollMs: 100,
      handlers: { [QUEUES.imageJob]: (task, ctx) => runImageJob({ db: t.db, secret: testSecret, files, signal: ctx.signal, retryDelayMs: () => 5 }, task) },
    });
    try {
      for (let i = 0; i < 100; i++) {
        const [job] = await t.db.select().from(jobs).where(eq(jobs.id, jobId));
        if (job?.status !== 'pending') break;
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await worker.stop(1000);
    }
    const [job] = await t.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(job?.status).toBe('done');
    expect(job?.cdnUrl).toMatch(/^http:\/\/studio\.test\/files\//);
    expect(await ledgerOf(tenantId)).toEqual([
      { kind: 'adjust', amount: 100 },
      { kind: 'charge', amount: -4 },
    ]);
    expect(await t.db.select().from(tasks).where(eq(tasks.queue, QUEUES.imageJob))).toHaveLength(0);
  });

  it('fails and refunds exactly once a job whose runs kept being interrupted', async () => {
    const { tenantId, jobId } = await newJob();
    // Three workers in a row died on it: the next claim is past the attempts budget.
    for (let i = 0; i < 3; i++) {
      await claim(t.db, [QUEUES.imageJob], 10, 1, `dead-${i}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const [again] = await claim(t.db, [QUEUES.imageJob], 10, 60_000, 'survivor');
    expect(again?.attempt).toBe(4);
    if (!again) throw new Error('no task');
    await runImageJob({ db: t.db, secret: testSecret, files }, again);
    await runImageJob({ db: t.db, secret: testSecret, files }, again);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(job?.status).toBe('failed');
    expect(job?.error).toMatch(/interrupted/);
    expect(await ledgerOf(tenantId)).toEqual([
      { kind: 'adjust', amount: 100 },
      { kind: 'charge', amount: -4 },
      { kind: 'refund', amount: 4 },
    ]);
  });
});
