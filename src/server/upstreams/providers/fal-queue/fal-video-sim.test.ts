import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFalClient, ValidationError } from '@fal-ai/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIM_CHANNELS, SIM_FAL_VIDEO_CHANNEL, simChannelKey } from '@/sim/channels';
import { startSim, type RunningSim } from '@/sim/testing';
import { inspectMp4File } from '@/server/domain/videos/media-facts';
import type { VideoTaskRequest, VideoTaskState } from '@/server/upstreams/providers/types';
import type { Target } from '@/server/upstreams/types';
import { falQueueVideo } from './fal-video';

/** Studio's fal video side and @fal-ai/client 1.10.1 against the simulated fal video channel (`sim-fal-video`). */

const CH = SIM_FAL_VIDEO_CHANNEL.name;
const KLING = 'fal-ai/kling-video/v2.5-turbo/pro/text-to-video';
const HAILUO = 'fal-ai/minimax/hailuo-02/standard/text-to-video';
const VEO = 'fal-ai/veo3/fast';
const WAN = 'fal-ai/wan/v2.2-a14b/text-to-video';
const SEEDANCE = 'fal-ai/bytedance/seedance/v1/pro/text-to-video';
let s: RunningSim;
const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-fal-video-'));
beforeAll(async () => {
  s = await startSim({ channels: [...SIM_CHANNELS, SIM_FAL_VIDEO_CHANNEL] });
});
afterAll(() => s.close());
afterEach(async () => {
  await s.control('/__sim/faults', { method: 'DELETE' });
  await s.control('/__sim/config', { json: { channel: CH, latency_ms: 0 } });
});

const target = (model: string, apiKey = simChannelKey(CH)): Target => ({
  channel: CH,
  adapter: 'fal-queue',
  baseUrl: `${s.url}/${CH}`,
  apiKey,
  model,
  softTimeoutMs: 5_000,
});
const signal = () => AbortSignal.timeout(5_000);
const arm = async (body: Record<string, unknown>) =>
  expect((await s.control('/__sim/faults', { json: { channel: CH, times: 1, ...body } })).status).toBe(200);
const FRAME = 'https://example.com/first.png';

