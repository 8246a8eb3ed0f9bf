import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFalClient } from '@fal-ai/client';
import type { EndpointTypeMap } from '@fal-ai/client/endpoints';
import { describe, expect, it } from 'vitest';
import type { Target } from '@/server/upstreams/types';
import { falQueueVideo } from './fal-video';
import { FAL_VIDEO_MODELS, falVideoCapabilities } from './fal-video-models';
import { falVideoRequest } from './fal-video-request';

/**
 * Studio's video request as each fal model's input, beside the fields the model pages document
 * (fal.ai/models/<endpoint id>/api and llms.txt, read 2026-11-28), typed by @fal-ai/client 1.10.1's own
 * endpoint input types (`EndpointTypeMap`: a field name or an enum value the client does not know fails to
 * compile), and beside the client's requests for the same input.
 */

type Input<E extends keyof EndpointTypeMap> = EndpointTypeMap[E]['input'];

const KLING = 'fal-ai/kling-video/v2.5-turbo/pro/text-to-video' as const;
const HAILUO = 'fal-ai/minimax/hailuo-02/standard/text-to-video' as const;
const VEO = 'fal-ai/veo3/fast' as const;
const WAN = 'fal-ai/wan/v2.2-a14b/text-to-video' as const;
const SEEDANCE = 'fal-ai/bytedance/seedance/v1/pro/text-to-video' as const;
const A = 'https://studio.test/files/a.png';
const B = 'https://studio.test/files/b.png';

