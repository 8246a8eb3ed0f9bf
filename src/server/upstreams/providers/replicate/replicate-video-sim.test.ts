import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import Replicate, { type ApiError, type Prediction } from 'replicate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIM_REPLICATE_VIDEO_CHANNEL, simChannelKey } from '@/sim/channels';
import { startSim, type RunningSim } from '@/sim/testing';
import { inspectMp4File } from '@/server/domain/videos/media-facts';
import type { VideoTaskRequest, VideoTaskState } from '@/server/upstreams/providers/types';
import type { Target } from '@/server/upstreams/types';
import { replicateVideo } from './replicate-video';

/** Studio's video side and the official client, `replicate` 1.4.0, against the simulated channel sim-replicate-video. */

const CH = SIM_REPLICATE_VIDEO_CHANNEL.name;
const PUBLIC = 'https://replicate-video-sim.test';
const ApiErrorClass = createRequire(import.meta.url)('replicate/lib/error.js') as new () => ApiError;
const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-replicate-video-'));
let s: RunningSim;
let sp: RunningSim;
let client: Replicate;
beforeAll(async () => {
  s = await startSim({ channels: [SIM_REPLICATE_VIDEO_CHANNEL] });
  // The client wraps only https: outputs in a FileOutput; its fetch maps the public origin back.
  sp = await startSim({ channels: [SIM_REPLICATE_VIDEO_CHANNEL], publicUrl: PUBLIC });
  const local = (url: string) => url.replace(PUBLIC, sp.url);
  client = new Replicate({
    auth: simChannelKey(CH),
    baseUrl: `${sp.url}/${CH}/v1`,
    fetch: (input, init) => fetch(local(input instanceof Request ? input.url : String(input)), init),
  });
});
afterAll(async () => {
  await s.close();
  await sp.close();
});
afterEach(async () => {
  await s.control('/__sim/reset', { method: 'POST' });
  await sp.control('/__sim/reset', { method: 'POST' });
});

const target = (model: string, apiKey = simChannelKey(CH)): Target => ({
  channel: CH,
  adapter: 'replicate',
  baseUrl: `${s.url}/${CH}`,
  apiKey,
  model,
  softTimeoutMs: 5_000,
});
const signal = () => AbortSignal.timeout(10_000);
const arm = async (body: Record<string, unknown>) =>
  expect((await s.control('/__sim/faults', { json: { channel: CH, times: 1, ...body } })).status).toBe(200);

async function until(id: string): Promise<VideoTaskState[]> {
  const states: VideoTaskState[] = [];
  for (let i = 0; i < 300; i++) {
    const state = await replicateVideo.get(target('m/m'), id, signal());
    states.push(state);
    if (state.status !== 'queued' && state.status !== 'running') return states;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the prediction never ended');
}

async function mp4Seconds(bytes: Buffer): Promise<number | null> {
  const file = path.join(dir, `${Math.random()}.mp4`);
  writeFileSync(file, bytes);
  return (await inspectMp4File(file))?.duration ?? null;
}
const fetched = async (url: string | null) => Buffer.from(await (await fetch(url ?? '')).arrayBuffer());

const t2v: VideoTaskRequest = { prompt: 'a lighthouse at dusk', duration: 6, ratio: '16:9', resolution: '768p' };
const frames = ['https://studio.test/files/t/a.png', 'https://studio.test/files/t/b.png'];

describe('the replicate video side against the simulator', () => {
  it('follows starting → processing → succeeded and links an MP4 of the seconds asked, for each tier', async () => {
    s.sim.setLatency(CH, 1_500);
    try {
      const id = await replicateVideo.create(target('minimax/hailuo-02'), t2v, signal());
      const states = await until(id);
      // Starting for the first fifth of the latency (missed when the creation itself is slow), then processing.
      const seenStates = [...new Set(states.map((x) => x.status))];
      expect([
        ['queued', 'running', 'succeeded'],
        ['running', 'succeeded'],
      ]).toContainEqual(seenStates);
      expect(await mp4Seconds(await fetched(states.at(-1)?.videoUrl ?? null))).toBeCloseTo(6, 0);
    } finally {
      s.sim.setLatency(CH, 0);
    }
    for (const [model, req] of [
      ['google/veo-3.1', { ...t2v, duration: 4, resolution: '1080p', images: frames, generateAudio: true }],
      ['bytedance/seedance-1-lite', { ...t2v, duration: 10, resolution: '480p', ratio: '9:16' }],
      ['bytedance/seedance-1-pro', { ...t2v, duration: 3, resolution: '1080p', images: frames }],
      ['kwaivgi/kling-v2.5-turbo-pro', { ...t2v, duration: 5, resolution: '1080p', images: [frames[0] ?? ''] }],
      ['google/veo-3-fast', { ...t2v, duration: 8, resolution: '720p', ratio: '9:16' }],
      ['wan-video/wan-2.2-t2v-fast', { ...t2v, duration: 7, resolution: '480p', ratio: '9:16' }],
      ['wan-video/wan-2.2-t2v-fast', { ...t2v, duration: 5, resolution: '720p', images: frames }],
    ] as [string, VideoTaskRequest][]) {
      const done = (await until(await replicateVideo.create(target(model), req, signal()))).at(-1);
      expect(done?.status, model).toBe('succeeded');
      expect(await mp4Seconds(await fetched(done?.videoUrl ?? null)), model).toBeCloseTo(req.duration, 0);
    }
  });

  it('carries the task faults: failed, wrong duration, not an MP4; cancels one that never finishes', async () => {
    const run = async () =>
      (await until(await replicateVideo.create(target('minimax/hailuo-02'), t2v, signal()))).at(-1);
    await arm({ fault: 'task_failed' });
    const failed = await run();
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'prediction_failed' } });
    expect(replicateVideo.failureClass(failed?.error?.code ?? '')).toBe('server_error');
    await arm({ fault: 'wrong_duration' });
    expect(await mp4Seconds(await fetched((await run())?.videoUrl ?? null))).toBeCloseTo(10, 0);
    await arm({ fault: 'bad_output' });
    expect(await mp4Seconds(await fetched((await run())?.videoUrl ?? null))).toBeNull();
    await arm({ fault: 'task_never_finishes' });
    const id = await replicateVideo.create(target('minimax/hailuo-02'), t2v, signal());
    expect((await replicateVideo.get(target('m/m'), id, signal())).status).toMatch(/queued|running/);
    expect(replicateVideo.cancellable).toBe(true);
    await replicateVideo.cancel(target('m/m'), id, signal());
    expect((await replicateVideo.get(target('m/m'), id, signal())).status).toBe('cancelled');
    // A second cancel answers the prediction as it stands.
    await expect(replicateVideo.cancel(target('m/m'), id, signal())).resolves.toBeUndefined();
  });

  it('is refused with Replicate’s problem details: a wrong key, no credit, a model the channel lacks', async () => {
    await expect(replicateVideo.probe(target('m/m'), signal())).resolves.toBeUndefined();
    await expect(replicateVideo.create(target('minimax/hailuo-02', 'r8_wrong'), t2v, signal())).rejects.toMatchObject({
      errorClass: 'invalid_key',
      status: 401,
    });
    await arm({ fault: 'unpaid' });
    await expect(replicateVideo.create(target('minimax/hailuo-02'), t2v, signal())).rejects.toMatchObject({
      errorClass: 'unpaid',
      status: 402,
    });
    await expect(replicateVideo.create(target('minimax/hailuo-02:0123'), t2v, signal())).rejects.toMatchObject({
      errorClass: 'bad_request',
      status: 422,
      code: 'invalid_version',
    });
  });
});

