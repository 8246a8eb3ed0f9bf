import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '@/server/config';
import { jobs, tasks, upstreamAttempts, upstreams } from '@/server/db/schema';
import { runImageJob } from '@/server/domain/jobs/run';
import { submitImageJobs } from '@/server/domain/jobs/submit';
import { OPERATOR } from '@/server/domain/auth/identity';
import { createTenant } from '@/server/domain/tenants/tenants';
import { claim, QUEUES } from '@/server/queue/queue';
import { startQueueWorker } from '@/server/queue/worker';
import { LocalFileStore } from '@/server/storage/store';
import { flushAttempts, INVALID_INPUT_MESSAGE } from '@/server/upstreams/engine';
import { testConfig, testSecret, type TestDatabase } from '../helpers/test-db';
import { jobsSuite } from '../helpers/jobs-suite';

const suite = jobsSuite();
let t: TestDatabase;
let config: Config;
let files: LocalFileStore;
beforeAll(() => {
  ({ t, config, files } = suite);
});
const { newJob, ledgerOf } = suite;

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
      handlers: {
        [QUEUES.imageJob]: (task, ctx) =>
          runImageJob({ db: t.db, config: testConfig(), files, signal: ctx.signal, retryDelayMs: () => 5 }, task),
      },
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
    await runImageJob({ db: t.db, config: testConfig(), files }, again);
    await runImageJob({ db: t.db, config: testConfig(), files }, again);
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

describe('an input the upstream refuses as invalid', () => {
  it('fails the job after one attempt with what is wrong with the input, and refunds it', async () => {
    const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
      name: '坏图租户',
      credits: 100,
      quota_monthly: 0,
    });
    // A JPEG with the right header whose data is cut off, stored as an upload (as before uploads were decoded).
    const raw = Buffer.alloc(160 * 120 * 3).map((_, i) => (i * 2654435761) >>> 24);
    const jpeg = await sharp(raw, { raw: { width: 160, height: 120, channels: 3 } })
      .jpeg()
      .toBuffer();
    const url = await files.put(
      `${tenant.id}/uploads/tenant/cut-off.jpg`,
      jpeg.subarray(0, Math.floor(jpeg.length * 0.6)),
      'image/jpeg',
    );
    const [submitted] = await submitImageJobs(
      { db: t.db, config, files },
      { kind: 'tenant', tenantId: tenant.id, via: 'key' },
      {
        // A family with two channels: a fallback would be possible, and must not happen.
        items: [{ prompt: '把这张图变成水彩风格', quality: 'high', model: 'imagegen-1', reference_images: [url] }],
        callbackUrl: null,
        idempotencyKey: null,
        hash: 'h-invalid',
        batch: false,
      },
    );
    if (!submitted) throw new Error('no job');
    const claimed = await claim(t.db, [QUEUES.imageJob], 100, 60_000, 'input-worker');
    const task = claimed.find((c) => c.payload.jobId === submitted.id);
    if (!task || task.queue !== QUEUES.imageJob) throw new Error('task not claimed');
    await runImageJob({ db: t.db, config: testConfig(), files, retryDelayMs: () => 5 }, task);

    const [job] = await t.db.select().from(jobs).where(eq(jobs.id, submitted.id));
    expect(job?.status).toBe('failed');
    expect(job?.error).toBe(INVALID_INPUT_MESSAGE);
    expect(job?.error).not.toMatch(/sim|upstream/i);
    expect(job?.note).toBeNull();
    await flushAttempts();
    const attempts = await t.db
      .select({ channel: upstreams.name, ok: upstreamAttempts.ok, cls: upstreamAttempts.errorClass })
      .from(upstreamAttempts)
      .innerJoin(upstreams, eq(upstreams.id, upstreamAttempts.upstreamId))
      .where(eq(upstreamAttempts.ref, submitted.id));
    expect(attempts).toEqual([{ channel: expect.stringMatching(/^sim-image-[ab]$/), ok: false, cls: 'invalid_input' }]);
    expect(await ledgerOf(tenant.id)).toEqual([
      { kind: 'adjust', amount: 100 },
      { kind: 'charge', amount: -4 },
      { kind: 'refund', amount: 4 },
    ]);
  });
});