describe('Studio’s video request as each model’s documented input', () => {
  it('Kling 2.5 Turbo Pro: duration "5" | "10" and aspect_ratio; image_url and tail_image_url on image-to-video', () => {
    expect(falVideoRequest(KLING, { prompt: 'p', duration: 10, ratio: '9:16' })).toEqual({
      endpoint: KLING,
      input: { prompt: 'p', duration: '10', aspect_ratio: '9:16' } satisfies Input<typeof KLING>,
    });
    expect(falVideoRequest(KLING, { prompt: 'p', duration: 5, resolution: '1080p', images: [A, B] })).toEqual({
      endpoint: 'fal-ai/kling-video/v2.5-turbo/pro/image-to-video',
      input: {
        prompt: 'p',
        image_url: A,
        tail_image_url: B,
        duration: '5',
      } satisfies Input<'fal-ai/kling-video/v2.5-turbo/pro/image-to-video'>,
    });
  });

  it('Hailuo-02 Standard: duration "6" | "10", the prompt as written; resolution and end_image_url on image-to-video', () => {
    expect(falVideoRequest(HAILUO, { prompt: 'p', duration: 6 })).toEqual({
      endpoint: HAILUO,
      input: { prompt: 'p', duration: '6', prompt_optimizer: false } satisfies Input<typeof HAILUO>,
    });
    expect(falVideoRequest(HAILUO, { prompt: 'p', duration: 10, resolution: '768p', images: [A, B] })).toEqual({
      endpoint: 'fal-ai/minimax/hailuo-02/standard/image-to-video',
      input: {
        prompt: 'p',
        image_url: A,
        end_image_url: B,
        duration: '10',
        resolution: '768P',
        prompt_optimizer: false,
      },
    });
  });

  it('Veo 3 Fast: duration "8s", resolution, aspect_ratio and generate_audio as asked', () => {
    expect(falVideoRequest(VEO, { prompt: 'p', duration: 8, resolution: '720p', ratio: '9:16', generateAudio: true }))
      .toEqual({
        endpoint: VEO,
        input: {
          prompt: 'p',
          duration: '8s',
          aspect_ratio: '9:16',
          resolution: '720p',
          generate_audio: true,
        } satisfies Input<typeof VEO>,
      }); // prettier-ignore
    expect(falVideoRequest(VEO, { prompt: 'p', duration: 4 }).input).toMatchObject({ generate_audio: false });
    expect(falVideoRequest(VEO, { prompt: 'p', duration: 6, resolution: '1080p', images: [A] })).toEqual({
      endpoint: 'fal-ai/veo3/fast/image-to-video',
      input: {
        prompt: 'p',
        image_url: A,
        duration: '6s',
        resolution: '1080p',
        generate_audio: false,
      } satisfies Input<'fal-ai/veo3/fast/image-to-video'>,
    });
  });

  it('Wan 2.2 A14B: the seconds as num_frames at 16 frames_per_second, resolution, aspect_ratio; end_image_url', () => {
    expect(falVideoRequest(WAN, { prompt: 'p', duration: 5, resolution: '480p', ratio: '1:1' })).toEqual({
      endpoint: WAN,
      input: {
        prompt: 'p',
        num_frames: 81,
        frames_per_second: 16,
        aspect_ratio: '1:1',
        resolution: '480p',
        enable_prompt_expansion: false,
      } satisfies Input<typeof WAN>,
    });
    // @fal-ai/client 1.10.1 does not list this endpoint: its fields are the model page's (llms.txt), the text
    // endpoint's beside image_url and end_image_url, as the turbo sibling the client types has them.
    const framed = falVideoRequest(WAN, { prompt: 'p', duration: 10, resolution: '720p', images: [A, B] });
    const { num_frames: _frames, frames_per_second: _fps, ...turbo } = framed.input;
    expect(framed).toEqual({
      endpoint: 'fal-ai/wan/v2.2-a14b/image-to-video',
      input: {
        prompt: 'p',
        image_url: A,
        end_image_url: B,
        num_frames: 161,
        frames_per_second: 16,
        resolution: '720p',
        enable_prompt_expansion: false,
      },
    });
    expect(turbo).toEqual({
      prompt: 'p',
      image_url: A,
      end_image_url: B,
      resolution: '720p',
      enable_prompt_expansion: false,
    } satisfies Input<'fal-ai/wan/v2.2-a14b/image-to-video/turbo'>);
  });

  it('Seedance 1.0 Pro: duration "2" … "12", resolution and aspect_ratio; image_url and end_image_url', () => {
    expect(falVideoRequest(SEEDANCE, { prompt: 'p', duration: 12, resolution: '1080p', ratio: '21:9' })).toEqual({
      endpoint: SEEDANCE,
      input: { prompt: 'p', duration: '12', aspect_ratio: '21:9', resolution: '1080p' } satisfies Input<
        typeof SEEDANCE
      >,
    });
    expect(falVideoRequest(SEEDANCE, { prompt: 'p', duration: 2, resolution: '480p', images: [A, B] })).toEqual({
      endpoint: 'fal-ai/bytedance/seedance/v1/pro/image-to-video',
      input: {
        prompt: 'p',
        image_url: A,
        end_image_url: B,
        duration: '2',
        resolution: '480p',
      } satisfies Input<'fal-ai/bytedance/seedance/v1/pro/image-to-video'>,
    });
  });

  it('refuses what the model cannot make as unsupported, naming the parameter', () => {
    const cases: [string, Parameters<typeof falVideoRequest>[1], string][] = [
      [KLING, { prompt: 'p', duration: 7 }, 'duration'],
      [KLING, { prompt: 'p', duration: 5, ratio: '4:3' }, 'aspect_ratio'],
      [KLING, { prompt: 'p', duration: 5, images: [A, B, A] }, 'images'],
      [HAILUO, { prompt: 'p', duration: 6, resolution: '1080p' }, 'resolution'],
      [HAILUO, { prompt: 'p', duration: 6, videos: [A] }, 'videos'],
      [VEO, { prompt: 'p', duration: 8, images: [A, B] }, 'last_frame'],
      [WAN, { prompt: 'p', duration: 11 }, 'duration'],
      [WAN, { prompt: 'p', duration: 5, resolution: '1080p' }, 'resolution'],
      [WAN, { prompt: 'p', duration: 5, ratio: '4:3' }, 'aspect_ratio'],
      [SEEDANCE, { prompt: 'p', duration: 1 }, 'duration'],
      [SEEDANCE, { prompt: 'p', duration: 5, generateAudio: true }, 'generate_audio'],
      [VEO, { prompt: 'p', duration: 8, audios: [A] }, 'audios'],
      ['fal-ai/unknown/video', { prompt: 'p', duration: 5 }, 'model'],
    ];
    for (const [model, req, code] of cases)
      expect(() => falVideoRequest(model, req), `${model} ${code}`).toThrow(
        expect.objectContaining({ errorClass: 'unsupported', code }),
      );
  });

  it('lists each model’s capabilities from the same table', () => {
    expect(falVideoCapabilities(KLING)).toEqual({
      duration: { min: 5, max: 10 },
      durations: [5, 10],
      resolutions: ['1080p'],
      first_frame: true,
      last_frame: true,
      generate_audio: false,
    });
    expect(falVideoCapabilities(VEO)).toMatchObject({ durations: [4, 6, 8], first_frame: true, generate_audio: true });
    expect(falVideoCapabilities(WAN, ['480p'], [4, 5, 6, 12])).toMatchObject({
      duration: { min: 4, max: 6 },
      durations: [4, 5, 6],
      resolutions: ['480p'],
      last_frame: true,
    });
    expect(Object.keys(FAL_VIDEO_MODELS)).toEqual([KLING, HAILUO, VEO, WAN, SEEDANCE]);
  });
});