describe('the official client, replicate 1.4.0, against the simulated video models', () => {
  it('creates and waits for a prediction, and run() reads the video as a FileOutput', async () => {
    sp.sim.setLatency(CH, 1_000);
    const created = await client.predictions.create({
      model: 'bytedance/seedance-1-lite',
      input: { prompt: 'a fox in snow', duration: 5, resolution: '480p', aspect_ratio: '1:1' },
    });
    expect(created.status).toBe('starting');
    const done: Prediction = await client.wait(created, { interval: 20 });
    expect(done.status).toBe('succeeded');
    expect(typeof done.output).toBe('string');
    expect(done.logs).toContain('Generating: 100%');
    sp.sim.setLatency(CH, 0);
    const file = (await client.run('minimax/hailuo-02', {
      input: { prompt: 'a fox in snow', duration: 6, resolution: '768p' },
      wait: { mode: 'poll', interval: 20 },
    })) as { blob(): Promise<Blob>; url(): URL };
    expect(file.url().origin).toBe(PUBLIC);
    expect(file.url().pathname).toMatch(/\.mp4$/);
    expect(await mp4Seconds(Buffer.from(await (await file.blob()).arrayBuffer()))).toBeCloseTo(6, 0);
  });

  it('refuses unknown fields and values a model does not take with a 422, and fails what the model cannot make', async () => {
    const refusal = async (model: `${string}/${string}`, input: Record<string, unknown>) => {
      const err = await client.predictions.create({ model, input }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiErrorClass);
      expect((err as ApiError).response.status).toBe(422);
      return (err as ApiError).message;
    };
    expect(await refusal('minimax/hailuo-02', { prompt: 'x', aspect_ratio: '16:9' })).toContain(
      'Additional property aspect_ratio is not allowed',
    );
    expect(await refusal('minimax/hailuo-02', { prompt: 'x', resolution: '720p' })).toContain(
      'resolution must be one of',
    );
    expect(await refusal('google/veo-3-fast', { prompt: 'x', duration: 6 })).toContain('duration must be one of');
    expect(await refusal('google/veo-3-fast', { prompt: 'x', last_frame: frames[1] })).toContain('last_frame');
    expect(await refusal('bytedance/seedance-1-pro', { prompt: 'x', duration: 13 })).toContain(
      'less than or equal to 12',
    );
    expect(await refusal('wan-video/wan-2.2-t2v-fast', { prompt: 'x', duration: 5 })).toContain(
      'Additional property duration is not allowed',
    );
    expect(await refusal('wan-video/wan-2.2-t2v-fast', { prompt: 'x', num_frames: 161 })).toContain(
      'less than or equal to 121',
    );
    expect(await refusal('wan-video/wan-2.2-t2v-fast', { prompt: 'x', image: frames[0] })).toContain(
      'Additional property image is not allowed',
    );
    expect(await refusal('wan-video/wan-2.2-i2v-fast', { prompt: 'x', aspect_ratio: '16:9' })).toContain(
      'image is required',
    );
    expect(
      await refusal('wan-video/wan-2.2-i2v-fast', { prompt: 'x', image: frames[0], resolution: '1080p' }),
    ).toContain('resolution must be one of');
    const long = await client.predictions.create({
      model: 'minimax/hailuo-02',
      input: { prompt: 'x', duration: 10, resolution: '1080p' },
    });
    const failed = await client.wait(long, { interval: 20 });
    expect(failed).toMatchObject({ status: 'failed', error: '10 seconds is only available for 768p resolution' });
  });
});
