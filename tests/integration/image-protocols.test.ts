import { buffer } from 'node:stream/consumers';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimChannel } from '@/sim/channels';
import { SIM_PROTOCOL_CHANNELS } from '@/sim/protocol-channels';
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
import type { UpstreamConfig } from '@/server/upstreams/types';
import { createTestDatabase, testConfig, testSecret, type TestDatabase } from '../helpers/test-db';

/**
 * Image jobs over every image protocol Studio speaks (each through its simulated channel), and a
 * fallback that crosses protocols within one family (spec rule 4: the same model, another channel).
 */

const IMAGE_CHANNELS = SIM_PROTOCOL_CHANNELS.filter((c) => c.media.includes('image'));
/** The family two protocols share here: one model of the Gemini channel and one of the DashScope channel. */
const SHARED = 'shared-image-1';

let t: TestDatabase;
let sim: RunningSim;
let config: Config;
let files: LocalFileStore;

/** The simulator's image channels, with the Gemini and DashScope channels' first models in the shared family. */
function upstreamsOf(origin: string, channels: readonly SimChannel[]): UpstreamConfig[] {
  return simulatorUpstreams(origin, channels).map((u) =>
    u.name === 'sim-gemini-image' || u.name === 'sim-wan'
      ? { ...u, models: u.models.map((m, i) => (i === 0 ? { ...m, family: SHARED } : m)) }
      : u,
  );
}

beforeAll(async () => {
  t = await createTestDatabase();
  sim = await startSim({ channels: IMAGE_CHANNELS });
  await syncUpstreams(t.db, testSecret, upstreamsOf(sim.url, IMAGE_CHANNELS), 'simulator');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-protocols-'));
  config = { ...buildConfig(parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_SECRET: 'x'.repeat(40) })), secret: testSecret };
  files = new LocalFileStore(path.join(dir, 'files'), 'http://studio.test');
});
afterAll(async () => {
  await sim.close();
  await t.close();
});

async function runJob(model: string, ratio = '1:1') {
  const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
    name: '多协议租户',
    credits: 100,
    quota_monthly: 0,
  });
  const [submitted] = await submitImageJobs(
    { db: t.db, config, files },
    { kind: 'tenant', tenantId: tenant.id, via: 'key' },
    {
      items: [{ prompt: `a lighthouse for ${model}`, model, ratio }],
      callbackUrl: null,
      idempotencyKey: null,
      hash: `${model}-${Math.random()}`,
      batch: false,
    },
  );
  if (!submitted) throw new Error('no job');
  const claimed = await claim(t.db, [QUEUES.imageJob], 100, 60_000, 'protocols-worker');
  const task = claimed.find((c) => c.payload.jobId === submitted.id);
  if (!task || task.queue !== QUEUES.imageJob) throw new Error('task not claimed');
  await runImageJob({ db: t.db, config: testConfig(), files, retryDelayMs: () => 5, random: () => 0 }, task);
  await flushAttempts();
  const [job] = await t.db.select().from(jobs).where(eq(jobs.id, submitted.id));
  const attempts = await t.db
    .select({
      ok: upstreamAttempts.ok,
      cls: upstreamAttempts.errorClass,
      adapter: upstreams.adapter,
      channel: upstreams.name,
    })
    .from(upstreamAttempts)
    .innerJoin(upstreams, eq(upstreams.id, upstreamAttempts.upstreamId))
    .where(eq(upstreamAttempts.ref, submitted.id))
    .orderBy(asc(upstreamAttempts.id));
  return { job, attempts };
}

async function storedImage(url: string | null | undefined) {
  const key = url ? files.keyOf(url) : null;
  if (!key) throw new Error(`not a Studio file: ${url}`);
  return sharp(await buffer(files.read(key))).metadata();
}

describe('image jobs on every image protocol', () => {
  it.each(IMAGE_CHANNELS.map((c) => [c.adapter, c.name] as const))(
    'a job asking the %s channel by name ends done with a verified square image in Studio’s store',
    async (adapter, channel) => {
      const { job, attempts } = await runJob(channel);
      expect(job?.status, job?.error ?? '').toBe('done');
      expect(attempts.at(-1)).toMatchObject({ ok: true, adapter, channel });
      const meta = await storedImage(job?.cdnUrl);
      expect(meta.width).toBeGreaterThan(0);
      expect(meta.width).toBe(meta.height);
    },
  );
});

describe('a family served over two protocols', () => {
  it('falls back from one protocol to the other when the first channel fails, and the job ends done', async () => {
    // Which of the two comes first for random 0 is routing's choice; learn it, then make it fail.
    const first = await runJob(SHARED);
    expect(first.job?.status).toBe('done');
    const chosen = first.attempts.at(-1);
    if (!chosen) throw new Error('no attempt');
    await sim.control('/__sim/faults', { json: { channel: chosen.channel, fault: 'server_error' } });
    try {
      const { job, attempts } = await runJob(SHARED, '16:9');
      expect(job?.status, job?.error ?? '').toBe('done');
      const failed = attempts.filter((a) => !a.ok);
      expect(failed.length).toBeGreaterThan(0);
      expect(failed.every((a) => a.channel === chosen.channel && a.cls === 'server_error')).toBe(true);
      const served = attempts.at(-1);
      expect(served?.ok).toBe(true);
      expect(served?.adapter).not.toBe(chosen.adapter);
      expect(new Set(['gemini', 'dashscope'])).toEqual(new Set([chosen.adapter, served?.adapter]));
      const meta = await storedImage(job?.cdnUrl);
      expect((meta.width ?? 0) / (meta.height ?? 1)).toBeCloseTo(16 / 9, 1);
      // The caller's job says nothing of who served it.
      expect(JSON.stringify(job)).not.toMatch(/gemini|dashscope|sim-wan/i);
    } finally {
      await sim.control('/__sim/faults', { method: 'DELETE' });
    }
  });
});
