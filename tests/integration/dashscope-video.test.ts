import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIM_DASHSCOPE_VIDEO_CHANNEL } from '@/sim/channels-dashscope-video';
import { startSim, type RunningSim } from '@/sim/testing';
import type { Config } from '@/server/config';
import { videoTasks } from '@/server/db/schema';
import { removeVideo } from '@/server/domain/videos/remove';
import { submitVideo } from '@/server/domain/videos/submit';
import type { QueueWorker } from '@/server/queue/worker';
import type { LocalFileStore } from '@/server/storage/store';
import { simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { startVideoWorker, videoReads, waitFor } from '../helpers/video-reads';
import { ledgerOf, newVideoTenant, storedMp4Seconds } from '../helpers/video-tenant';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

/** A tenant's video tasks routed to the simulated DashScope video channel (`sim-wan-video`), the only video channel here. */

const CH = SIM_DASHSCOPE_VIDEO_CHANNEL.name;
const PRO20 = 'videomodel-2-0-pro-260801';
const PRO25 = 'videomodel-2-5-pro-260801';
const T2V = '/api/v1/services/aigc/video-generation/video-synthesis';
const KF2V = '/api/v1/services/aigc/image2video/video-synthesis';
let t: TestDatabase;
let sim: RunningSim;
let config: Config;
let files: LocalFileStore;
let filesDir: string;
let worker: QueueWorker;

beforeAll(async () => {
  t = await createTestDatabase();
  sim = await startSim({ channels: [SIM_DASHSCOPE_VIDEO_CHANNEL] });
  await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url, [SIM_DASHSCOPE_VIDEO_CHANNEL]), 'simulator');
  ({ config, files, filesDir, worker } = await startVideoWorker(t, 'wan-video', 20));
});
afterAll(async () => {
  await worker.stop(1000);
  await sim.close();
  await t.close();
});
afterEach(async () => {
  await sim.control('/__sim/reset', { method: 'POST' });
});

const deps = () => ({ db: t.db, config, files });
const { finished, taskOf } = videoReads(() => t.db);
const tenant = () => newVideoTenant(t.db, '万相租户');
const mp4Seconds = (url: string | null) => storedMp4Seconds(files, filesDir, url);
/** The simulator's create requests at a path, with the provider model each named. */
const created = (p: string) =>
  sim.sim
    .requests(CH)
    .filter((r) => r.method === 'POST' && r.path === p)
    .map((r) => r.model);
const rowOf = async (id: string) => (await t.db.select().from(videoTasks).where(eq(videoTasks.id, id)))[0];