async function until(model: string, id: string): Promise<VideoTaskState[]> {
  const states: VideoTaskState[] = [];
  for (let i = 0; i < 300; i++) {
    const state = await falQueueVideo.get(target(model), id, signal());
    states.push(state);
    if (state.status !== 'queued' && state.status !== 'running') return states;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the request never ended');
}

async function mp4Seconds(url: string | null): Promise<number | null> {
  const res = await fetch(url ?? '');
  const file = path.join(dir, `${Math.random()}.mp4`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return (await inspectMp4File(file))?.duration ?? null;
}

async function run(model: string, req: VideoTaskRequest): Promise<VideoTaskState> {
  const id = await falQueueVideo.create(target(model), req, signal());
  return (await until(model, id)).at(-1) as VideoTaskState;
}

describe('the fal-queue video side against the simulator', () => {
  it('queues a Kling text-to-video request, moves through the queue and answers an MP4 of the length asked', async () => {
    await s.control('/__sim/config', { json: { channel: CH, latency_ms: 400 } });
    const id = await falQueueVideo.create(
      target(KLING),
      { prompt: 'a lighthouse', duration: 10, ratio: '9:16' },
      signal(),
    );
    expect(id).toMatch(/^fal-ai\/kling-video\/requests\/[0-9a-f-]{36}$/);
    const states = await until(KLING, id);
    expect([...new Set(states.map((x) => x.status))]).toEqual(['queued', 'running', 'succeeded']);
    expect(await mp4Seconds(states.at(-1)?.videoUrl ?? null)).toBe(10);
    const log = (await (await s.control(`/__sim/requests?channel=${CH}`)).json()) as { method: string; path: string }[];
    expect(log.some((r) => r.method === 'POST' && r.path === `/${KLING}`)).toBe(true);
  });

  it('sends a first and last frame to the image-to-video sibling of Kling and Hailuo', async () => {
    const kling = await run(KLING, { prompt: 'open', duration: 5, resolution: '1080p', images: [FRAME, FRAME] });
    expect(kling.status).toBe('succeeded');
    const hailuo = await run(HAILUO, { prompt: 'open', duration: 6, resolution: '768P', images: [FRAME, FRAME] });
    expect(await mp4Seconds(hailuo.videoUrl)).toBe(6);
    const log = (await (await s.control(`/__sim/requests?channel=${CH}`)).json()) as { method: string; path: string }[];
    const posts = log.filter((r) => r.method === 'POST').map((r) => r.path);
    expect(posts).toEqual(
      expect.arrayContaining([
        '/fal-ai/kling-video/v2.5-turbo/pro/image-to-video',
        '/fal-ai/minimax/hailuo-02/standard/image-to-video',
      ]),
    );
  });

  it('makes Wan 2.2 A14B videos of the seconds asked in frames, from text and from a first and last frame', async () => {
    const text = await run(WAN, { prompt: 'a lighthouse', duration: 7, resolution: '480p', ratio: '9:16' });
    expect(text.status).toBe('succeeded');
    expect(await mp4Seconds(text.videoUrl)).toBe(7);
    const framed = await run(WAN, { prompt: 'open', duration: 5, resolution: '720p', images: [FRAME, FRAME] });
    expect(await mp4Seconds(framed.videoUrl)).toBe(5);
    const log = (await (await s.control(`/__sim/requests?channel=${CH}`)).json()) as { method: string; path: string }[];
    const posts = log.filter((r) => r.method === 'POST').map((r) => r.path);
    expect(posts).toEqual(expect.arrayContaining([`/${WAN}`, '/fal-ai/wan/v2.2-a14b/image-to-video']));
  });

  it('makes Seedance 1.0 Pro and Veo 3 Fast videos from a first frame on their image-to-video endpoints', async () => {
    const seedance = await run(SEEDANCE, { prompt: 'open', duration: 3, resolution: '1080p', images: [FRAME, FRAME] });
    expect(await mp4Seconds(seedance.videoUrl)).toBe(3);
    const text = await run(SEEDANCE, { prompt: 'wide', duration: 12, resolution: '720p', ratio: '21:9' });
    expect(await mp4Seconds(text.videoUrl)).toBe(12);
    const veo = await run(VEO, { prompt: 'open', duration: 6, resolution: '1080p', images: [FRAME] });
    expect(await mp4Seconds(veo.videoUrl)).toBe(6);
    const log = (await (await s.control(`/__sim/requests?channel=${CH}`)).json()) as { method: string; path: string }[];
    const posts = log.filter((r) => r.method === 'POST').map((r) => r.path);
    expect(posts).toEqual(
      expect.arrayContaining(['/fal-ai/bytedance/seedance/v1/pro/image-to-video', '/fal-ai/veo3/fast/image-to-video']),
    );
  });

  it('refuses before any call what a model does not make, as unsupported', async () => {
    const refused = (model: string, req: VideoTaskRequest) =>
      expect(falQueueVideo.create(target(model), req, signal())).rejects.toMatchObject({ errorClass: 'unsupported' });
    await refused(KLING, { prompt: 'p', duration: 7 });
    await refused(HAILUO, { prompt: 'p', duration: 5 });
    await refused(VEO, { prompt: 'p', duration: 8, images: [FRAME, FRAME] });
    await refused(WAN, { prompt: 'p', duration: 11 });
    await refused(WAN, { prompt: 'p', duration: 5, resolution: '1080p' });
    await refused(SEEDANCE, { prompt: 'p', duration: 13 });
    await refused(VEO, { prompt: 'p', duration: 8, ratio: '1:1' });
    await refused(KLING, { prompt: 'p', duration: 5, generateAudio: true });
    await refused(KLING, { prompt: 'p', duration: 5, resolution: '720p' });
  });

  it('cancels a request that never finishes, and follows the faults to failed, wrong and broken results', async () => {
    await arm({ fault: 'task_never_finishes' });
    const id = await falQueueVideo.create(target(VEO), { prompt: 'slow', duration: 4 }, signal());
    expect((await falQueueVideo.get(target(VEO), id, signal())).status).toBe('running');
    await expect(falQueueVideo.cancel(target(VEO), id, signal())).resolves.toBeUndefined();
    await expect(falQueueVideo.cancel(target(VEO), id, signal())).resolves.toBeUndefined();
    await arm({ fault: 'task_failed', code: 'generation_timeout' });
    const failed = await run(VEO, { prompt: 'x', duration: 4 });
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'generation_timeout' } });
    expect(falQueueVideo.failureClass(failed.error?.code ?? '')).toBe('timeout');
    await arm({ fault: 'content_refused' });
    const refused = await run(VEO, { prompt: 'x', duration: 4 });
    expect(falQueueVideo.failureClass(refused.error?.code ?? '')).toBe('refused');
    await arm({ fault: 'wrong_duration' });
    expect(await mp4Seconds((await run(VEO, { prompt: 'x', duration: 8, generateAudio: true })).videoUrl)).toBe(4);
    await arm({ fault: 'bad_output' });
    expect(await mp4Seconds((await run(VEO, { prompt: 'x', duration: 6 })).videoUrl)).toBeNull();
    await arm({ fault: 'invalid_key' });
    await expect(falQueueVideo.create(target(VEO), { prompt: 'x', duration: 4 }, signal())).rejects.toMatchObject({
      errorClass: 'invalid_key',
    });
    await expect(falQueueVideo.probe(target(VEO), signal())).resolves.toBeUndefined();
    await expect(falQueueVideo.probe(target(VEO, 'wrong'), signal())).rejects.toMatchObject({
      errorClass: 'invalid_key',
    });
  });
});

