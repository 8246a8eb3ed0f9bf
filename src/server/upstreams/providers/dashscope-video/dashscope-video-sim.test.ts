import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_CHANNELS, simChannelKey } from '@/sim/channels';
import { SIM_DASHSCOPE_VIDEO_CHANNEL } from '@/sim/channels-dashscope-video';
import { startSim, type RunningSim } from '@/sim/testing';
import { inspectMp4File } from '@/server/domain/videos/media-facts';
import type { VideoTaskRequest, VideoTaskState } from '@/server/upstreams/providers/types';
import type { Target } from '@/server/upstreams/types';
import { dashscopeVideo } from './dashscope-video';

/**
 * Studio's dashscope-video adapter against the simulated channel (no official Node client exists; the
 * documented requests and answers are checked in dashscope-video-request.test.ts and -fixtures.test.ts).
 */

const CH = SIM_DASHSCOPE_VIDEO_CHANNEL.name;
let s: RunningSim;
const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-wan-video-'));
beforeAll(async () => {
  s = await startSim({ channels: [...SIM_CHANNELS, SIM_DASHSCOPE_VIDEO_CHANNEL] });
});
afterAll(() => s.close());

const target = (model: string, apiKey = simChannelKey(CH)): Target => ({
  channel: CH,
  adapter: 'dashscope-video',
  baseUrl: `${s.url}/${CH}`,
  apiKey,
  model,
  softTimeoutMs: 5_000,
});
const signal = () => AbortSignal.timeout(5_000);
const arm = async (body: Record<string, unknown>) =>
  expect((await s.control('/__sim/faults', { json: { channel: CH, times: 1, ...body } })).status).toBe(200);

async function until(id: string): Promise<VideoTaskState[]> {
  const states: VideoTaskState[] = [];
  for (let i = 0; i < 200; i++) {
    const state = await dashscopeVideo.get(target('m'), id, signal());
    states.push(state);
    if (state.status !== 'queued' && state.status !== 'running') return states;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the task never ended');
}

async function mp4Seconds(url: string | null): Promise<number | null> {
  const res = await fetch(url ?? '');
  const file = path.join(dir, `${Math.random()}.mp4`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return (await inspectMp4File(file))?.duration ?? null;
}

const t2v: VideoTaskRequest = { prompt: '海边日落', duration: 5, ratio: '9:16', resolution: '480p' };
const frames = ['https://studio.test/files/t/uploads/a.png', 'https://studio.test/files/t/uploads/b.png'];

describe('the dashscope-video adapter against the simulator', () => {
  it('creates a text-to-video task, follows PENDING → RUNNING → SUCCEEDED, and links an MP4 of the duration', async () => {
    s.sim.setLatency(CH, 400);
    try {
      const id = await dashscopeVideo.create(target('wan2.2-t2v-plus'), t2v, signal());
      const states = await until(id);
      expect([...new Set(states.map((x) => x.status))]).toEqual(['queued', 'running', 'succeeded']);
      const done = states.at(-1);
      expect(done?.duration).toBe(5);
      expect(await mp4Seconds(done?.videoUrl ?? null)).toBeCloseTo(5, 0);
    } finally {
      s.sim.setLatency(CH, 0);
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
