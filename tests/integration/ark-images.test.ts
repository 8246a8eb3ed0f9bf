import { eq } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_ARK_IMAGES_CHANNEL } from '@/sim/channels';
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
import { simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { createTestDatabase, testConfig, testSecret, type TestDatabase } from '../helpers/test-db';

/** A tenant's image job routed to the simulated Seedream channel (`ark-images`), end to end. */

let t: TestDatabase;
let sim: RunningSim;
let config: Config;
let files: LocalFileStore;

beforeAll(async () => {
  t = await createTestDatabase();
  sim = await startSim({ channels: [SIM_ARK_IMAGES_CHANNEL] });
  await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url, [SIM_ARK_IMAGES_CHANNEL]), 'simulator');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-ark-images-'));
  config = { ...buildConfig(parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_SECRET: 'x'.repeat(40) })), secret: testSecret };
  files = new LocalFileStore(path.join(dir, 'files'), 'http://studio.test');
});
afterAll(async () => {
  await sim.close();
  await t.close();
});

async function runJob(item: { prompt: string; model: string; ratio: string }) {
  const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
    name: '方舟图像',
    credits: 100,
    quota_monthly: 0,
  });
  const [job] = await submitImageJobs(
    { db: t.db, config, files },
    { kind: 'tenant', tenantId: tenant.id, via: 'key' },
    { items: [item], callbackUrl: null, idempotencyKey: null, hash: 'h', batch: false },
  );
  if (!job) throw new Error('no job');
  const claimed = await claim(t.db, [QUEUES.imageJob], 100, 60_000, 'ark-images-worker');
  const task = claimed.find((c) => c.payload.jobId === job.id);
  if (!task || task.queue !== QUEUES.imageJob) throw new Error('task not claimed');
  await runImageJob({ db: t.db, config: testConfig(), files, retryDelayMs: () => 5 }, task);
  const [row] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
  return { tenantId: tenant.id, row };
}

async function stored(tenantId: string, url: string | null | undefined): Promise<Buffer> {
  const key = `${tenantId}/results/${url?.split('/results/')[1] ?? ''}`;
  const chunks: Buffer[] = [];
  for await (const c of files.read(key)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('an image job on the Seedream channel', () => {
  it('ends done with a verified JPEG of the ratio asked, and the attempt names the size sent', async () => {
    await sim.control('/__sim/requests', { method: 'DELETE' });
    const { tenantId, row } = await runJob({ prompt: '一只橘猫 on a desk', model: 'seedream-4-0', ratio: '3:4' });
    expect(row?.status).toBe('done');
    const image = await stored(tenantId, row?.cdnUrl);
    const meta = await sharp(image).metadata();
    expect(meta.format).toBe('jpeg');
    expect((meta.width ?? 0) / (meta.height ?? 1)).toBeCloseTo(3 / 4, 2);
    expect((meta.width ?? 0) * (meta.height ?? 0)).toBeGreaterThanOrEqual(1280 * 720);

    const calls = sim.sim.requests(SIM_ARK_IMAGES_CHANNEL.name);
    expect(calls.map((c) => [c.method, c.path, c.model, c.status])).toEqual([
      ['POST', '/api/v3/images/generations', 'doubao-seedream-4-0-250828', 200],
    ]);
    await flushAttempts();
    const attempts = await t.db
      .select({ channel: upstreams.name, ok: upstreamAttempts.ok, detail: upstreamAttempts.detail })
      .from(upstreamAttempts)
      .innerJoin(upstreams, eq(upstreams.id, upstreamAttempts.upstreamId))
      .where(eq(upstreamAttempts.ref, row?.id ?? ''));
    expect(attempts).toEqual([
      { channel: 'sim-seedream', ok: true, detail: expect.objectContaining({ ratio: '3:4' }) },
    ]);
  });

  it('ends a refused generation as the caller’s refusal, refunded', async () => {
    await sim.control('/__sim/faults', { json: { channel: SIM_ARK_IMAGES_CHANNEL.name, fault: 'content_refused', times: 1 } }); // prettier-ignore
    const { row } = await runJob({ prompt: 'refused', model: 'seedream-4-0', ratio: '1:1' });
    expect(row?.status).toBe('failed');
    expect(row?.errorReason).toBe('content_refused');
    expect(row?.creditsRefunded).toBe(row?.credits);
  });

  it('refuses a prompt-only job for SeedEdit, which only edits, before any charge or call', async () => {
    await sim.control('/__sim/requests', { method: 'DELETE' });
    await expect(runJob({ prompt: '一只橘猫', model: 'seededit-3-0-i2i', ratio: '1:1' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(
        /^No upstream currently available for an image without reference images with model "seededit-3-0-i2i"\./,
      ),
    });
    expect(sim.sim.requests(SIM_ARK_IMAGES_CHANNEL.name)).toEqual([]);
  });
});
