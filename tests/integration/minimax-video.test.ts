import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIM_MINIMAX_VIDEO_CHANNEL } from '@/sim/channels-minimax-video';
import { startSim, type RunningSim } from '@/sim/testing';
import type { Config } from '@/server/config';
import { removeVideo } from '@/server/domain/videos/remove';
import { submitVideo } from '@/server/domain/videos/submit';
import type { QueueWorker } from '@/server/queue/worker';
import type { LocalFileStore } from '@/server/storage/store';
import { simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { videoChannelReads } from '../helpers/video-channel';
import { startVideoWorker, videoReads, waitFor } from '../helpers/video-reads';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

/** A tenant's video tasks routed to the simulated MiniMax channel (`sim-minimax-video`), the only video channel here. */

const CH = SIM_MINIMAX_VIDEO_CHANNEL.name;
const H3 = 'videomodel-H3';
const PRO25 = 'videomodel-2-5-pro-260801';
let t: TestDatabase;
let sim: RunningSim;
let config: Config;
let files: LocalFileStore;
let filesDir: string;
let worker: QueueWorker;

beforeAll(async () => {
  t = await createTestDatabase();
  sim = await startSim({ channels: [SIM_MINIMAX_VIDEO_CHANNEL] });
  await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url, [SIM_MINIMAX_VIDEO_CHANNEL]), 'simulator');
  ({ config, files, filesDir, worker } = await startVideoWorker(t, 'minimax', 20));
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
const { taskOf, finished } = videoReads(() => t.db);
const { newTenant, ledgerOf, mp4Seconds, upstreamRow } = videoChannelReads(
  () => t.db,
  () => ({ store: files, dir: filesDir }),
);
const newCaller = () => newTenant('海螺租户');

/** The bodies of the simulator's create requests, as it received them (read back from its request log). */
const created = () => sim.sim.requests(CH).filter((r) => r.method === 'POST' && r.path === '/v1/video_generation');

describe('video tasks on a MiniMax channel', () => {
  it('a text-to-video task of the H3 tier ends done at 768P with a verified MP4 of the duration, charged once', async () => {
    const who = await newCaller();
    const sub = await submitVideo(
      deps(),
      who,
      { prompt: '雨中的霓虹街道 neon street in the rain', model: H3, duration: 10, resolution: '768P' },
      { idempotencyKey: null },
    );
    const task = await finished(who, sub.id);
    expect(task).toMatchObject({ job_status: 'done', state: 'succeeded', model: H3, duration: 10, resolution: '768P' });
    expect(await mp4Seconds(task.video_url)).toBe(10);
    expect(created()).toHaveLength(1);
    expect(JSON.stringify(task)).not.toMatch(/minimax|hailuo|sim-/i);
    expect(await upstreamRow(sub.id)).toMatchObject({ channel: CH, upstreamModel: 'MiniMax-Hailuo-02' });
    expect((await ledgerOf(who.tenantId)).map(([k]) => k)).toEqual(['adjust', 'charge']);
  });

  it('a first-and-last-frame task ends done, its frames sent as first_frame_image and last_frame_image', async () => {
    const who = await newCaller();
    const img = (n: string) => files.put(`${who.tenantId}/uploads/${n}.png`, Buffer.from('png'), 'image/png');
    const images = [await img('first'), await img('last')];
    const sub = await submitVideo(
      deps(),
      who,
      { prompt: '花开 a flower opens', model: H3, duration: 6, images },
      { idempotencyKey: null },
    );
    const task = await finished(who, sub.id);
    expect(task).toMatchObject({ job_status: 'done', model: H3, resolution: '768P' });
    expect(await mp4Seconds(task.video_url)).toBe(6);
    expect(created()).toHaveLength(1);
    const log = sim.sim.requests(CH);
    expect(log.filter((r) => r.path.startsWith('/v1/files/retrieve?file_id=')).length).toBeGreaterThan(0);
  });

  it('the 2.5 pro tier’s 1080p is six seconds on MiniMax; other durations and resolutions are refused before any charge', async () => {
    const who = await newCaller();
    const sub = await submitVideo(
      deps(),
      who,
      { prompt: '城市夜景 a city at night', model: PRO25, duration: 6, resolution: '1080p' },
      { idempotencyKey: null },
    );
    const task = await finished(who, sub.id);
    expect(task).toMatchObject({ job_status: 'done', resolution: '1080p' });
    expect(await upstreamRow(sub.id)).toMatchObject({ upstreamModel: 'MiniMax-Hailuo-2.3' });
    const other = await newCaller();
    for (const body of [
      { prompt: 'x', model: H3, duration: 7 },
      { prompt: 'x', model: H3, duration: 6, resolution: '2K' },
      { prompt: 'x', model: PRO25, duration: 10 },
    ]) {
      const refused = submitVideo(deps(), other, body, { idempotencyKey: null });
      await expect(refused, JSON.stringify(body)).rejects.toMatchObject({ status: 400 });
    }
    // The 2.5 pro tier's MiniMax model takes no last frame: no channel of the tier can.
    const img = await files.put(`${other.tenantId}/uploads/f.png`, Buffer.from('png'), 'image/png');
    await expect(
      submitVideo(
        deps(),
        other,
        { prompt: 'x', model: PRO25, duration: 6, images: [img, img] },
        { idempotencyKey: null },
      ),
    ).rejects.toMatchObject({ status: 400 });
    expect((await ledgerOf(other.tenantId)).map(([k]) => k)).toEqual(['adjust']);
  });

  it('a file not ready yet is waited for; the task ends done, charged once', async () => {
    await sim.control('/__sim/faults', { json: { channel: CH, fault: 'file_not_ready', times: 1 } });
    const who = await newCaller();
    const sub = await submitVideo(deps(), who, { prompt: 'x', model: H3, duration: 6 }, { idempotencyKey: null });
    const task = await finished(who, sub.id);
    expect(task).toMatchObject({ job_status: 'done' });
    expect(await mp4Seconds(task.video_url)).toBe(6);
    expect((await ledgerOf(who.tenantId)).map(([k]) => k)).toEqual(['adjust', 'charge']);
  });

  it('a failed task is refunded once', async () => {
    await sim.control('/__sim/faults', { json: { channel: CH, fault: 'task_failed', times: 1 } });
    const who = await newCaller();
    const sub = await submitVideo(deps(), who, { prompt: 'x', model: H3, duration: 6 }, { idempotencyKey: null });
    const task = await finished(who, sub.id);
    expect(task.job_status).toBe('failed');
    const ledger = await ledgerOf(who.tenantId);
    expect(ledger.map(([k]) => k)).toEqual(['adjust', 'charge', 'refund']);
    expect(ledger[2]?.[1]).toBe(-(ledger[1]?.[1] ?? 0));
  });

  it('a task cancelled on MiniMax (no cancel) is refunded once and followed to its end, never charged again', async () => {
    sim.sim.setLatency(CH, 2_000);
    const who = await newCaller();
    const sub = await submitVideo(deps(), who, { prompt: 'x', model: H3, duration: 6 }, { idempotencyKey: null });
    const upstream = await waitFor(
      () => upstreamRow(sub.id),
      (v) => !!v?.upstreamTaskId,
    );
    expect(upstream?.upstreamTaskId).toMatch(/^\d+$/);
    const removed = await removeVideo(deps(), who, { id: sub.id });
    expect(removed).toMatchObject({ action: 'cancelled', task: { job_status: 'failed', reason: 'cancelled' } });
    const followed = await waitFor(
      () => upstreamRow(sub.id),
      (v) => v?.upstreamState === 'succeeded',
    );
    expect(followed?.orphanedAt).toBeInstanceOf(Date);
    expect((await taskOf(who, sub.id)).job_status).toBe('failed');
    expect(await ledgerOf(who.tenantId)).toEqual([
      ['adjust', 1000],
      ['charge', expect.any(Number)],
      ['refund', expect.any(Number)],
    ]);
  });
});
