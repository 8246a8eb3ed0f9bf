import { describe, expect, it } from 'vitest';
import { SIM_DASHSCOPE_VIDEO_CHANNEL } from '@/sim/channels-dashscope-video';
import type { VideoTaskRequest } from '@/server/upstreams/providers/types';
import { dashscopeVideo } from './dashscope-video';
import { videoSimKit } from '../video-sim-kit';

/**
 * Studio's dashscope-video adapter against the simulated channel (no official Node client exists; the
 * documented requests and answers are checked in dashscope-video-request.test.ts and -fixtures.test.ts).
 */

const CH = SIM_DASHSCOPE_VIDEO_CHANNEL.name;
const kit = videoSimKit({ channel: SIM_DASHSCOPE_VIDEO_CHANNEL, adapter: 'dashscope-video', provider: dashscopeVideo });
const { target, signal, arm, mp4Seconds } = kit;
const until = (id: string) => kit.until('m', id);

const t2v: VideoTaskRequest = { prompt: '海边日落', duration: 5, ratio: '9:16', resolution: '480p' };
const frames = ['https://studio.test/files/t/uploads/a.png', 'https://studio.test/files/t/uploads/b.png'];

describe('the dashscope-video adapter against the simulator', () => {
  it('creates a text-to-video task, follows PENDING → RUNNING → SUCCEEDED, and links an MP4 of the duration', async () => {
    // Queued for the first 400 ms (a fifth of the render): long enough for the first read to see it on a busy machine.
    kit.sim.sim.setLatency(CH, 2000);
    try {
      const id = await dashscopeVideo.create(target('wan2.2-t2v-plus'), t2v, signal());
      const states = await until(id);
      expect([...new Set(states.map((x) => x.status))]).toEqual(['queued', 'running', 'succeeded']);
      const done = states.at(-1);
      expect(done?.duration).toBe(5);
      expect(await mp4Seconds(done?.videoUrl ?? null)).toBeCloseTo(5, 0);
    } finally {
      kit.sim.sim.setLatency(CH, 0);
    }
  });

  it('makes first-frame and first-and-last-frame tasks with the line’s other models, and Wan 2.5’s 10 seconds', async () => {
    const first = await dashscopeVideo.create(
      target('wan2.2-t2v-plus'),
      { ...t2v, images: [frames[0] ?? ''] },
      signal(),
    );
    expect((await until(first)).at(-1)?.status).toBe('succeeded');
    const both = await dashscopeVideo.create(target('wan2.2-t2v-plus'), { ...t2v, images: frames }, signal());
    const done = (await until(both)).at(-1);
    expect(done?.status).toBe('succeeded');
    expect(await mp4Seconds(done?.videoUrl ?? null)).toBeCloseTo(5, 0);
    const long = await dashscopeVideo.create(
      target('wan2.5-t2v-preview'),
      { ...t2v, duration: 10, resolution: '1080p', ratio: '16:9' },
      signal(),
    );
    expect(await mp4Seconds((await until(long)).at(-1)?.videoUrl ?? null)).toBeCloseTo(10, 0);
  });

  it('is refused with DashScope’s codes for a wrong key, and classifies the simulated faults', async () => {
    await expect(dashscopeVideo.probe(target('m'), signal())).resolves.toBeUndefined();
    await expect(dashscopeVideo.create(target('wan2.2-t2v-plus', 'sk-wrong'), t2v, signal())).rejects.toMatchObject({
      errorClass: 'invalid_key',
      status: 401,
      code: 'InvalidApiKey',
    });
    const create = () => dashscopeVideo.create(target('wan2.2-t2v-plus'), t2v, signal());
    await arm({ fault: 'rate_limit', retry_after_s: 2 });
    await expect(create()).rejects.toMatchObject({
      errorClass: 'rate_limit',
      code: 'Throttling.RateQuota',
      retryAfterMs: 2000,
    });
    await arm({ fault: 'unpaid' });
    await expect(create()).rejects.toMatchObject({ errorClass: 'unpaid', code: 'Arrearage' });
    await arm({ fault: 'content_refused' });
    await expect(create()).rejects.toMatchObject({ errorClass: 'refused', code: 'DataInspectionFailed' });
  });

  it('carries the task faults, and cancels a task that never finishes while it is PENDING', async () => {
    const run = async () => (await until(await dashscopeVideo.create(target('wan2.2-t2v-plus'), t2v, signal()))).at(-1);
    await arm({ fault: 'task_failed', code: 'DataInspectionFailed' });
    const refused = await run();
    expect(refused).toMatchObject({ status: 'failed', error: { code: 'DataInspectionFailed' } });
    expect(dashscopeVideo.failureClass(refused?.error?.code ?? '')).toBe('refused');
    await arm({ fault: 'wrong_duration' });
    expect(await mp4Seconds((await run())?.videoUrl ?? null)).toBeCloseTo(9, 0);
    await arm({ fault: 'bad_output' });
    expect(await mp4Seconds((await run())?.videoUrl ?? null)).toBeNull();
    await arm({ fault: 'task_never_finishes' });
    const id = await dashscopeVideo.create(target('wan2.2-t2v-plus'), t2v, signal());
    expect((await dashscopeVideo.get(target('m'), id, signal())).status).toBe('queued');
    expect(dashscopeVideo.cancellable).toBe(true);
    await dashscopeVideo.cancel(target('m'), id, signal());
    expect((await dashscopeVideo.get(target('m'), id, signal())).status).toBe('cancelled');
    // A task no longer PENDING is not cancelled: DashScope says so with its code.
    await expect(dashscopeVideo.cancel(target('m'), id, signal())).rejects.toMatchObject({
      errorClass: 'unsupported',
      code: 'UnsupportedOperation',
    });
  });
});