describe('@fal-ai/client 1.10.1 against the simulated video endpoints', () => {
  const fal = createFalClient({
    credentials: simChannelKey(CH),
    requestMiddleware: (req) =>
      Promise.resolve({ ...req, url: req.url.replace('https://queue.fal.run', `${s.url}/${CH}`) }),
  });

  it('submits and subscribes to a Kling image-to-video request with a last frame, reading video.url', async () => {
    // A render long enough that a poll lands while it runs, however busy the machine.
    await s.control('/__sim/config', { json: { channel: CH, latency_ms: 1500 } });
    const endpoint = 'fal-ai/kling-video/v2.5-turbo/pro/image-to-video';
    const input = { prompt: 'a door opens', image_url: FRAME, tail_image_url: FRAME, duration: '5' as const };
    const queued = await fal.queue.submit(endpoint, { input });
    expect(queued).toMatchObject({ status: 'IN_QUEUE', request_id: expect.any(String) });
    const updates: string[] = [];
    const done = await fal.subscribe(endpoint, {
      input,
      pollInterval: 30,
      onQueueUpdate: (u) => updates.push(u.status),
    });
    expect(updates).toContain('IN_PROGRESS');
    expect(updates.at(-1)).toBe('COMPLETED');
    const video = (done.data as { video: { url: string; content_type: string } }).video;
    expect(video.content_type).toBe('video/mp4');
    expect(await mp4Seconds(video.url)).toBe(5);
    // Finished by now: fal answers the cancel 400 ALREADY_COMPLETED, which the client raises.
    await expect(fal.queue.cancel(endpoint, { requestId: queued.request_id })).rejects.toMatchObject({
      status: 400,
      body: { status: 'ALREADY_COMPLETED' },
    });
  });

  it('raises ValidationError for a duration, a resolution and a last frame a model does not take', async () => {
    const refusal = async (endpoint: string, input: Record<string, unknown>) => {
      const err = await fal.subscribe(endpoint, { input: input as never, pollInterval: 20 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ValidationError);
      return (err as ValidationError).fieldErrors[0];
    };
    expect(await refusal(VEO, { prompt: 'x', duration: '5s' })).toMatchObject({
      loc: ['body', 'duration'],
      type: 'literal_error',
    });
    expect(await refusal('fal-ai/minimax/hailuo-02/standard/image-to-video', { prompt: 'x', image_url: FRAME, resolution: '1080P' }))
      .toMatchObject({ loc: ['body', 'resolution'], type: 'literal_error' }); // prettier-ignore
    expect(await refusal(KLING, { prompt: 'x', tail_image_url: FRAME })).toMatchObject({ type: 'extra_forbidden' });
    expect(await refusal(HAILUO, { prompt: 'x', duration: 6 })).toMatchObject({ type: 'literal_error' });
  });

  it('raises ValidationError for Wan’s frames out of range or a duration it has no field for, and Seedance’s 13 s', async () => {
    const refusal = async (endpoint: string, input: Record<string, unknown>) => {
      const err = await fal.subscribe(endpoint, { input: input as never, pollInterval: 20 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ValidationError);
      return (err as ValidationError).fieldErrors[0];
    };
    expect(await refusal(WAN, { prompt: 'x', num_frames: 200 })).toMatchObject({
      loc: ['body', 'num_frames'],
      type: 'less_than_equal',
    });
    expect(await refusal(WAN, { prompt: 'x', duration: '5' })).toMatchObject({
      loc: ['body', 'duration'],
      type: 'extra_forbidden',
    });
    expect(await refusal('fal-ai/wan/v2.2-a14b/image-to-video', { prompt: 'x', resolution: '720p' })).toMatchObject({
      loc: ['body', 'image_url'],
      type: 'missing',
    });
    expect(await refusal(SEEDANCE, { prompt: 'x', duration: '13' })).toMatchObject({ type: 'literal_error' });
    expect(await refusal('fal-ai/veo3/fast/image-to-video', { prompt: 'x', image_url: FRAME, end_image_url: FRAME }))
      .toMatchObject({ loc: ['body', 'end_image_url'], type: 'extra_forbidden' }); // prettier-ignore
  });

  it('subscribes to a Wan image-to-video request with its typed input and reads an MP4 of 81 frames at 16 fps', async () => {
    const input = {
      prompt: 'a door opens',
      image_url: FRAME,
      end_image_url: FRAME,
      num_frames: 81,
      frames_per_second: 16,
      resolution: '480p' as const,
    };
    const done = await fal.subscribe('fal-ai/wan/v2.2-a14b/image-to-video' as never, {
      input: input as never,
      pollInterval: 20,
    });
    const video = (done.data as { video: { url: string } }).video;
    expect(await mp4Seconds(video.url)).toBe(5);
  });
});