describe('video tasks on a DashScope (Wan) channel', () => {
  it('a text-to-video task of a tier ends done with a verified MP4 of the duration, charged once', async () => {
    const who = await tenant();
    const sub = await submitVideo(
      deps(),
      who,
      { prompt: '雨中的霓虹街道 neon street in the rain', model: PRO20, duration: 5, ratio: '9:16' },
      { idempotencyKey: null },
    );
    const task = await finished(who, sub.id);
    expect(task).toMatchObject({
      job_status: 'done',
      state: 'succeeded',
      model: PRO20,
      duration: 5,
      resolution: '480p',
    });
    expect(await mp4Seconds(task.video_url)).toBe(5);
    expect(created(T2V)).toEqual(['wan2.2-t2v-plus']);
    expect(JSON.stringify(task)).not.toMatch(/wan|dashscope|sim-/i);
    expect(await rowOf(sub.id)).toMatchObject({ channel: CH, upstreamModel: 'wan2.2-t2v-plus' });
    expect((await ledgerOf(t.db, who.tenantId)).map(([k]) => k)).toEqual(['adjust', 'charge']);
  });

  it('a first-and-last-frame task goes to the line’s first-and-last-frame model and ends done', async () => {
    const who = await tenant();
    const img = (n: string) => files.put(`${who.tenantId}/uploads/${n}.png`, Buffer.from('png'), 'image/png');
    const images = [await img('first'), await img('last')];
    const sub = await submitVideo(
      deps(),
      who,
      { prompt: '花开 a flower opens', model: PRO20, duration: 5, images },
      { idempotencyKey: null },
    );
    const task = await finished(who, sub.id);
    expect(task).toMatchObject({ job_status: 'done', model: PRO20 });
    expect(await mp4Seconds(task.video_url)).toBe(5);
    expect(created(KF2V)).toEqual(['wan2.2-kf2v-flash']);
    expect(created(T2V)).toEqual([]);
  });

  it('a first-frame task of Wan 2.5 at 10 seconds goes to its image-to-video model and ends done', async () => {
    const who = await tenant();
    const first = await files.put(`${who.tenantId}/uploads/f.png`, Buffer.from('png'), 'image/png');
    const sub = await submitVideo(
      deps(),
      who,
      { prompt: 'the kite rises', model: PRO25, duration: 10, resolution: '720p', images: [first] },
      { idempotencyKey: null },
    );
    const task = await finished(who, sub.id);
    expect(task).toMatchObject({ job_status: 'done', model: PRO25, duration: 10, resolution: '720p' });
    expect(await mp4Seconds(task.video_url)).toBe(10);
    expect(created(T2V)).toEqual(['wan2.5-i2v-preview']);
  });

  it('a duration, a resolution or a last frame the tier’s Wan line does not make is a 400 before any charge', async () => {
    const who = await tenant();
    const submit = (input: Parameters<typeof submitVideo>[2]) =>
      submitVideo(deps(), who, input, { idempotencyKey: null });
    await expect(submit({ prompt: 'x', model: PRO25, duration: 7 })).rejects.toMatchObject({ status: 400 });
    await expect(submit({ prompt: 'x', model: PRO20, duration: 10 })).rejects.toThrow(/duration/);
    await expect(submit({ prompt: 'x', model: PRO20, duration: 5, resolution: '720p' })).rejects.toMatchObject({
      status: 400,
    });
    // Wan 2.5 has no first-and-last-frame model.
    const img = await files.put(`${who.tenantId}/uploads/f.png`, Buffer.from('png'), 'image/png');
    await expect(submit({ prompt: 'x', model: PRO25, duration: 5, images: [img, img] })).rejects.toMatchObject({
      status: 400,
    });
    expect([...created(T2V), ...created(KF2V)]).toEqual([]);
    expect((await ledgerOf(t.db, who.tenantId)).map(([k]) => k)).toEqual(['adjust']);
  });

  it('a failed task is refunded once', async () => {
    const arm = await sim.control('/__sim/faults', {
      json: { channel: CH, times: 1, fault: 'task_failed', code: 'InternalError' },
    });
    expect(arm.status).toBe(200);
    const who = await tenant();
    const sub = await submitVideo(deps(), who, { prompt: 'x', model: PRO20, duration: 5 }, { idempotencyKey: null });
    const task = await finished(who, sub.id);
    expect(task.job_status).toBe('failed');
    expect(created(T2V)).toEqual(['wan2.2-t2v-plus']);
    expect(await ledgerOf(t.db, who.tenantId)).toEqual([
      ['adjust', 1000],
      ['charge', expect.any(Number)],
      ['refund', expect.any(Number)],
    ]);
    const [, [, charged], [, refunded]] = (await ledgerOf(t.db, who.tenantId)) as [
      unknown,
      [string, number],
      [string, number],
    ];
    expect(refunded).toBe(-charged);
  });

  it('a task cancelled while PENDING is cancelled on DashScope and refunded once, not followed', async () => {
    sim.sim.setLatency(CH, 60_000);
    try {
      const who = await tenant();
      const sub = await submitVideo(deps(), who, { prompt: 'x', model: PRO20, duration: 5 }, { idempotencyKey: null });
      await waitFor(
        () => rowOf(sub.id),
        (v) => !!v?.upstreamTaskId,
      );
      const removed = await removeVideo(deps(), who, { id: sub.id });
      expect(removed).toMatchObject({ action: 'cancelled', task: { job_status: 'failed', reason: 'cancelled' } });
      const cancels = await waitFor(
        () => Promise.resolve(sim.sim.requests(CH).filter((r) => r.method === 'POST' && r.path.endsWith('/cancel'))),
        (r) => r.length > 0 && r[0]?.status !== null,
      );
      expect(cancels.map((r) => r.status)).toEqual([200]);
      expect((await rowOf(sub.id))?.orphanedAt).toBeNull();
      expect((await taskOf(who, sub.id)).job_status).toBe('failed');
      expect((await ledgerOf(t.db, who.tenantId)).map(([k]) => k)).toEqual(['adjust', 'charge', 'refund']);
    } finally {
      sim.sim.setLatency(CH, 0);
    }
  });

  it('a task cancelled while RUNNING is refused by DashScope, refunded once and followed to its end as an orphan', async () => {
    sim.sim.setLatency(CH, 4_000);
    try {
      const who = await tenant();
      const sub = await submitVideo(deps(), who, { prompt: 'x', model: PRO20, duration: 5 }, { idempotencyKey: null });
      // RUNNING after the first fifth of the latency (800 ms), done at 4 s.
      await waitFor(
        () => rowOf(sub.id),
        (v) => !!v?.upstreamTaskId,
      );
      await new Promise((r) => setTimeout(r, 1_200));
      await removeVideo(deps(), who, { id: sub.id });
      const followed = await waitFor(
        () => rowOf(sub.id),
        (v) => v?.upstreamState === 'succeeded',
      );
      expect(followed?.orphanedAt).toBeInstanceOf(Date);
      const cancels = sim.sim.requests(CH).filter((r) => r.method === 'POST' && r.path.endsWith('/cancel'));
      expect(cancels.map((r) => r.status)).toEqual([400]);
      expect((await taskOf(who, sub.id)).job_status).toBe('failed');
      expect((await ledgerOf(t.db, who.tenantId)).map(([k]) => k)).toEqual(['adjust', 'charge', 'refund']);
    } finally {
      sim.sim.setLatency(CH, 0);
    }
  });
});
