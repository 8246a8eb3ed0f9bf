import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Replicate from 'replicate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Target } from '@/server/upstreams/types';
import type { VideoTaskRequest } from '@/server/upstreams/providers/types';
import { replicateVideo } from './replicate-video';
import { videoPredictionInput } from './replicate-video-request';
import { REPLICATE_VIDEO_PRESET_MODELS } from '@/contracts/presets/replicate';
import { predictionFailureClass, videoStateFrom, type Prediction } from './replicate-answer';

/**
 * Studio's video requests beside those of the official client, `replicate` 1.4.0 (`predictions.create` with
 * `model` and `input`, no wait), and each model's input beside the fields of its API page
 * (replicate-video-models.ts names the version read); the video answers after tests/fixtures/replicate.
 */

interface Seen {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}
const seen: Seen[] = [];
let base = '';
const rec = createServer((req, res) => {
  let data = '';
  req.on('data', (c: Buffer) => (data += c.toString()));
  req.on('end', () => {
    seen.push({
      method: req.method,
      url: req.url,
      headers: req.headers,
      body: data ? (JSON.parse(data) as unknown) : null,
    });
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ id: 'p1', status: 'starting', model: 'm', input: {}, output: null, error: null, urls: {} }),
    );
  });
});
beforeAll(async () => {
  await new Promise<void>((r) => rec.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(rec.address() as AddressInfo).port}`;
});
afterAll(() => rec.close());

const target = (model: string): Target => ({
  channel: 'c',
  adapter: 'replicate',
  baseUrl: base,
  apiKey: 'r8_k',
  model,
  softTimeoutMs: 60_000,
});
const signal = () => AbortSignal.timeout(5_000);
const req = (over: Partial<VideoTaskRequest> = {}): VideoTaskRequest => ({
  prompt: 'a cat walks along a sunny wall',
  duration: 5,
  ratio: '16:9',
  resolution: '720p',
  ...over,
});
const frames = ['https://studio.test/files/t/a.png', 'https://studio.test/files/t/b.png'];

describe('Studio’s video predictions beside replicate 1.4.0’s', () => {
  it('creates an official video model’s prediction: same path, key and body, without Prefer: wait', async () => {
    const client = new Replicate({ auth: 'r8_k', baseUrl: `${base}/v1` });
    for (const [model, r] of [
      ['minimax/hailuo-02', req({ duration: 6, resolution: '768p', images: frames })],
      ['google/veo-3.1', req({ duration: 8, resolution: '1080p', images: frames, generateAudio: true })],
      ['bytedance/seedance-1-lite', req({ duration: 10, resolution: '480p' })],
      ['wan-video/wan-2.2-t2v-fast', req({ duration: 6, resolution: '480p', ratio: '9:16' })],
    ] as [string, VideoTaskRequest][]) {
      seen.length = 0;
      expect(await replicateVideo.create(target(model), r, signal())).toBe('p1');
      await client.predictions.create({ model, input: videoPredictionInput(model, r) });
      const [studio, sdk] = seen as [Seen, Seen];
      expect(studio.method).toBe(sdk.method);
      expect(studio.url).toBe(sdk.url);
      expect(studio.url).toBe(`/v1/models/${model}/predictions`);
      expect(studio.headers.authorization).toBe(sdk.headers.authorization);
      expect(studio.headers['content-type']).toBe(sdk.headers['content-type']);
      expect(studio.headers.prefer).toBeUndefined();
      expect(studio.body).toEqual(sdk.body);
    }
  });

  it('sends each model its own fields: frame names, durations, resolution names, ratio and sound', () => {
    expect(
      videoPredictionInput('minimax/hailuo-02', req({ duration: 10, resolution: '768P', images: frames })),
    ).toEqual({
      prompt: 'a cat walks along a sunny wall',
      duration: 10,
      resolution: '768p',
      first_frame_image: frames[0],
      last_frame_image: frames[1],
      prompt_optimizer: false,
    });
    expect(videoPredictionInput('kwaivgi/kling-v2.5-turbo-pro', req({ resolution: '1080p', ratio: '9:16' }))).toEqual({
      prompt: 'a cat walks along a sunny wall',
      duration: 5,
      aspect_ratio: '9:16',
    });
    expect(
      videoPredictionInput('kwaivgi/kling-v2.5-turbo-pro', req({ resolution: undefined, images: [frames[0] ?? ''] })),
    ).toEqual({
      prompt: 'a cat walks along a sunny wall',
      duration: 5,
      start_image: frames[0],
    });
    expect(videoPredictionInput('google/veo-3-fast', req({ duration: 8 }))).toEqual({
      prompt: 'a cat walks along a sunny wall',
      duration: 8,
      resolution: '720p',
      aspect_ratio: '16:9',
      generate_audio: false,
    });
    expect(
      videoPredictionInput(
        'bytedance/seedance-1-pro:a5fd5508',
        req({ duration: 12, resolution: '1080p', images: frames }),
      ),
    ).toEqual({
      prompt: 'a cat walks along a sunny wall',
      duration: 12,
      resolution: '1080p',
      image: frames[0],
      last_frame_image: frames[1],
      camera_fixed: false,
    });
  });

  it('sends Wan 2.2 its seconds as frames at 16 fps, and a framed task to its image-to-video model', async () => {
    expect(videoPredictionInput('wan-video/wan-2.2-t2v-fast', req({ duration: 5, resolution: '480p' }))).toEqual({
      prompt: 'a cat walks along a sunny wall',
      num_frames: 81,
      frames_per_second: 16,
      resolution: '480p',
      aspect_ratio: '16:9',
    });
    const framed = req({ duration: 7, resolution: '720p', images: frames });
    expect(videoPredictionInput('wan-video/wan-2.2-t2v-fast', framed)).toEqual({
      prompt: 'a cat walks along a sunny wall',
      num_frames: 113,
      frames_per_second: 16,
      resolution: '720p',
      image: frames[0],
      last_image: frames[1],
    });
    const client = new Replicate({ auth: 'r8_k', baseUrl: `${base}/v1` });
    seen.length = 0;
    expect(await replicateVideo.create(target('wan-video/wan-2.2-t2v-fast'), framed, signal())).toBe('p1');
    const input = videoPredictionInput('wan-video/wan-2.2-t2v-fast', framed);
    await client.predictions.create({ model: 'wan-video/wan-2.2-i2v-fast', input });
    const [studio, sdk] = seen as [Seen, Seen];
    expect(studio.url).toBe('/v1/models/wan-video/wan-2.2-i2v-fast/predictions');
    expect(studio.url).toBe(sdk.url);
    expect(studio.body).toEqual(sdk.body);
  });

  it('makes every duration, resolution and frame the preset offers for each video model', () => {
    for (const { model, capabilities: c } of REPLICATE_VIDEO_PRESET_MODELS) {
      const range = c.duration ?? { min: 0, max: -1 };
      const durations = c.durations ?? Array.from({ length: range.max - range.min + 1 }, (_, i) => range.min + i);
      for (const duration of durations)
        for (const resolution of c.resolutions ?? [])
          for (const images of [[], [frames[0] ?? ''], ...(c.last_frame ? [frames] : [])])
            expect(() => videoPredictionInput(model, req({ duration, resolution, images })), model).not.toThrow();
    }
  });

  it('refuses before calling what the model does not make, so routing can try another channel', () => {
    const refused = (model: string, over: Partial<VideoTaskRequest>, code: string) =>
      expect(() => videoPredictionInput(model, req(over)), `${model} ${code}`).toThrow(
        expect.objectContaining({ errorClass: 'unsupported', code }),
      );
    refused('minimax/hailuo-02', { duration: 10, resolution: '1080p' }, 'duration');
    refused('minimax/hailuo-02', { duration: 6, resolution: '720p' }, 'resolution');
    refused('minimax/hailuo-02', { duration: 6, resolution: '768p', ratio: '9:16' }, 'aspect_ratio');
    refused('kwaivgi/kling-v2.5-turbo-pro', { resolution: '720p' }, 'resolution');
    refused('kwaivgi/kling-v2.5-turbo-pro', { resolution: '1080p', images: frames }, 'last_frame');
    refused('google/veo-3-fast', { duration: 6 }, 'duration');
    refused('bytedance/seedance-1-lite', { generateAudio: true }, 'generate_audio');
    refused('bytedance/seedance-1-lite', { images: ['a', 'b', 'c'] }, 'images');
    refused('bytedance/seedance-1-lite', { videos: ['v'] }, 'videos');
    refused('wan-video/wan-2.2-t2v-fast', { duration: 8, resolution: '480p' }, 'duration');
    refused('wan-video/wan-2.2-t2v-fast', { resolution: '1080p' }, 'resolution');
    refused('wan-video/wan-2.2-t2v-fast', { resolution: '720p', ratio: '1:1' }, 'aspect_ratio');
    refused('wan-video/wan-2.1-t2v-720p', {}, 'model');
  });
});

describe('documented video predictions through the adapter', () => {
  const fixture = JSON.parse(
    readFileSync(join(process.cwd(), 'tests/fixtures/replicate/video-prediction-succeeded.json'), 'utf8'),
  ) as Prediction;

  it('reads a succeeded video prediction’s URL, its times, and no reported seconds', () => {
    expect(videoStateFrom(fixture)).toEqual({
      id: 'qy8z4w9ndsrmc0cs0ayb1s1cm4',
      status: 'succeeded',
      videoUrl: 'https://replicate.delivery/xezq/qy8z4w9nd/tmpk3x8b1ab.mp4',
      lastFrameUrl: null,
      error: null,
      createdAt: Math.floor(Date.parse('2025-06-18T10:02:11.123Z') / 1000),
      updatedAt: Math.floor(Date.parse('2025-06-18T10:04:41.905Z') / 1000),
      duration: null,
    });
    expect(videoStateFrom({ ...fixture, output: [fixture.output] }).videoUrl).toBe(fixture.output);
    expect(() => videoStateFrom({ ...fixture, output: null })).toThrow(
      expect.objectContaining({ errorClass: 'bad_output' }),
    );
  });

  it('reads starting, processing and canceled, and a failure as the provider’s under prediction_failed', () => {
    expect(videoStateFrom({ ...fixture, status: 'starting', output: null }).status).toBe('queued');
    expect(videoStateFrom({ ...fixture, status: 'processing', output: null }).status).toBe('running');
    expect(videoStateFrom({ ...fixture, status: 'canceled', output: null })).toMatchObject({
      status: 'cancelled',
      error: null,
    });
    const failed = videoStateFrom({ ...fixture, status: 'failed', output: null, error: 'CUDA out of memory' });
    expect(failed).toMatchObject({
      status: 'failed',
      error: { code: 'prediction_failed', message: 'CUDA out of memory' },
    });
    expect(predictionFailureClass(failed.error?.code ?? '')).toBe('server_error');
    expect(predictionFailureClass('something_else')).toBeUndefined();
  });
});
