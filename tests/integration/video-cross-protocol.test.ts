import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSimChannel, type SimChannel } from '@/sim/channels';
import { SIM_KLING_CHANNEL } from '@/sim/channels-kling';
import { startSim, type RunningSim } from '@/sim/testing';
import type { Config } from '@/server/config';
import { videoTasks } from '@/server/db/schema';
import { OPERATOR, type ScopedIdentity } from '@/server/domain/auth/identity';
import { createTenant } from '@/server/domain/tenants/tenants';
import { submitVideo } from '@/server/domain/videos/submit';
import type { QueueWorker } from '@/server/queue/worker';
import type { LocalFileStore } from '@/server/storage/store';
import { planOrThrow } from '@/server/upstreams/engine';
import { simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { startVideoWorker, videoReads, waitFor } from '../helpers/video-reads';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

/** A tier served by an Ark channel and a Kling channel: a failed task on one falls back to the other protocol. */

const FAST = 'videomodel-2-0-fast-260801';
const ARK = findSimChannel('sim-video-a') as SimChannel;
let t: TestDatabase;
let sim: RunningSim;
let config: Config;
let files: LocalFileStore;
let worker: QueueWorker;

beforeAll(async () => {
  t = await createTestDatabase();
  sim = await startSim({ channels: [ARK, SIM_KLING_CHANNEL] });
  await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url, [ARK, SIM_KLING_CHANNEL]), 'simulator');
  ({ config, files, worker } = await startVideoWorker(t, 'cross', 10));
});
afterAll(async () => {
  await worker.stop(1000);
  await sim.close();
  await t.close();
});

const { taskOf, finished } = videoReads(() => t.db);

describe('a video tier served by two protocols', () => {
  it('keeps the tier and moves to the other protocol when the first channel’s task fails, with the note while pending', async () => {
    const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
      name: '跨协议租户',
      credits: 1000,
      quota_monthly: 0,
    });
    const who: ScopedIdentity = { kind: 'tenant', tenantId: tenant.id, via: 'key' };
    const needs = { duration: 5, resolution: '720p' };
    // The worker plans with the same fixed random number: its first channel is this one.
    const plan = await planOrThrow(t.db, { media: 'video', model: FAST, binding: null, needs }, () => 0);
    const [first, second] = plan.chain.map((c) => c.upstream.name);
    expect([first, second].sort()).toEqual([ARK.name, SIM_KLING_CHANNEL.name].sort());
    const armed = await sim.control('/__sim/faults', { json: { channel: first, fault: 'task_failed' } });
    expect(armed.status).toBe(200);
    sim.sim.setLatency(second ?? '', 1_000);

    const sub = await submitVideo(
      deps(),
      who,
      { prompt: 'fallback', model: FAST, duration: 5 },
      { idempotencyKey: null },
    );
    const pending = await waitFor(
      () => taskOf(who, sub.id),
      (v) => v.note !== null,
      8_000,
    );
    expect(pending).toMatchObject({ job_status: 'pending' });
    expect(pending.note).toMatch(/backup channel 1\/1/);
    const done = await finished(who, sub.id);
    expect(done).toMatchObject({ job_status: 'done', state: 'succeeded', model: FAST, note: null });
    const [vt] = await t.db.select().from(videoTasks).where(eq(videoTasks.id, sub.id));
    expect(vt?.channel).toBe(second);
    expect(vt?.tier).toBe(FAST);
    expect(vt?.failedUpstreams).toHaveLength(1);
    // The provider-side model changed with the protocol (rule 4: the tier is kept, the alias may change).
    expect(vt?.upstreamModel).toBe(second === SIM_KLING_CHANNEL.name ? 'kling-v1-6' : 'videomodel-2-0-fast-260801');
  });
});

const deps = () => ({ db: t.db, config, files });
