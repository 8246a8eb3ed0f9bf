import { describe, expect, it } from 'vitest';
import { SIM_CHANNELS } from '@/sim/channels';
import { SIM_MINIMAX_VIDEO_CHANNEL } from '@/sim/channels-minimax-video';
import { simChannelKey } from '@/sim/channel-keys';
import type { VideoTaskRequest } from '@/server/upstreams/providers/types';
import { minimaxVideo } from './minimax-video';
import { videoSimKit } from '../video-sim-kit';

/**
 * Studio's minimax-video adapter against the simulated channel (no official Node client exists; the
 * documented requests and answers are checked in minimax-video-request.test.ts and -fixtures.test.ts).
 */

const CH = SIM_MINIMAX_VIDEO_CHANNEL.name;
const kit = videoSimKit({ channel: SIM_MINIMAX_VIDEO_CHANNEL, adapter: 'minimax-video', provider: minimaxVideo });
const { target, signal, arm, until, mp4Seconds } = kit;

const t2v: VideoTaskRequest = { prompt: '海边日落 sunset by the sea', duration: 6, ratio: '16:9', resolution: '768P' };
const frames = ['https://studio.test/files/t/uploads/a.png', 'https://studio.test/files/t/uploads/b.png'];
const HAILUO02 = 'MiniMax-Hailuo-02';

describe('the minimax-video adapter against the simulator', () => {
  it('creates a text-to-video task, follows queued → running → succeeded, and links an MP4 of the duration', async () => {
    // Queued for the first 400 ms (a fifth of the render): long enough for the first read to see it on a busy machine.
    kit.sim.sim.setLatency(CH, 2000);
    try {
      const id = await minimaxVideo.create(target(HAILUO02), t2v, signal());
      expect(id).toMatch(/^\d{15}$/);
      const states = await until(HAILUO02, id);
      expect([...new Set(states.map((x) => x.status))]).toEqual(['queued', 'running', 'succeeded']);
      expect(await mp4Seconds(states.at(-1)?.videoUrl ?? null)).toBeCloseTo(6, 0);
      // Each poll after the task ended asked for the file it names.
      expect(kit.sim.sim.requests(CH).some((r) => r.path.startsWith('/v1/files/retrieve?file_id='))).toBe(true);
    } finally {
      kit.sim.sim.setLatency(CH, 0);
    }
  });

  it('creates a first-and-last-frame task of ten seconds at 768P', async () => {
    const id = await minimaxVideo.create(target(HAILUO02), { ...t2v, images: frames, duration: 10 }, signal());
    const done = (await until(HAILUO02, id)).at(-1);
    expect(done?.status).toBe('succeeded');
    expect(await mp4Seconds(done?.videoUrl ?? null)).toBeCloseTo(10, 0);
  });

  it('is refused by the simulator with MiniMax’s codes for what MiniMax refuses', async () => {
    // The adapter's own checks are passed by a model it does not know: the simulator refuses (2013).
    const raw = async (body: unknown) =>
      (await (
        await fetch(`${kit.sim.url}/${CH}/v1/video_generation`, {
          method: 'POST',
          headers: { authorization: `Bearer ${simChannelKey(CH)}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json()) as { base_resp: { status_code: number } };
    const base = { model: HAILUO02, prompt: 'x', duration: 6 };
    expect((await raw({ ...base, duration: 10, resolution: '1080P' })).base_resp.status_code).toBe(2013);
    expect((await raw({ ...base, duration: '6' })).base_resp.status_code).toBe(2013);
    expect((await raw({ ...base, resolution: '512P' })).base_resp.status_code).toBe(2013);
    expect(
      (await raw({ ...base, model: 'MiniMax-Hailuo-2.3', last_frame_image: frames[1] })).base_resp.status_code,
    ).toBe(2013);
    expect((await raw({ ...base, aspect_ratio: '16:9' })).base_resp.status_code).toBe(2013);
    expect((await raw({ ...base, first_frame_image: 'iVBORw0KGgo=' })).base_resp.status_code).toBe(2013);
    expect(
      (await raw({ ...base, first_frame_image: 'data:image/png;base64,iVBORw0KGgo=' })).base_resp.status_code,
    ).toBe(0);
    await expect(minimaxVideo.create(target('MiniMax-Hailuo-9'), t2v, signal())).rejects.toMatchObject({
      errorClass: 'bad_request',
      code: '2013',
    });
  });

  it('is refused for a wrong key, and classifies the simulated faults from their codes', async () => {
    await expect(minimaxVideo.probe(target(HAILUO02), signal())).resolves.toBeUndefined();
    await expect(minimaxVideo.create(target(HAILUO02, 'sk-wrong'), t2v, signal())).rejects.toMatchObject({
      errorClass: 'invalid_key',
      code: '2049',
    });
    const create = () => minimaxVideo.create(target(HAILUO02), t2v, signal());
    await arm({ fault: 'rate_limit', retry_after_s: 2 });
    await expect(create()).rejects.toMatchObject({ errorClass: 'rate_limit', code: '1002', retryAfterMs: 2000 });
    await arm({ fault: 'unpaid' });
    await expect(create()).rejects.toMatchObject({ errorClass: 'unpaid', code: '1008' });
    await arm({ fault: 'server_error', status: 503 });
    await expect(create()).rejects.toMatchObject({ errorClass: 'server_error', status: 503 });
    await arm({ fault: 'content_refused' });
    await expect(create()).rejects.toMatchObject({ errorClass: 'refused', code: '1026' });
  });

  it('carries the task faults: failed, wrong duration, not an MP4, never ends, a file not ready yet', async () => {
    const run = async () => (await until(HAILUO02, await create())).at(-1);
    const create = () => minimaxVideo.create(target(HAILUO02), t2v, signal());
    await arm({ fault: 'task_failed' });
    const failed = await run();
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'task_failed' } });
    expect(minimaxVideo.failureClass(failed?.error?.code ?? '')).toBe('server_error');
    await arm({ fault: 'wrong_duration' });
    expect(await mp4Seconds((await run())?.videoUrl ?? null)).toBeCloseTo(10, 0);
    await arm({ fault: 'bad_output' });
    expect(await mp4Seconds((await run())?.videoUrl ?? null)).toBeNull();
    // The task says Success before its file has a download URL: Studio keeps polling until it has one.
    await arm({ fault: 'file_not_ready' });
    const late = await until(HAILUO02, await create());
    expect(late.map((x) => x.status).filter((x) => x === 'running').length).toBeGreaterThanOrEqual(2);
    expect(await mp4Seconds(late.at(-1)?.videoUrl ?? null)).toBeCloseTo(6, 0);
    await arm({ fault: 'task_never_finishes' });
    const id = await create();
    await new Promise((r) => setTimeout(r, 50));
    expect((await minimaxVideo.get(target(HAILUO02), id, signal())).status).toBe('running');
    // No cancel: the provider says so rather than pretending.
    expect(minimaxVideo.cancellable).toBe(false);
    await expect(minimaxVideo.cancel(target(HAILUO02), id, signal())).rejects.toMatchObject({
      errorClass: 'unsupported',
    });
  });

  it('takes the file-not-ready fault on MiniMax channels only', async () => {
    const other = SIM_CHANNELS.find((c) => c.adapter === 'ark-video')?.name;
    const res = await kit.sim.control('/__sim/faults', { json: { channel: other, fault: 'file_not_ready' } });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/only applies to minimax-video channels/);
  });
});
