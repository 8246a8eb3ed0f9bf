import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSimChannel, type SimChannel } from '@/sim/channels';
import { SIM_GEMINI_VEO_CHANNEL } from '@/sim/channels-gemini-veo';
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

/** A tier served by an Ark channel and a Veo channel: a failed operation on one falls back to the other protocol. */

const FAST = 'videomodel-2-0-fast-260801';
const ARK = findSimChannel('sim-video-a') as SimChannel;
const VEO = SIM_GEMINI_VEO_CHANNEL;
let t: TestDatabase;
let sim: RunningSim;
let config: Config;
let files: LocalFileStore;
let worker: QueueWorker;

beforeAll(async () => {
  t = await createTestDatabase();
  sim = await startSim({ channels: [ARK, VEO] });
  await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url, [ARK, VEO]), 'simulator');
  ({ config, files, worker } = await startVideoWorker(t, 'cross-veo', 10));
});
afterAll(async () => {
  await worker.stop(1000);
  await sim.close();
  await t.close();
});

const { taskOf, finished } = videoReads(() => t.db);
const deps = () => ({ db: t.db, config, files });

describe('a video tier served by Ark and Veo', () => {
  it('keeps the tier and moves to the other protocol when the first channel’s task fails, with the note while pending', async () => {
    const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
      name: 'cross-protocol tenant',
      credits: 1000,
      quota_monthly: 0,
    });
    const who: ScopedIdentity = { kind: 'tenant', tenantId: tenant.id, via: 'key' };
    // 6 seconds: a duration both make (Veo makes 4, 6 or 8).
    const needs = { duration: 6, resolution: '720p' };
    const plan = await planOrThrow(t.db, { media: 'video', model: FAST, binding: null, needs }, () => 0);
    const [first, second] = plan.chain.map((c) => c.upstream.name);
    expect([first, second].sort()).toEqual([ARK.name, VEO.name].sort());
    expect((await sim.control('/__sim/faults', { json: { channel: first, fault: 'task_failed' } })).status).toBe(200);
    sim.sim.setLatency(second ?? '', 1_000);

    const sub = await submitVideo(
      deps(),
      who,
      { prompt: 'fallback', model: FAST, duration: 6 },
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
    expect(done).toMatchObject({ job_status: 'done', state: 'succeeded', model: FAST, duration: 6, note: null });
    const [vt] = await t.db.select().from(videoTasks).where(eq(videoTasks.id, sub.id));
    expect(vt).toMatchObject({ channel: second, tier: FAST });
    expect(vt?.failedUpstreams).toHaveLength(1);
    expect(vt?.upstreamModel).toBe(second === VEO.name ? 'veo-3.0-fast-generate-001' : 'videomodel-2-0-fast-260801');
  });
});
