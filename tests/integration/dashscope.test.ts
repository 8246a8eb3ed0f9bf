import { buffer } from 'node:stream/consumers';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIM_DASHSCOPE_CHANNEL } from '@/sim/channels';
import { startSim, type RunningSim } from '@/sim/testing';
import { buildConfig, parseEnv, type Config } from '@/server/config';
import { jobs, ledgerEntries, upstreamAttempts, upstreams } from '@/server/db/schema';
import { OPERATOR } from '@/server/domain/auth/identity';
import { runImageJob } from '@/server/domain/jobs/run';
import { submitImageJobs } from '@/server/domain/jobs/submit';
import { createTenant } from '@/server/domain/tenants/tenants';
import { claim, QUEUES } from '@/server/queue/queue';
import { LocalFileStore } from '@/server/storage/store';
import { runUpstreamTest } from '@/server/upstreams/admin/upstream-test';
import { flushAttempts } from '@/server/upstreams/engine';
import { invalidateCandidates, simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { createTestDatabase, testConfig, testSecret, type TestDatabase } from '../helpers/test-db';

/** A tenant's image jobs routed to the simulated DashScope channel (`sim-wan`), the only channel here. */

const CH = SIM_DASHSCOPE_CHANNEL.name;
let t: TestDatabase;
let sim: RunningSim;
let config: Config;
let files: LocalFileStore;

beforeAll(async () => {
  t = await createTestDatabase();
  sim = await startSim({ channels: [SIM_DASHSCOPE_CHANNEL] });
  await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url, [SIM_DASHSCOPE_CHANNEL]), 'simulator');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-wan-'));
  config = { ...buildConfig(parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_SECRET: 'x'.repeat(40) })), secret: testSecret };
  files = new LocalFileStore(path.join(dir, 'files'), 'http://studio.test');
});
afterAll(async () => {
  await sim.close();
  await t.close();
});
afterEach(async () => {
  await sim.control('/__sim/faults', { method: 'DELETE' });
  await t.db.update(upstreams).set({ softTimeoutMs: 60_000 }).where(eq(upstreams.name, CH));
  invalidateCandidates(t.db);
});

/**
 * Submits one job of the family as a new tenant (with `reference`, a 600×400 PNG it uploaded as its
 * reference image), runs it the way the worker does, and reads it back.
 */
async function runJob(item: { prompt: string; model: string; ratio?: string }, reference = false) {
  const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
    name: '万相租户',
    credits: 100,
    quota_monthly: 0,
  });
  if (reference) {
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#6a9' } })
      .png()
      .toBuffer();
    const url = await files.put(`${tenant.id}/uploads/tenant/photo.png`, png, 'image/png');
    Object.assign(item, { reference_images: [url] });
  }
  const [submitted] = await submitImageJobs(
    { db: t.db, config, files },
    { kind: 'tenant', tenantId: tenant.id, via: 'key' },
    { items: [item], callbackUrl: null, idempotencyKey: null, hash: item.prompt, batch: false },
  );
  if (!submitted) throw new Error('no job');
  const claimed = await claim(t.db, [QUEUES.imageJob], 100, 60_000, 'wan-worker');
  const task = claimed.find((c) => c.payload.jobId === submitted.id);
  if (!task || task.queue !== QUEUES.imageJob) throw new Error('task not claimed');
  await runImageJob({ db: t.db, config: testConfig(), files, retryDelayMs: () => 5 }, task);
  await flushAttempts();
  const [job] = await t.db.select().from(jobs).where(eq(jobs.id, submitted.id));
  const ledger = await t.db
    .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.tenantId, tenant.id)))
    .orderBy(ledgerEntries.id);
  const attempts = await t.db
    .select({ ok: upstreamAttempts.ok, cls: upstreamAttempts.errorClass, code: upstreamAttempts.errorCode })
    .from(upstreamAttempts)
    .where(eq(upstreamAttempts.ref, submitted.id));
  return { job, ledger, attempts };
}

