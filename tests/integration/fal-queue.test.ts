import { eq } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIM_FAL_CHANNEL } from '@/sim/channels';
import { startSim, type RunningSim } from '@/sim/testing';
import { buildConfig, parseEnv, type Config } from '@/server/config';
import { jobs, ledgerEntries, upstreamAttempts, upstreams } from '@/server/db/schema';
import { OPERATOR } from '@/server/domain/auth/identity';
import { runImageJob } from '@/server/domain/jobs/run';
import { submitImageJobs } from '@/server/domain/jobs/submit';
import { createTenant } from '@/server/domain/tenants/tenants';
import { claim, QUEUES } from '@/server/queue/queue';
import { LocalFileStore } from '@/server/storage/store';
import { CONTENT_REFUSED_MESSAGE, flushAttempts } from '@/server/upstreams/engine';
import { simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { createTestDatabase, testConfig, testSecret, type TestDatabase } from '../helpers/test-db';

/** A tenant's image jobs routed to the simulated fal queue channel (`sim-fal`) only. */

let t: TestDatabase;
let sim: RunningSim;
let config: Config;
let files: LocalFileStore;
beforeAll(async () => {
  t = await createTestDatabase();
  sim = await startSim({ channels: [SIM_FAL_CHANNEL] });
  await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url, [SIM_FAL_CHANNEL]), 'simulator');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-fal-'));
  config = { ...buildConfig(parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_SECRET: 'x'.repeat(40) })), secret: testSecret };
  files = new LocalFileStore(path.join(dir, 'files'), 'http://studio.test');
});
afterAll(async () => {
  await sim.close();
  await t.close();
});
afterEach(async () => {
  await sim.control('/__sim/faults', { method: 'DELETE' });
});

/** Submits one job for a fresh tenant and runs it as the worker does. */
async function runJob(item: Record<string, unknown>, name: string, reference?: Buffer) {
  const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
    name,
    credits: 100,
    quota_monthly: 0,
  });
  if (reference)
    item.reference_images = [await files.put(`${tenant.id}/uploads/tenant/ref.jpg`, reference, 'image/jpeg')];
  const [submitted] = await submitImageJobs(
    { db: t.db, config, files },
    { kind: 'tenant', tenantId: tenant.id, via: 'key' },
    { items: [item], callbackUrl: null, idempotencyKey: null, hash: `h-${name}`, batch: false },
  );
  if (!submitted) throw new Error('no job');
  const claimed = await claim(t.db, [QUEUES.imageJob], 100, 60_000, `fal-${name}`);
  const task = claimed.find((c) => c.payload.jobId === submitted.id);
  if (!task || task.queue !== QUEUES.imageJob) throw new Error('task not claimed');
  await runImageJob({ db: t.db, config: testConfig(), files, retryDelayMs: () => 5 }, task);
  const [job] = await t.db.select().from(jobs).where(eq(jobs.id, submitted.id));
  await flushAttempts();
  const attempts = await t.db
    .select({ channel: upstreams.name, ok: upstreamAttempts.ok, cls: upstreamAttempts.errorClass })
    .from(upstreamAttempts)
    .innerJoin(upstreams, eq(upstreams.id, upstreamAttempts.upstreamId))
    .where(eq(upstreamAttempts.ref, submitted.id));
  const ledger = await t.db
    .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.tenantId, tenant.id))
    .orderBy(ledgerEntries.id);
  return { job, attempts, ledger };
}

async function stored(cdnUrl: string | null | undefined): Promise<Metadata> {
  const key = (cdnUrl ?? '').replace('http://studio.test/files/', '');
  const chunks: Buffer[] = [];
  for await (const c of files.read(key)) chunks.push(c as Buffer);
  return sharp(Buffer.concat(chunks)).metadata();
}

type Log = { method: string; path: string }[];
const falLog = async (): Promise<Log> => (await sim.control(`/__sim/requests?channel=${SIM_FAL_CHANNEL.name}`)).json() as Promise<Log>; // prettier-ignore

describe('image jobs on the fal queue', () => {
  it('ends done with a verified image of the ratio asked in Studio’s store', async () => {
    const { job, attempts } = await runJob({ prompt: '海边的灯塔', model: 'falimage-flux', ratio: '16:9' }, '法尔一');
    expect(job).toMatchObject({ status: 'done', error: null });
    expect(job?.cdnUrl).toMatch(/^http:\/\/studio\.test\/files\//);
    const meta = await stored(job?.cdnUrl);
    expect((meta.width ?? 0) / (meta.height ?? 1)).toBeCloseTo(16 / 9, 2);
    expect(attempts).toEqual([{ channel: 'sim-fal', ok: true, cls: null }]);
    const log = await falLog();
    expect(log.some((r) => r.method === 'POST' && r.path === '/fal-ai/flux/dev')).toBe(true);
    expect(log.some((r) => r.method === 'GET' && /^\/fal-ai\/flux\/requests\/[^/]+$/.test(r.path))).toBe(true);
  });

  it('brings a reference image to an edit model', async () => {
    const ref = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#c84' } })
      .jpeg()
      .toBuffer();
    await sim.control(`/__sim/requests?channel=${SIM_FAL_CHANNEL.name}`, { method: 'DELETE' });
    const { job } = await runJob({ prompt: '变成水彩', model: 'falimage-banana' }, '法尔二', ref);
    expect(job?.status).toBe('done');
    expect(await stored(job?.cdnUrl)).toMatchObject({ format: expect.stringMatching(/png|jpeg|webp/) });
    const log = await falLog();
    expect(log.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/fal-ai/nano-banana/edit']);
  });

  it('ends a refused request as the caller’s content refusal, refunded, after one attempt', async () => {
    await sim.control('/__sim/faults', { json: { channel: SIM_FAL_CHANNEL.name, fault: 'content_refused', times: 1 } });
    const { job, attempts, ledger } = await runJob({ prompt: '被拒绝的内容', model: 'falimage-flux' }, '法尔三');
    expect(job).toMatchObject({ status: 'failed', error: CONTENT_REFUSED_MESSAGE });
    expect(job?.error).not.toMatch(/sim|fal|upstream/i);
    expect(attempts).toEqual([{ channel: 'sim-fal', ok: false, cls: 'refused' }]);
    const charged = ledger.find((l) => l.kind === 'charge')?.amount ?? 0;
    expect(charged).toBeLessThan(0);
    expect(ledger.at(-1)).toEqual({ kind: 'refund', amount: -charged });
  });
});
