import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_MINIMAX_VIDEO_CHANNEL } from '@/sim/channels-minimax-video';
import { SIM_REPLICATE_VIDEO_CHANNEL } from '@/sim/channels-replicate';
import { startSim, type RunningSim } from '@/sim/testing';
import type { Config } from '@/server/config';
import { submitVideo } from '@/server/domain/videos/submit';
import type { QueueWorker } from '@/server/queue/worker';
import type { LocalFileStore } from '@/server/storage/store';
import { planOrThrow } from '@/server/upstreams/engine';
import { simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { videoChannelReads } from '../helpers/video-channel';
import { startVideoWorker, videoReads, waitFor } from '../helpers/video-reads';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

/** The H3 tier served by a Replicate channel and a MiniMax channel: a failed task on one falls back to the other protocol. */

const H3 = 'videomodel-H3';
const REP = SIM_REPLICATE_VIDEO_CHANNEL;
let t: TestDatabase;
let sim: RunningSim;
let config: Config;
let files: LocalFileStore;
let filesDir: string;
let worker: QueueWorker;

beforeAll(async () => {
  t = await createTestDatabase();
  sim = await startSim({ channels: [REP, SIM_MINIMAX_VIDEO_CHANNEL] });
  await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url, [REP, SIM_MINIMAX_VIDEO_CHANNEL]), 'simulator');
  ({ config, files, filesDir, worker } = await startVideoWorker(t, 'cross-replicate', 10));
});
afterAll(async () => {
  await worker.stop(1000);
  await sim.close();
  await t.close();
});

const { taskOf, finished } = videoReads(() => t.db);
const { newTenant, ledgerOf, mp4Seconds, upstreamRow } = videoChannelReads(
  () => t.db,
  () => ({ store: files, dir: filesDir }),
);

describe('the H3 tier served by Replicate and MiniMax', () => {
  it('keeps the tier and moves to the other protocol when the first channel’s task fails, charged once', async () => {
    const who = await newTenant('Replicate cross-protocol tenant');
    const needs = { duration: 6, resolution: '768P' };
    // The worker plans with the same fixed random number: its first channel is this one.
    const plan = await planOrThrow(t.db, { media: 'video', model: H3, binding: null, needs }, () => 0);
    const [first, second] = plan.chain.map((c) => c.upstream.name);
    expect([first, second].sort()).toEqual([REP.name, SIM_MINIMAX_VIDEO_CHANNEL.name].sort());
    expect((await sim.control('/__sim/faults', { json: { channel: first, fault: 'task_failed' } })).status).toBe(200);
    sim.sim.setLatency(second ?? '', 1_000);

    const sub = await submitVideo(
      { db: t.db, config, files },
      who,
      { prompt: 'fallback', model: H3, duration: 6, resolution: '768P' },
      { idempotencyKey: null },
    );
    const pending = await waitFor(
      () => taskOf(who, sub.id),
      (v) => v.note !== null,
      8_000,
    );
    expect(pending.note).toMatch(/backup channel 1\/1/);
    const done = await finished(who, sub.id);
    expect(done).toMatchObject({ job_status: 'done', model: H3, resolution: '768P', note: null });
    expect(await mp4Seconds(done.video_url)).toBe(6);
    const vt = await upstreamRow(sub.id);
    expect(vt).toMatchObject({ channel: second, tier: H3 });
    expect(vt?.failedUpstreams).toHaveLength(1);
    // The provider-side model changed with the protocol (rule 4: the tier is kept, the alias may change).
    expect(vt?.upstreamModel).toBe(second === REP.name ? 'minimax/hailuo-02' : 'MiniMax-Hailuo-02');
    expect((await ledgerOf(who.tenantId)).map(([k]) => k)).toEqual(['adjust', 'charge']);
  });
});
