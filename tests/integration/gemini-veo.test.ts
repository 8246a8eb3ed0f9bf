import { eq } from 'drizzle-orm';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIM_GEMINI_VEO_CHANNEL } from '@/sim/channels-gemini-veo';
import { startSim, type RunningSim } from '@/sim/testing';
import type { Config } from '@/server/config';
import { ledgerEntries, videoTasks } from '@/server/db/schema';
import { OPERATOR, type ScopedIdentity } from '@/server/domain/auth/identity';
import { createTenant } from '@/server/domain/tenants/tenants';
import { inspectMp4File } from '@/server/domain/videos/media-facts';
import { removeVideo } from '@/server/domain/videos/remove';
import { submitVideo } from '@/server/domain/videos/submit';
import type { QueueWorker } from '@/server/queue/worker';
import type { LocalFileStore } from '@/server/storage/store';
import { simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { startVideoWorker, videoReads, waitFor } from '../helpers/video-reads';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

/**
 * A tenant's video tasks routed to the simulated Veo channel (`sim-gemini-veo`), the only video channel
 * here: the pro tier is Veo 3.1 (first and last frame, 720p and 1080p), the fast tier Veo 3 Fast at 720p.
 */

const CH = SIM_GEMINI_VEO_CHANNEL.name;
const FAST = 'videomodel-2-0-fast-260801';
const PRO25 = 'videomodel-2-5-pro-260801';
let t: TestDatabase;
let sim: RunningSim;
let config: Config;
let files: LocalFileStore;
let filesDir: string;
let worker: QueueWorker;
let closeFiles: () => Promise<void>;

beforeAll(async () => {
  t = await createTestDatabase();
  sim = await startSim({ channels: [SIM_GEMINI_VEO_CHANNEL] });
  await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url, [SIM_GEMINI_VEO_CHANNEL]), 'simulator');
  // Veo takes frames as bytes: the worker reads the caller's uploads from the store's URLs.
  ({ config, files, filesDir, worker, closeFiles } = await startVideoWorker(t, 'gemini-veo', 20, true));
});
afterAll(async () => {
  await worker.stop(1000);
  await closeFiles();
  await sim.close();
  await t.close();
});
afterEach(async () => {
  await sim.control('/__sim/reset', { method: 'POST' });
});

async function newTenant(): Promise<ScopedIdentity & { kind: 'tenant' }> {
  const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
    name: 'Veo tenant',
    credits: 1000,
    quota_monthly: 0,
  });
  return { kind: 'tenant', tenantId: tenant.id, via: 'key' };
}

const deps = () => ({ db: t.db, config, files });
const { taskOf, finished } = videoReads(() => t.db);
const ledgerOf = async (tenantId: string) =>
  (
    await t.db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.tenantId, tenantId))
      .orderBy(ledgerEntries.id)
  ).map((l) => [l.kind, l.amount]);
const rowOf = async (id: string) => (await t.db.select().from(videoTasks).where(eq(videoTasks.id, id)))[0];

async function mp4Seconds(url: string | null): Promise<number | undefined> {
  return (await inspectMp4File(path.join(filesDir, files.keyOf(url ?? '') ?? '')))?.duration;
}

const started = () => sim.sim.requests(CH).filter((r) => r.method === 'POST' && r.path.endsWith(':predictLongRunning'));

