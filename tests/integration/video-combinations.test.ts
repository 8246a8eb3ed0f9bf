import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSimChannel, type SimChannel } from '@/sim/channels';
import { SIM_GEMINI_VEO_CHANNEL } from '@/sim/channels-gemini-veo';
import { SIM_KLING_CHANNEL } from '@/sim/channels-kling';
import { startSim, type RunningSim } from '@/sim/testing';
import type { Config } from '@/server/config';
import { tenants, videoTasks } from '@/server/db/schema';
import { submitVideo } from '@/server/domain/videos/submit';
import { createCaller } from '@/server/api/root';
import type { Context } from '@/server/api/trpc';
import type { QueueWorker } from '@/server/queue/worker';
import type { LocalFileStore } from '@/server/storage/store';
import { planOrThrow } from '@/server/upstreams/engine';
import { simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { startVideoWorker, videoReads } from '../helpers/video-reads';
import { ledgerOf, newVideoTenant, storedMp4Seconds } from '../helpers/video-tenant';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

/**
 * The 2.5 pro tier served by Ark, Kling and Veo: a combination a channel's model refuses (Kling: a last frame
 * at 720p, std mode; Veo: 1080p below 8 seconds) never reaches it; the request goes to a channel that makes it,
 * or is a 400 naming the combination when none does.
 */

const PRO25 = 'videomodel-2-5-pro-260801';
const ARK = findSimChannel('sim-video-a') as SimChannel;
const KLING = SIM_KLING_CHANNEL;
const VEO = SIM_GEMINI_VEO_CHANNEL;
let t: TestDatabase;
let sim: RunningSim;
let config: Config;
let files: LocalFileStore;
let filesDir: string;
let worker: QueueWorker;

beforeAll(async () => {
  t = await createTestDatabase();
  sim = await startSim({ channels: [ARK, KLING, VEO] });
  await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url, [ARK, KLING, VEO]), 'simulator');
  ({ config, files, filesDir, worker } = await startVideoWorker(t, 'combinations', 10));
});
afterAll(async () => {
  await worker.stop(1000);
  await sim.close();
  await t.close();
});

const deps = () => ({ db: t.db, config, files });
const { finished } = videoReads(() => t.db);
const chainOf = async (needs: Record<string, unknown>) =>
  (await planOrThrow(t.db, { media: 'video', model: PRO25, binding: null, needs })).chain.map((c) => c.upstream.name);
const creates = (channel: string) => sim.sim.requests(channel).filter((r) => r.method === 'POST').length;

describe('combinations a video model refuses', () => {
  it('a 720p video with a last frame skips the Kling channel and ends done on another protocol’s channel', async () => {
    const frames = { firstFrame: true, lastFrame: true };
    expect((await chainOf({ ...frames, duration: 5, resolution: '1080p' })).sort()).toEqual(
      [ARK.name, KLING.name].sort(),
    );
    expect(await chainOf({ ...frames, duration: 5, resolution: '720p' })).toEqual([ARK.name]);

    const who = await newVideoTenant(t.db, 'frames tenant');
    const img = (n: string) => files.put(`${who.tenantId}/uploads/${n}.png`, Buffer.from('png'), 'image/png');
    const images = [await img('first'), await img('last')];
    const klingBefore = creates(KLING.name);
    const sub = await submitVideo(
      deps(),
      who,
      { prompt: 'a door opens onto the sea', model: PRO25, duration: 5, resolution: '720p', images },
      { idempotencyKey: null },
    );
    const task = await finished(who, sub.id);
    expect(task).toMatchObject({ job_status: 'done', model: PRO25, duration: 5, resolution: '720p' });
    expect(await storedMp4Seconds(files, filesDir, task.video_url)).toBe(5);
    const [row] = await t.db.select().from(videoTasks).where(eq(videoTasks.id, sub.id));
    expect(row).toMatchObject({ channel: ARK.name, failedUpstreams: [] });
    expect(creates(KLING.name)).toBe(klingBefore);
    expect((await ledgerOf(t.db, who.tenantId)).map(([k]) => k)).toEqual(['adjust', 'charge']);
  });

  it('1080p at 5 seconds skips the Veo channel (1080p at 8 seconds only); at 8 seconds Veo serves it', async () => {
    expect((await chainOf({ duration: 5, resolution: '1080p' })).sort()).toEqual([ARK.name, KLING.name].sort());
    expect((await chainOf({ duration: 8, resolution: '1080p' })).sort()).toEqual([ARK.name, VEO.name].sort());
  });

  it('is a 400 naming the combination, before any charge, when no channel the tenant may use makes it', async () => {
    const who = await newVideoTenant(t.db, 'bound tenant');
    const img = (n: string) => files.put(`${who.tenantId}/uploads/${n}.png`, Buffer.from('png'), 'image/png');
    const images = [await img('first'), await img('last')];
    const submit = (binding: string, body: Parameters<typeof submitVideo>[2]) =>
      submitVideo({ ...deps(), binding }, who, body, { idempotencyKey: null });
    await expect(
      submit(KLING.name, { prompt: 'x', model: PRO25, duration: 5, resolution: '720p', images }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/^No upstream currently available for a last frame at 720p with model/),
    });
    await expect(
      submit(VEO.name, { prompt: 'x', model: PRO25, duration: 6, resolution: '1080p' }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/^No upstream currently available for 1080p at 6 s with model/),
    });
    // What the binding's channel makes still goes through: 1080p with a last frame on Kling.
    const ok = await submit(KLING.name, { prompt: 'x', model: PRO25, duration: 5, resolution: '1080p', images });
    expect(await finished(who, ok.id)).toMatchObject({ job_status: 'done', resolution: '1080p' });
    expect((await ledgerOf(t.db, who.tenantId)).map(([k]) => k)).toEqual(['adjust', 'charge']);
  });

  it('GET /api/available-models?media_type=video lists each tier’s seconds and the combinations its channels refuse', async () => {
    const who = await newVideoTenant(t.db, 'listing tenant');
    const listing = () =>
      createCaller({
        db: t.db,
        config,
        files,
        identity: who,
        authFailure: null,
        headers: new Headers(),
      } satisfies Context).models.available({ media_type: 'video' });
    const all = await listing();
    const pro = all.models.find((m) => m.id === PRO25);
    // Ark makes every second of 4-30, Kling 5 and 10, Veo 4, 6 and 8: no rule is left for the tier as a whole.
    expect(pro).toMatchObject({ kind: 'tier', duration: { min: 4, max: 30 }, resolutions: ['720p', '1080p'] });
    expect(pro && 'durations' in pro ? pro.durations : []).toEqual(Array.from({ length: 27 }, (_, i) => i + 4));
    expect(pro).not.toHaveProperty('resolution_durations');
    expect(pro).not.toHaveProperty('last_frame_resolutions');
    // A tenant bound to the Kling channel sees Kling's seconds and its last frame at 1080p only.
    await t.db.update(tenants).set({ boundModel: KLING.name }).where(eq(tenants.id, who.tenantId));
    const kling = (await listing()).models.find((m) => m.id === PRO25);
    expect(kling).toMatchObject({ durations: [5, 10], last_frame: true, last_frame_resolutions: ['1080p'] });
    await t.db.update(tenants).set({ boundModel: VEO.name }).where(eq(tenants.id, who.tenantId));
    const veo = (await listing()).models.find((m) => m.id === PRO25);
    expect(veo).toMatchObject({ durations: [4, 6, 8], resolution_durations: { '1080p': [8] } });
    expect(veo).not.toHaveProperty('last_frame_resolutions');
  });
});