interface Seen {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A server that records each request and answers as fal's queue does for a video model. */
async function recorder(): Promise<{ base: string; seen: Seen[]; close(): void }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body: data ? JSON.parse(data) : null });
      const [status, body] =
        req.method === 'POST'
          ? [200, { request_id: 'r-1', status: 'IN_QUEUE', queue_position: 0 }]
          : req.method === 'PUT'
            ? [202, { status: 'CANCELLATION_REQUESTED' }]
            : (req.url ?? '').includes('/status')
              ? [200, { status: 'COMPLETED', response_url: 'x' }]
              : [200, { video: { url: 'https://v3.fal.media/files/x/output.mp4', content_type: 'video/mp4' } }];
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/base`, seen, close: () => server.close() };
}

describe('Studio’s video requests beside @fal-ai/client 1.10.1’s for the same input', () => {
  it('agree on method, path, key and body for submit, status, result and cancel (Hailuo-02, first and last frame)', async () => {
    const rec = await recorder();
    try {
      const target: Target = {
        channel: 'c',
        adapter: 'fal-queue',
        baseUrl: rec.base,
        apiKey: 'k-1:s',
        model: HAILUO,
        softTimeoutMs: 5000,
      };
      const signal = AbortSignal.timeout(5000);
      const req = { prompt: 'p', duration: 6, resolution: '768P', images: [A, B] };
      const id = await falQueueVideo.create(target, req, signal);
      expect(await falQueueVideo.get(target, id, signal)).toMatchObject({
        status: 'succeeded',
        videoUrl: 'https://v3.fal.media/files/x/output.mp4',
      });
      await falQueueVideo.cancel(target, id, signal);
      const fal = createFalClient({
        credentials: 'k-1:s',
        requestMiddleware: (r) => Promise.resolve({ ...r, url: r.url.replace('https://queue.fal.run', rec.base) }),
      });
      const endpoint = 'fal-ai/minimax/hailuo-02/standard/image-to-video';
      const input = falVideoRequest(HAILUO, req).input;
      await fal.queue.submit(endpoint, { input: input as never });
      await fal.queue.status(endpoint, { requestId: 'r-1' });
      await fal.queue.result(endpoint, { requestId: 'r-1' });
      await fal.queue.cancel(endpoint, { requestId: 'r-1' });
    } finally {
      rec.close();
    }
    const studio = rec.seen.slice(0, 4);
    const sdk = rec.seen.slice(4);
    expect(studio.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /base/fal-ai/minimax/hailuo-02/standard/image-to-video',
      'GET /base/fal-ai/minimax/requests/r-1/status?logs=0',
      'GET /base/fal-ai/minimax/requests/r-1',
      'PUT /base/fal-ai/minimax/requests/r-1/cancel',
    ]);
    for (const [i, s] of studio.entries()) {
      expect(s.method).toBe(sdk[i]?.method);
      expect(s.url).toBe(sdk[i]?.url);
      expect(s.headers.authorization).toBe(sdk[i]?.headers.authorization);
      expect(s.body).toEqual(sdk[i]?.body ?? null);
    }
    expect(studio[0]?.body).toEqual({
      prompt: 'p',
      image_url: A,
      end_image_url: B,
      duration: '6',
      resolution: '768P',
      prompt_optimizer: false,
    });
  });
});