describe('image jobs on a DashScope channel', () => {
  it('ends done with the verified image, of the ratio asked, in Studio’s store', async () => {
    const { job, ledger, attempts } = await runJob({ prompt: '秋天的银杏大道', model: 'wan-image', ratio: '3:4' });
    expect(job?.status).toBe('done');
    const key = files.keyOf(job?.cdnUrl ?? '');
    if (!key) throw new Error(`no stored file for ${job?.cdnUrl}`);
    const meta = await sharp(await buffer(files.read(key))).metadata();
    expect(meta.format).toBe('png');
    expect((meta.width ?? 0) / (meta.height ?? 1)).toBeCloseTo(3 / 4, 2);
    expect(attempts).toEqual([{ ok: true, cls: null, code: null }]);
    expect(ledger.map((l) => l.kind)).toEqual(['adjust', 'charge']);
  });

  it('never sends a job without reference images to an edit-only model: `auto` avoids it, its family is a 400', async () => {
    await sim.control('/__sim/requests', { method: 'DELETE' });
    for (let i = 0; i < 6; i++) {
      const { job } = await runJob({ prompt: `湖边的小屋 ${i}`, model: 'auto' });
      expect(job?.status).toBe('done');
    }
    expect(sim.sim.requests(CH).filter((r) => /image2image|multimodal-generation/.test(r.path))).toEqual([]);
    // Asked for by name, the edit family is refused before any charge, with the capability's words.
    await expect(runJob({ prompt: '把裙子换成蓝色', model: 'wan-edit' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message:
        'No upstream currently available for an image without reference images with model "wan-edit". ' +
        'Retrying will not help: change the parameters or wait until it is supported.',
    });
  });

  it('edits a tenant’s reference image with Qwen-Image-Edit: done, verified, cropped to the ratio asked', async () => {
    await sim.control('/__sim/requests', { method: 'DELETE' });
    const { job, ledger, attempts } = await runJob(
      { prompt: '把背景换成雪山', model: 'qwen-image-edit', ratio: '1:1' },
      true,
    );
    expect(job?.status).toBe('done');
    const key = files.keyOf(job?.cdnUrl ?? '');
    if (!key) throw new Error(`no stored file for ${job?.cdnUrl}`);
    const meta = await sharp(await buffer(files.read(key))).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(meta.height);
    expect(attempts).toEqual([{ ok: true, cls: null, code: null }]);
    expect(ledger.map((l) => l.kind)).toEqual(['adjust', 'charge']);
    // One synchronous call on the editing endpoint, whichever of the family's two models was chosen.
    const calls = sim.sim.requests(CH).filter((r) => r.method === 'POST');
    expect(calls.map((c) => [c.path, c.model, c.status])).toEqual([
      ['/api/v1/services/aigc/multimodal-generation/generation', expect.stringMatching(/^qwen-image-edit/), 200],
    ]);
  });

  it('tests an edit-only model with an input image, since it refuses a prompt alone', async () => {
    for (const model of ['qwen-image-edit-plus', 'wan2.5-i2i-preview']) {
      const res = await runUpstreamTest(t.db, testSecret, { name: CH, model });
      expect(res, model).toMatchObject({ ok: true, error_class: null, model });
      expect(res.sample).toMatch(/ png, /);
    }
  });

  it('ends a task the provider’s moderation fails (DataInspectionFailed) as the caller’s refusal, refunded', async () => {
    await sim.control('/__sim/faults', {
      json: { channel: CH, fault: 'task_failed', code: 'DataInspectionFailed', times: 1 },
    });
    const { job, ledger, attempts } = await runJob({ prompt: '被拒绝的内容', model: 'wan-image' });
    expect(job?.status).toBe('failed');
    expect(job?.errorReason).toBe('content_refused');
    expect(job?.error).not.toMatch(/sim|wan|dashscope/i);
    expect(attempts).toEqual([{ ok: false, cls: 'refused', code: 'DataInspectionFailed' }]);
    const charged = ledger.find((l) => l.kind === 'charge')?.amount ?? 0;
    expect(ledger.map((l) => l.kind)).toEqual(['adjust', 'charge', 'refund']);
    expect(ledger.at(-1)?.amount).toBe(-charged);
  });

  it('cancels a task that never finishes when the attempt times out', async () => {
    await t.db.update(upstreams).set({ softTimeoutMs: 1_000 }).where(eq(upstreams.name, CH));
    invalidateCandidates(t.db);
    await sim.control('/__sim/requests', { method: 'DELETE' });
    await sim.control('/__sim/faults', { json: { channel: CH, fault: 'task_never_finishes' } });
    const { job, attempts } = await runJob({ prompt: '永远排队', model: 'wan-image' });
    expect(job?.status).toBe('failed');
    expect(job?.errorReason).toBe('timeout');
    // Each attempt (the first and its two retries) gave up on its task, and DashScope cancelled each (they were PENDING).
    expect(attempts.map((a) => a.cls)).toEqual(['timeout', 'timeout', 'timeout']);
    let cancels: { path: string; status: number | null }[] = [];
    for (let i = 0; i < 100; i++) {
      cancels = sim.sim.requests(CH).filter((r) => r.method === 'POST' && r.path.endsWith('/cancel'));
      if (cancels.length === 3 && cancels.every((c) => c.status !== null)) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(cancels.map((c) => c.status)).toEqual([200, 200, 200]);
    for (const c of cancels) {
      const res = await sim.call(CH, c.path.replace(/\/cancel$/, ''));
      expect(((await res.json()) as { output: { task_status: string } }).output.task_status).toBe('CANCELED');
    }
  });
});
