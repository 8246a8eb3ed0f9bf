import { describe, expect, it } from 'vitest';
import { SIM_REPLICATE_VIDEO_CHANNEL } from '@/sim/channels-replicate';
import { removeVideo } from '@/server/domain/videos/remove';
import { submitVideo } from '@/server/domain/videos/submit';
import { waitFor } from '../helpers/video-reads';
import { videoChannelSuite } from '../helpers/video-channel';

/** A tenant's video tasks routed to the simulated Replicate video channel (`sim-replicate-video`), the only video channel here. */

const CH = SIM_REPLICATE_VIDEO_CHANNEL.name;
const H3 = 'videomodel-H3';
const FAST = 'videomodel-2-0-fast-260801';
const MINI = 'videomodel-2-0-mini-260801';
const s = videoChannelSuite(SIM_REPLICATE_VIDEO_CHANNEL, 'replicate-video');
const { deps, finished, taskOf, rowOf, kinds } = s;
const tenant = () => s.tenant('Replicate tenant');
const mp4Seconds = s.mp4Seconds;
/** The simulator's prediction creations: the model each named and its input. */
const created = () => s.requests('POST', (p) => p.endsWith('/predictions')).map((r) => r.path);

describe('video tasks on a Replicate channel', () => {
  it('a text-to-video task of a tier ends done with a verified MP4 of the duration, charged once', async () => {
    const who = await tenant();
    const sub = await submitVideo(
      deps(),
      who,
      { prompt: 'a lighthouse at dusk', model: H3, duration: 10 },
      { idempotencyKey: null },
    );
    const task = await finished(who, sub.id);
    expect(task).toMatchObject({ job_status: 'done', state: 'succeeded', model: H3, duration: 10, resolution: '768p' });
    expect(await mp4Seconds(task.video_url)).toBe(10);
    expect(created()).toEqual(['/v1/models/minimax/hailuo-02/predictions']);
    expect(JSON.stringify(task)).not.toMatch(/replicate|hailuo|sim-/i);
    expect(await rowOf(sub.id)).toMatchObject({ channel: CH, upstreamModel: 'minimax/hailuo-02' });
    expect(await kinds(who.tenantId)).toEqual(['adjust', 'charge']);
  });

  it('a first-and-last-frame task goes to the tier’s Seedance model (which refuses fields it lacks) and ends done', async () => {
    const who = await tenant();
    const img = (n: string) => s.files().put(`${who.tenantId}/uploads/${n}.png`, Buffer.from('png'), 'image/png');
    const images = [await img('first'), await img('last')];
    const sub = await submitVideo(
      deps(),
      who,
      { prompt: 'a flower opens', model: FAST, duration: 5, resolution: '720p', images },
      { idempotencyKey: null },
    );
    const task = await finished(who, sub.id);
    expect(task).toMatchObject({ job_status: 'done', model: FAST, duration: 5 });
    expect(await mp4Seconds(task.video_url)).toBe(5);
    expect(created()).toEqual(['/v1/models/bytedance/seedance-1-lite/predictions']);
    const [req] = s
      .sim()
      .sim.requests(CH)
      .filter((r) => r.path.endsWith('/predictions'));
    expect(req?.model).toBe('bytedance/seedance-1-lite');
    expect(await kinds(who.tenantId)).toEqual(['adjust', 'charge']);
  });

  it('a Wan text-to-video task goes to wan-2.2-t2v-fast as frames at 16 fps and ends done with an MP4 of the seconds', async () => {
    const who = await tenant();
    const sub = await submitVideo(
      deps(),
      who,
      { prompt: '灯塔 a lighthouse at dusk', model: MINI, duration: 6, resolution: '480p', ratio: '9:16' },
      { idempotencyKey: null },
    );
    const task = await finished(who, sub.id);
    expect(task).toMatchObject({
      job_status: 'done',
      state: 'succeeded',
      model: MINI,
      duration: 6,
      resolution: '480p',
    });
    expect(await mp4Seconds(task.video_url)).toBe(6);
    expect(created()).toEqual(['/v1/models/wan-video/wan-2.2-t2v-fast/predictions']);
    expect(JSON.stringify(task)).not.toMatch(/replicate|wan-video|sim-/i);
    expect(await rowOf(sub.id)).toMatchObject({ channel: CH, upstreamModel: 'wan-video/wan-2.2-t2v-fast' });
    expect(await kinds(who.tenantId)).toEqual(['adjust', 'charge']);
  });

  it('a Wan first-frame task goes to its image-to-video model, wan-2.2-i2v-fast, and ends done', async () => {
    const who = await tenant();
    const first = await s.files().put(`${who.tenantId}/uploads/first.png`, Buffer.from('png'), 'image/png');
    const sub = await submitVideo(
      deps(),
      who,
      { prompt: 'a door opens', model: MINI, duration: 5, resolution: '720p', images: [first] },
      { idempotencyKey: null },
    );
    const task = await finished(who, sub.id);
    expect(task).toMatchObject({ job_status: 'done', model: MINI, duration: 5, resolution: '720p' });
    expect(await mp4Seconds(task.video_url)).toBe(5);
    expect(created()).toEqual(['/v1/models/wan-video/wan-2.2-i2v-fast/predictions']);
    expect(await kinds(who.tenantId)).toEqual(['adjust', 'charge']);
  });

  it('a failed prediction is refunded once', async () => {
    const arm = await s.sim().control('/__sim/faults', { json: { channel: CH, times: 1, fault: 'task_failed' } });
    expect(arm.status).toBe(200);
    const who = await tenant();
    const sub = await submitVideo(deps(), who, { prompt: 'x', model: H3, duration: 6 }, { idempotencyKey: null });
    const task = await finished(who, sub.id);
    expect(task.job_status).toBe('failed');
    const ledger = await s.ledger(who.tenantId);
    expect(ledger.map(([k]) => k)).toEqual(['adjust', 'charge', 'refund']);
    expect(ledger[2]?.[1]).toBe(-(ledger[1]?.[1] ?? 0));
  });

  it('a task cancelled while starting is cancelled on Replicate, refunded once and not followed', async () => {
    s.sim().sim.setLatency(CH, 60_000);
    try {
      const who = await tenant();
      const sub = await submitVideo(deps(), who, { prompt: 'x', model: H3, duration: 6 }, { idempotencyKey: null });
      await waitFor(
        () => rowOf(sub.id),
        (v) => !!v?.upstreamTaskId,
      );
      const removed = await removeVideo(deps(), who, { id: sub.id });
      expect(removed).toMatchObject({ action: 'cancelled', task: { job_status: 'failed', reason: 'cancelled' } });
      const cancels = await waitFor(
        () =>
          Promise.resolve(
            s
              .sim()
              .sim.requests(CH)
              .filter((r) => r.method === 'POST' && r.path.endsWith('/cancel')),
          ),
        (r) => r.length > 0 && r[0]?.status !== null,
      );
      expect(cancels.map((r) => r.status)).toEqual([200]);
      expect((await rowOf(sub.id))?.orphanedAt).toBeNull();
      expect((await taskOf(who, sub.id)).job_status).toBe('failed');
      expect(await kinds(who.tenantId)).toEqual(['adjust', 'charge', 'refund']);
    } finally {
      s.sim().sim.setLatency(CH, 0);
    }
  });
});
