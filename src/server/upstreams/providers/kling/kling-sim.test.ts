import { describe, expect, it } from 'vitest';
import { SIM_KLING_CHANNEL, simKlingKeyPair } from '@/sim/channels-kling';
import type { VideoTaskRequest } from '@/server/upstreams/providers/types';
import { kling } from './kling';
import { videoSimKit } from '../video-sim-kit';

/**
 * Studio's kling adapter against the simulated channel (no official Node client exists; the documented
 * requests and answers are checked in kling-request.test.ts and kling-fixtures.test.ts).
 */

const CH = SIM_KLING_CHANNEL.name;
const kit = videoSimKit({ channel: SIM_KLING_CHANNEL, adapter: 'kling', provider: kling, key: simKlingKeyPair });
const { target, signal, arm, until, mp4Seconds } = kit;

const t2v: VideoTaskRequest = { prompt: '海边日落', duration: 5, ratio: '9:16', resolution: '720p' };
const frames = ['https://studio.test/files/t/uploads/a.png', 'https://studio.test/files/t/uploads/b.png'];

describe('the kling adapter against the simulator', () => {
  it('creates a text-to-video task, follows submitted → processing → succeed, and links an MP4 of the duration', async () => {
    // Queued for the first 400 ms (a fifth of the render): long enough for the first read to see it on a busy machine.
    kit.sim.sim.setLatency(CH, 2000);
    try {
      const handle = await kling.create(target('kling-v1-6'), t2v, signal());
      expect(handle).toMatch(/^text2video\//);
      const states = await until('kling-v1-6', handle);
      const seen = [...new Set(states.map((x) => x.status))];
      expect(seen).toEqual(['queued', 'running', 'succeeded']);
      const done = states.at(-1);
      expect(done?.duration).toBe(5.1);
      expect(await mp4Seconds(done?.videoUrl ?? null)).toBeCloseTo(5, 0);
    } finally {
      kit.sim.sim.setLatency(CH, 0);
    }
  });

  it('creates a first-and-last-frame task at 1080p on image to video, ten seconds long', async () => {
    const handle = await kling.create(
      target('kling-v2-5-turbo'),
      { ...t2v, images: frames, resolution: '1080p', duration: 10 },
      signal(),
    );
    expect(handle).toMatch(/^image2video\//);
    const done = (await until('kling-v2-5-turbo', handle)).at(-1);
    expect(done?.status).toBe('succeeded');
    expect(await mp4Seconds(done?.videoUrl ?? null)).toBeCloseTo(10, 0);
    // A model without a last frame is refused by Kling itself (1201), classified as a bad request.
    await expect(
      kling.create(target('kling-v2-master'), { ...t2v, images: frames, resolution: '1080p' }, signal()),
    ).rejects.toMatchObject({ errorClass: 'bad_request', code: '1201', status: 400 });
    await expect(kling.create(target('kling-v9'), t2v, signal())).rejects.toMatchObject({
      errorClass: 'unsupported',
      code: '1203',
    });
  });

  it('is refused with Kling’s codes for a wrong key pair, and classifies the simulated faults', async () => {
    await expect(kling.probe(target('kling-v1-6'), signal())).resolves.toBeUndefined();
    const wrong = target('kling-v1-6', `sim-key-${CH}:not-the-secret`);
    await expect(kling.create(wrong, t2v, signal())).rejects.toMatchObject({
      errorClass: 'invalid_key',
      status: 401,
      code: '1002',
    });
    const create = () => kling.create(target('kling-v1-6'), t2v, signal());
    await arm({ fault: 'rate_limit', retry_after_s: 2 });
    await expect(create()).rejects.toMatchObject({ errorClass: 'rate_limit', code: '1302', retryAfterMs: 2000 });
    await arm({ fault: 'unpaid' });
    await expect(create()).rejects.toMatchObject({ errorClass: 'unpaid', code: '1102' });
    await arm({ fault: 'server_error', status: 503 });
    await expect(create()).rejects.toMatchObject({ errorClass: 'server_error', code: '5001' });
    await arm({ fault: 'content_refused' });
    await expect(create()).rejects.toMatchObject({ errorClass: 'refused', code: '1301' });
  });

  it('carries the task faults: a failed task, a wrong duration, a file that is not an MP4, a task that never ends', async () => {
    const run = async () => (await until('kling-v1-6', await kling.create(target('kling-v1-6'), t2v, signal()))).at(-1);
    await arm({ fault: 'task_failed' });
    const failed = await run();
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'task_failed' } });
    expect(kling.failureClass(failed?.error?.code ?? '')).toBe('server_error');
    await arm({ fault: 'wrong_duration' });
    expect(await mp4Seconds((await run())?.videoUrl ?? null)).toBeCloseTo(9, 0);
    await arm({ fault: 'bad_output' });
    expect(await mp4Seconds((await run())?.videoUrl ?? null)).toBeNull();
    await arm({ fault: 'task_never_finishes' });
    const handle = await kling.create(target('kling-v1-6'), t2v, signal());
    await new Promise((r) => setTimeout(r, 50));
    expect((await kling.get(target('kling-v1-6'), handle, signal())).status).toBe('running');
    // No cancel: the provider says so rather than pretending.
    expect(kling.cancellable).toBe(false);
    await expect(kling.cancel(target('kling-v1-6'), handle, signal())).rejects.toMatchObject({
      errorClass: 'unsupported',
    });
  });
});
