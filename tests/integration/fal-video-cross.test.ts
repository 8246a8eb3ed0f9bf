import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_FAL_VIDEO_CHANNEL } from '@/sim/channels';
import { SIM_KLING_CHANNEL } from '@/sim/channels-kling';
import { startSim, type RunningSim } from '@/sim/testing';
import type { Config } from '@/server/config';
import { videoTasks } from '@/server/db/schema';
import { submitVideo } from '@/server/domain/videos/submit';
import type { QueueWorker } from '@/server/queue/worker';
import type { LocalFileStore } from '@/server/storage/store';
import { planOrThrow } from '@/server/upstreams/engine';
import { simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { startVideoWorker, videoReads, waitFor } from '../helpers/video-reads';
import { ledgerOf, newVideoTenant } from '../helpers/video-tenant';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

/** A tier served by a fal channel (Kling 2.5 Turbo Pro on fal) and a Kling channel: a failed task on one falls back to the other. */

const PRO25 = 'videomodel-2-5-pro-260801';
const FAL = SIM_FAL_VIDEO_CHANNEL.name;
const KLING = SIM_KLING_CHANNEL.name;
let t: TestDatabase;
let sim: RunningSim;
let config: Config;
let files: LocalFileStore;
let worker: QueueWorker;

beforeAll(async () => {
  t = await createTestDatabase();
  const channels = [SIM_FAL_VIDEO_CHANNEL, SIM_KLING_CHANNEL];
  sim = await startSim({ channels });
  await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url, channels), 'simulator');
  ({ config, files, worker } = await startVideoWorker(t, 'fal-cross', 10));
});
afterAll(async () => {
  await worker.stop(1000);
  await sim.close();
  await t.close();
});

const deps = () => ({ db: t.db, config, files });
const { taskOf, finished } = videoReads(() => t.db);

describe('a video tier served by a fal channel and a Kling channel', () => {
  it('keeps the tier and moves to the other protocol when the first channel’s task fails, charged once', async () => {
    const who = await newVideoTenant(t.db, '跨协议 fal');
    const needs = { duration: 5, resolution: '1080p' };
    // The worker plans with the same fixed random number: its first channel is this one.
    const plan = await planOrThrow(t.db, { media: 'video', model: PRO25, binding: null, needs }, () => 0);
    const [first, second] = plan.chain.map((c) => c.upstream.name);
    expect([first, second].sort()).toEqual([FAL, KLING].sort());
    const armed = await sim.control('/__sim/faults', { json: { channel: first, fault: 'task_failed' } });
    expect(armed.status).toBe(200);
    sim.sim.setLatency(second ?? '', 1_000);

    const sub = await submitVideo(
      deps(),
      who,
      { prompt: 'fallback', model: PRO25, duration: 5, resolution: '1080p' },
      { idempotencyKey: null },
    );
    const pending = await waitFor(
      () => taskOf(who, sub.id),
      (v) => v.note !== null,
      8_000,
    );
    expect(pending.note).toMatch(/backup channel 1\/1/);
    const done = await finished(who, sub.id);
    expect(done).toMatchObject({ job_status: 'done', state: 'succeeded', model: PRO25, note: null });
    const [vt] = await t.db.select().from(videoTasks).where(eq(videoTasks.id, sub.id));
    expect(vt?.channel).toBe(second);
    expect(vt?.failedUpstreams).toHaveLength(1);
    expect(vt?.upstreamModel).toBe(
      second === FAL ? 'fal-ai/kling-video/v2.5-turbo/pro/text-to-video' : 'kling-v2-5-turbo',
    );
    expect((await ledgerOf(t.db, who.tenantId)).map(([k]) => k)).toEqual(['adjust', 'charge']);
  });
});
