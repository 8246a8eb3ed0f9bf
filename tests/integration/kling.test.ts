import { eq } from 'drizzle-orm';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIM_KLING_CHANNEL } from '@/sim/channels-kling';
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

/** A tenant's video tasks routed to the simulated Kling channel (`sim-kling`), the only video channel here. */

const CH = SIM_KLING_CHANNEL.name;
const FAST = 'videomodel-2-0-fast-260801';
const PRO25 = 'videomodel-2-5-pro-260801';
let t: TestDatabase;
let sim: RunningSim;
let config: Config;
let files: LocalFileStore;
let filesDir: string;
let worker: QueueWorker;

beforeAll(async () => {
  t = await createTestDatabase();
  sim = await startSim({ channels: [SIM_KLING_CHANNEL] });
  await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url, [SIM_KLING_CHANNEL]), 'simulator');
  ({ config, files, filesDir, worker } = await startVideoWorker(t, 'kling', 20));
});
afterAll(async () => {
  await worker.stop(1000);
  await sim.close();
  await t.close();
});
afterEach(async () => {
  await sim.control('/__sim/reset', { method: 'POST' });
});

async function newTenant(): Promise<ScopedIdentity & { kind: 'tenant' }> {
  const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
    name: '可灵租户',
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

async function mp4Seconds(url: string | null): Promise<number | undefined> {
  return (await inspectMp4File(path.join(filesDir, files.keyOf(url ?? '') ?? '')))?.duration;
}

/** The body of the simulator's create request, as it received it (read back from its request log). */
function created(endpoint: string) {
  return sim.sim.requests(CH).filter((r) => r.method === 'POST' && r.path === `/v1/videos/${endpoint}`);
}

describe('video tasks on a Kling channel', () => {
  it('a text-to-video task of a tier ends done with a verified MP4 of the duration, charged once', async () => {
    const who = await newTenant();
    const sub = await submitVideo(
      deps(),
      who,
      { prompt: '雨中的霓虹街道 neon street in the rain', model: FAST, duration: 10, ratio: '9:16' },
      { idempotencyKey: null },
    );
    const task = await finished(who, sub.id);
    expect(task).toMatchObject({
      job_status: 'done',
      state: 'succeeded',
      model: FAST,
      duration: 10,
      resolution: '720p',
    });
    expect(await mp4Seconds(task.video_url)).toBe(10);
    expect(created('text2video')).toHaveLength(1);
    expect(JSON.stringify(task)).not.toMatch(/kling|sim-/);
    const [vt] = await t.db.select().from(videoTasks).where(eq(videoTasks.id, sub.id));
    expect(vt).toMatchObject({ channel: CH, upstreamModel: 'kling-v1-6' });
    expect(vt?.upstreamTaskId).toMatch(/^text2video\//);
    expect((await ledgerOf(who.tenantId)).map(([k]) => k)).toEqual(['adjust', 'charge']);
  });

  it('a first-and-last-frame task at 1080p goes to image to video and ends done', async () => {
    const who = await newTenant();
    const img = (n: string) => files.put(`${who.tenantId}/uploads/${n}.png`, Buffer.from('png'), 'image/png');
    const images = [await img('first'), await img('last')];
    const sub = await submitVideo(
      deps(),
      who,
      { prompt: '花开 a flower opens', model: PRO25, duration: 5, resolution: '1080p', images },
      { idempotencyKey: null },
    );
    const task = await finished(who, sub.id);
    expect(task).toMatchObject({ job_status: 'done', model: PRO25, resolution: '1080p' });
    expect(await mp4Seconds(task.video_url)).toBe(5);
    expect(created('image2video')).toHaveLength(1);
    const [vt] = await t.db.select().from(videoTasks).where(eq(videoTasks.id, sub.id));
    expect(vt).toMatchObject({ upstreamModel: 'kling-v2-5-turbo' });
    expect(vt?.upstreamTaskId).toMatch(/^image2video\//);
  });

  it('a duration or a last frame Kling does not make is refused at submission, before any charge', async () => {
    const who = await newTenant();
    const refused = submitVideo(deps(), who, { prompt: 'x', model: PRO25, duration: 7 }, { idempotencyKey: null });
    await expect(refused).rejects.toMatchObject({ status: 400 });
    await expect(refused).rejects.toThrow(/duration/);
    // The fast tier's 720p is std mode, which takes no last frame: no channel of the tier can.
    const img = await files.put(`${who.tenantId}/uploads/f.png`, Buffer.from('png'), 'image/png');
    await expect(
      submitVideo(deps(), who, { prompt: 'x', model: FAST, duration: 5, images: [img, img] }, { idempotencyKey: null }),
    ).rejects.toMatchObject({ status: 400 });
    expect(created('text2video')).toHaveLength(0);
    expect(created('image2video')).toHaveLength(0);
    expect((await ledgerOf(who.tenantId)).map(([k]) => k)).toEqual(['adjust']);
  });

  it('a task cancelled on Kling (no cancel) is refunded once and followed to its end, never charged again', async () => {
    sim.sim.setLatency(CH, 2_000);
    const who = await newTenant();
    const sub = await submitVideo(deps(), who, { prompt: 'x', model: FAST, duration: 5 }, { idempotencyKey: null });
    await waitFor(
      () => taskOf(who, sub.id),
      (v) => v.state === 'running' || v.state === 'queued',
    );
    const upstream = await waitFor(
      async () => (await t.db.select().from(videoTasks).where(eq(videoTasks.id, sub.id)))[0],
      (v) => !!v?.upstreamTaskId,
    );
    expect(upstream?.upstreamTaskId).toBeTruthy();
    const removed = await removeVideo(deps(), who, { id: sub.id });
    expect(removed).toMatchObject({ action: 'cancelled', task: { job_status: 'failed', reason: 'cancelled' } });
    // Kling cannot cancel: the task stays marked as an orphan and is followed to its end.
    const followed = await waitFor(
      async () => (await t.db.select().from(videoTasks).where(eq(videoTasks.id, sub.id)))[0],
      (v) => v?.upstreamState === 'succeeded',
    );
    expect(followed?.orphanedAt).toBeInstanceOf(Date);
    expect(sim.sim.requests(CH).filter((r) => r.method === 'GET').length).toBeGreaterThan(1);
    expect(followed?.upstreamState).toBe('succeeded');
    expect((await taskOf(who, sub.id)).job_status).toBe('failed');
    expect(await ledgerOf(who.tenantId)).toEqual([
      ['adjust', 1000],
      ['charge', expect.any(Number)],
      ['refund', expect.any(Number)],
    ]);
  });
});
