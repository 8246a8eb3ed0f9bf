import { describe, expect, it } from 'vitest';
import { SIM_FAL_VIDEO_CHANNEL } from '@/sim/channels';
import { removeVideo } from '@/server/domain/videos/remove';
import { submitVideo } from '@/server/domain/videos/submit';
import { waitFor } from '../helpers/video-reads';
import { videoChannelSuite } from '../helpers/video-channel';

/** A tenant's video tasks routed to the simulated fal video channel (`sim-fal-video`), the only video channel here. */

const CH = SIM_FAL_VIDEO_CHANNEL.name;
const FAST = 'videomodel-2-0-fast-260801';
const PRO25 = 'videomodel-2-5-pro-260801';
const MINI = 'videomodel-2-0-mini-260801';
const s = videoChannelSuite(SIM_FAL_VIDEO_CHANNEL, 'fal-video');
const { deps, finished, rowOf } = s;
const posts = (path: string) => s.requests('POST', (p) => p === path);

describe('video tasks on a fal channel', () => {
  it('a text-to-video task goes to Veo 3 Fast and ends done with a verified MP4 of the duration, charged once', async () => {
    const who = await s.tenant('fal 租户');
    const sub = await submitVideo(
      deps(),
      who,
      { prompt: '雨中的霓虹街道 neon street in the rain', model: FAST, duration: 8, ratio: '9:16' },
      { idempotencyKey: null },
    );
    const task = await finished(who, sub.id);
    expect(task).toMatchObject({ job_status: 'done', state: 'succeeded', model: FAST, duration: 8 });
    expect(await s.mp4Seconds(task.video_url)).toBe(8);
    expect(posts('/fal-ai/veo3/fast')).toHaveLength(1);
    expect(JSON.stringify(task)).not.toMatch(/fal-ai|sim-fal|veo3/);
    expect(await rowOf(sub.id)).toMatchObject({ channel: CH, upstreamModel: 'fal-ai/veo3/fast' });
    expect((await rowOf(sub.id))?.upstreamTaskId).toMatch(/^fal-ai\/veo3\/requests\//);
    expect(await s.kinds(who.tenantId)).toEqual(['adjust', 'charge']);
  });

  it('a first-and-last-frame task goes to Kling’s image-to-video endpoint on fal and ends done', async () => {
    const who = await s.tenant('fal 首尾帧');
    const img = (n: string) => s.files().put(`${who.tenantId}/uploads/${n}.png`, Buffer.from('png'), 'image/png');
    const images = [await img('first'), await img('last')];
    const sub = await submitVideo(
      deps(),
      who,
      { prompt: '花开 a flower opens', model: PRO25, duration: 10, resolution: '1080p', images },
      { idempotencyKey: null },
    );
    const task = await finished(who, sub.id);
    expect(task).toMatchObject({ job_status: 'done', model: PRO25, resolution: '1080p' });
    expect(await s.mp4Seconds(task.video_url)).toBe(10);
    expect(posts('/fal-ai/kling-video/v2.5-turbo/pro/image-to-video')).toHaveLength(1);
    expect(await s.kinds(who.tenantId)).toEqual(['adjust', 'charge']);
  });

  it('a Wan text-to-video task goes to Wan 2.2 A14B as frames at 16 fps and ends done with an MP4 of the seconds', async () => {
    const who = await s.tenant('fal 万相');
    const sub = await submitVideo(
      deps(),
      who,
      { prompt: '灯塔 a lighthouse at dusk', model: MINI, duration: 7, resolution: '480p', ratio: '9:16' },
      { idempotencyKey: null },
    );
    const task = await finished(who, sub.id);
    expect(task).toMatchObject({
      job_status: 'done',
      state: 'succeeded',
      model: MINI,
      duration: 7,
      resolution: '480p',
    });
    expect(await s.mp4Seconds(task.video_url)).toBe(7);
    expect(posts('/fal-ai/wan/v2.2-a14b/text-to-video')).toHaveLength(1);
    expect(JSON.stringify(task)).not.toMatch(/fal-ai|sim-fal|wan\//);
    expect(await rowOf(sub.id)).toMatchObject({ channel: CH, upstreamModel: 'fal-ai/wan/v2.2-a14b/text-to-video' });
    expect(await s.kinds(who.tenantId)).toEqual(['adjust', 'charge']);
  });

  it('a Wan first-frame task goes to Wan 2.2 A14B’s image-to-video endpoint and ends done', async () => {
    const who = await s.tenant('fal 万相首帧');
    const first = await s.files().put(`${who.tenantId}/uploads/first.png`, Buffer.from('png'), 'image/png');
    const sub = await submitVideo(
      deps(),
      who,
      { prompt: '门打开 a door opens', model: MINI, duration: 5, resolution: '720p', images: [first] },
      { idempotencyKey: null },
    );
    const task = await finished(who, sub.id);
    expect(task).toMatchObject({ job_status: 'done', model: MINI, duration: 5, resolution: '720p' });
    expect(await s.mp4Seconds(task.video_url)).toBe(5);
    expect(posts('/fal-ai/wan/v2.2-a14b/image-to-video')).toHaveLength(1);
    expect(await s.kinds(who.tenantId)).toEqual(['adjust', 'charge']);
  });

  it('a task cancelled while queued is cancelled on fal, refunded once and not followed', async () => {
    s.sim().sim.setLatency(CH, 10_000);
    const who = await s.tenant('fal 取消');
    const sub = await submitVideo(deps(), who, { prompt: 'x', model: FAST, duration: 4 }, { idempotencyKey: null });
    const upstream = await waitFor(
      () => rowOf(sub.id),
      (v) => !!v?.upstreamTaskId,
    );
    expect(upstream?.upstreamTaskId).toBeTruthy();
    const removed = await removeVideo(deps(), who, { id: sub.id });
    expect(removed).toMatchObject({ action: 'cancelled', task: { job_status: 'failed', reason: 'cancelled' } });
    const cancels = await waitFor(
      () =>
        Promise.resolve(
          s
            .sim()
            .sim.requests(CH)
            .filter((r) => r.method === 'PUT'),
        ),
      (v) => v.length > 0,
    );
    expect(cancels).toMatchObject([{ path: `/${upstream?.upstreamTaskId}/cancel`, status: 202 }]);
    expect((await rowOf(sub.id))?.orphanedAt).toBeNull();
    expect(await s.ledger(who.tenantId)).toEqual([
      ['adjust', 1000],
      ['charge', expect.any(Number)],
      ['refund', expect.any(Number)],
    ]);
  });

  it('a failed request ends the job failed and refunded once, without naming the provider', async () => {
    const who = await s.tenant('fal 失败');
    await s.sim().control('/__sim/faults', {
      json: { channel: CH, fault: 'task_failed', code: 'internal_server_error', times: 1 },
    });
    const sub = await submitVideo(deps(), who, { prompt: 'x', model: FAST, duration: 6 }, { idempotencyKey: null });
    const task = await finished(who, sub.id);
    expect(task).toMatchObject({ job_status: 'failed', reason: 'upstream_error' });
    expect(JSON.stringify(task)).not.toMatch(/fal-ai|sim-fal|veo3/);
    const ledger = await s.ledger(who.tenantId);
    expect(ledger.map(([k]) => k)).toEqual(['adjust', 'charge', 'refund']);
    expect(Math.abs(ledger[2]?.[1] ?? 0)).toBe(Math.abs(ledger[1]?.[1] ?? -1));
  });
});