describe('video tasks on a Veo (Gemini API) channel', () => {
  it('a text-to-video task of a tier ends done with a verified MP4 of the duration, charged once', async () => {
    const who = await newTenant();
    const sub = await submitVideo(
      deps(),
      who,
      { prompt: 'a paper boat drifting down a rainy street', model: FAST, duration: 6, ratio: '9:16' },
      { idempotencyKey: null },
    );
    const task = await finished(who, sub.id);
    expect(task).toMatchObject({
      job_status: 'done',
      state: 'succeeded',
      model: FAST,
      duration: 6,
      resolution: '720p',
    });
    expect(await mp4Seconds(task.video_url)).toBe(6);
    expect(started()).toHaveLength(1);
    expect(JSON.stringify(task)).not.toMatch(/veo|gemini|sim-/i);
    const vt = await rowOf(sub.id);
    expect(vt).toMatchObject({ channel: CH, upstreamModel: 'veo-3.0-fast-generate-001' });
    expect(vt?.upstreamTaskId).toMatch(/^models\/veo-3\.0-fast-generate-001\/operations\//);
    expect((await ledgerOf(who.tenantId)).map(([k]) => k)).toEqual(['adjust', 'charge']);
  });

  it('a first-and-last-frame task at 1080p, 8 seconds, sends both frames to Veo 3.1 and ends done', async () => {
    const who = await newTenant();
    const frame = (colour: string) =>
      sharp({ create: { width: 64, height: 36, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const images = [
      await files.put(`${who.tenantId}/uploads/first.png`, await frame('#248'), 'image/png'),
      await files.put(`${who.tenantId}/uploads/last.png`, await frame('#e82'), 'image/png'),
    ];
    const sub = await submitVideo(
      deps(),
      who,
      { prompt: 'from dawn to dusk', model: PRO25, duration: 8, resolution: '1080p', images },
      { idempotencyKey: null },
    );
    const task = await finished(who, sub.id);
    expect(task).toMatchObject({ job_status: 'done', model: PRO25, resolution: '1080p', duration: 8 });
    expect(await mp4Seconds(task.video_url)).toBe(8);
    expect(started()).toHaveLength(1);
    expect(await rowOf(sub.id)).toMatchObject({ upstreamModel: 'veo-3.1-generate-preview' });
  });

  it('a duration Veo does not make, or 1080p on the fast tier, is refused at submission before any charge', async () => {
    const who = await newTenant();
    for (const body of [
      { prompt: 'x', model: PRO25, duration: 5 },
      { prompt: 'x', model: FAST, duration: 8, resolution: '1080p' },
    ]) {
      const refused = submitVideo(deps(), who, body, { idempotencyKey: null });
      await expect(refused).rejects.toMatchObject({ status: 400 });
    }
    expect(started()).toHaveLength(0);
    expect((await ledgerOf(who.tenantId)).map(([k]) => k)).toEqual(['adjust']);
  });

  it('a failed operation and a filtered video are each refunded once; the filter is the caller’s refusal', async () => {
    const who = await newTenant();
    for (const [fault, reason] of [
      ['task_failed', 'upstream_error'],
      ['content_refused', 'content_refused'],
    ] as const) {
      await sim.control('/__sim/faults', { json: { channel: CH, fault, times: 1 } });
      const sub = await submitVideo(deps(), who, { prompt: 'x', model: FAST, duration: 4 }, { idempotencyKey: null });
      const task = await finished(who, sub.id);
      expect(task, fault).toMatchObject({ job_status: 'failed', reason });
    }
    const kinds = (await ledgerOf(who.tenantId)).map(([k]) => k);
    expect(kinds).toEqual(['adjust', 'charge', 'refund', 'charge', 'refund']);
  });

  it('a task cancelled on Veo (no cancel) is refunded once and followed to its end, never charged again', async () => {
    sim.sim.setLatency(CH, 2_000);
    const who = await newTenant();
    const sub = await submitVideo(deps(), who, { prompt: 'x', model: FAST, duration: 4 }, { idempotencyKey: null });
    await waitFor(
      async () => rowOf(sub.id),
      (v) => !!v?.upstreamTaskId,
    );
    const removed = await removeVideo(deps(), who, { id: sub.id });
    expect(removed).toMatchObject({ action: 'cancelled', task: { job_status: 'failed', reason: 'cancelled' } });
    const followed = await waitFor(
      async () => rowOf(sub.id),
      (v) => v?.upstreamState === 'succeeded',
    );
    expect(followed?.orphanedAt).toBeInstanceOf(Date);
    expect(followed?.upstreamState).toBe('succeeded');
    expect((await taskOf(who, sub.id)).job_status).toBe('failed');
    expect(await ledgerOf(who.tenantId)).toEqual([
      ['adjust', 1000],
      ['charge', expect.any(Number)],
      ['refund', expect.any(Number)],
    ]);
  });
});
