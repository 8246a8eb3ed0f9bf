import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFalClient } from '@fal-ai/client';
import { describe, expect, it } from 'vitest';
import type { Target } from '@/server/upstreams/types';
import { falQueue } from './fal-queue';
import { falAppId, falCapabilities, falRequest, nearestRatio, FAL_MODELS } from './fal-models';

/** The per-model input mapping, and Studio's requests beside @fal-ai/client 1.10.1's for each queue operation. */

const PNG = { data: Buffer.from('iVBORw0KGgo=', 'base64'), mime: 'image/png', filename: 'a.png' };
const URI = `data:image/png;base64,${PNG.data.toString('base64')}`;

describe('Studio’s image request as each model’s input', () => {
  it('sends a custom image_size, png and one image to flux and qwen-image', () => {
    for (const model of ['fal-ai/flux/dev', 'fal-ai/qwen-image'])
      expect(falRequest(model, { prompt: 'p', width: 1024, height: 576 })).toEqual({
        endpoint: model,
        input: {
          prompt: 'p',
          image_size: { width: 1024, height: 576 },
          num_images: 1,
          output_format: 'png',
          sync_mode: false,
        },
      });
  });

  it('sends the nearest aspect_ratio to nano-banana and kontext, and references to their edit endpoints', () => {
    expect(
      falRequest('fal-ai/nano-banana', { prompt: 'p', width: 1344, height: 768, referenceImages: [PNG, PNG] }),
    ).toEqual({
      endpoint: 'fal-ai/nano-banana/edit',
      input: {
        prompt: 'p',
        aspect_ratio: '16:9',
        image_urls: [URI, URI],
        num_images: 1,
        output_format: 'png',
        sync_mode: false,
      },
    });
    expect(
      falRequest('fal-ai/flux-pro/kontext', { prompt: 'p', width: 880, height: 1184, referenceImages: [PNG] }),
    ).toEqual({
      endpoint: 'fal-ai/flux-pro/kontext',
      input: {
        prompt: 'p',
        aspect_ratio: '3:4',
        image_url: URI,
        num_images: 1,
        output_format: 'png',
        sync_mode: false,
      },
    });
    // An edit endpoint named by the channel serves a text-only request through its text sibling.
    expect(falRequest('fal-ai/flux-pro/kontext', { prompt: 'p', width: 1024, height: 1024 }).endpoint).toBe(
      'fal-ai/flux-pro/kontext/text-to-image',
    );
    expect(nearestRatio(FAL_MODELS['fal-ai/nano-banana']?.ratios ?? {}, 2000, 900)).toBe('21:9');
  });

  it('sends seedream no output_format, and refuses what a model cannot take as unsupported', () => {
    expect(
      falRequest('fal-ai/bytedance/seedream/v4/text-to-image', { prompt: 'p', width: 1024, height: 1024 }).input,
    ).toEqual({
      prompt: 'p',
      image_size: { width: 1024, height: 1024 },
      num_images: 1,
      sync_mode: false,
    });
    expect(() =>
      falRequest('fal-ai/flux/dev', { prompt: 'p', width: 512, height: 512, referenceImages: [PNG] }),
    ).toThrow(expect.objectContaining({ errorClass: 'unsupported' }));
    const eleven = Array.from({ length: 11 }, () => PNG);
    expect(() =>
      falRequest('fal-ai/nano-banana/edit', { prompt: 'p', width: 512, height: 512, referenceImages: eleven }),
    ).toThrow(expect.objectContaining({ errorClass: 'unsupported' }));
  });

  it('gives an unknown endpoint the generic mapping: prompt, image_size and one image', () => {
    expect(falRequest('someone/new-model/v2', { prompt: 'p', width: 640, height: 480 })).toEqual({
      endpoint: 'someone/new-model/v2',
      input: { prompt: 'p', image_size: { width: 640, height: 480 }, num_images: 1 },
    });
  });

  it('reads the app id as @fal-ai/client does, and lists each model’s real capabilities', () => {
    expect(falAppId('fal-ai/bytedance/seedream/v4/edit')).toBe('fal-ai/bytedance');
    expect(falAppId('workflows/acme/flow/run')).toBe('workflows/acme/flow');
    expect(falCapabilities('fal-ai/nano-banana')).toMatchObject({
      reference_images: true,
      max_reference_images: 10,
      transparent_background: false,
    });
    expect(falCapabilities('fal-ai/flux/dev')).toMatchObject({ reference_images: false, sizes: { multiple_of: 16 } });
    expect(falCapabilities('fal-ai/flux-pro/kontext')).toMatchObject({
      max_reference_images: 1,
      sizes: expect.arrayContaining(['1024x1024']),
    });
  });
});

interface Seen {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A server that records each request and answers as fal's queue does. */
async function recorder(): Promise<{ base: string; seen: Seen[]; close(): void }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body: data ? JSON.parse(data) : null });
      const url = req.url ?? '';
      const [status, body] =
        req.method === 'POST'
          ? [200, { request_id: 'r-1', status: 'IN_QUEUE', queue_position: 0 }]
          : req.method === 'PUT'
            ? [202, { status: 'CANCELLATION_REQUESTED' }]
            : url.includes('/status')
              ? [200, { status: 'COMPLETED', response_url: 'x' }]
              : [200, { images: [{ url: URI, width: 1, height: 1, content_type: 'image/png' }], seed: 1 }];
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/base`, seen, close: () => server.close() };
}

describe('Studio’s requests beside @fal-ai/client 1.10.1’s for the same input', () => {
  it('agree on method, path, query, key, content type and body, for submit, status, result and cancel', async () => {
    const rec = await recorder();
    try {
      const target: Target = {
        channel: 'c',
        adapter: 'fal-queue',
        baseUrl: rec.base,
        apiKey: 'k-1:s',
        model: 'fal-ai/nano-banana',
        softTimeoutMs: 5000,
      };
      const task = await falQueue.submit(
        target,
        { prompt: 'p', width: 1344, height: 768, referenceImages: [PNG] },
        AbortSignal.timeout(5000),
      );
      const done = await falQueue.get(target, task.id, AbortSignal.timeout(5000));
      expect(done).toMatchObject({ status: 'succeeded', image: { mime: 'image/png' } });
      await falQueue.cancel(target, task.id, AbortSignal.timeout(5000));
      const fal = createFalClient({
        credentials: 'k-1:s',
        requestMiddleware: (r) => Promise.resolve({ ...r, url: r.url.replace('https://queue.fal.run', rec.base) }),
      });
      const input = {
        prompt: 'p',
        aspect_ratio: '16:9',
        image_urls: [URI],
        num_images: 1,
        output_format: 'png',
        sync_mode: false,
      };
      await fal.queue.submit('fal-ai/nano-banana/edit', { input: input as never });
      await fal.queue.status('fal-ai/nano-banana/edit', { requestId: 'r-1' });
      await fal.queue.result('fal-ai/nano-banana/edit', { requestId: 'r-1' });
      await fal.queue.cancel('fal-ai/nano-banana/edit', { requestId: 'r-1' });
    } finally {
      rec.close();
    }
    const studio = rec.seen.slice(0, 4);
    const sdk = rec.seen.slice(4);
    expect(sdk).toHaveLength(4);
    expect(studio.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /base/fal-ai/nano-banana/edit',
      'GET /base/fal-ai/nano-banana/requests/r-1/status?logs=0',
      'GET /base/fal-ai/nano-banana/requests/r-1',
      'PUT /base/fal-ai/nano-banana/requests/r-1/cancel',
    ]);
    for (const [i, s] of studio.entries()) {
      const c = sdk[i];
      expect(s.method).toBe(c?.method);
      expect(s.url).toBe(c?.url);
      expect(s.headers.authorization).toBe('Key k-1:s');
      expect(s.headers.authorization).toBe(c?.headers.authorization);
      expect(s.headers.accept).toBe(c?.headers.accept);
      expect(s.body).toEqual(c?.body ?? null);
    }
    // The body is JSON on the submission; the client names the content type on every call, Studio only where a body goes.
    expect(studio[0]?.headers['content-type']).toBe(sdk[0]?.headers['content-type']);
  });
});

describe('the fal-queue preset', () => {
  it('lists each model with the adapter’s capabilities and fal’s price, and passes the channel schema', async () => {
    const { FAL_QUEUE_PRESET } = await import('@/contracts/presets/fal-queue');
    const { upstreamModelSchema } = await import('@/contracts/upstreams');
    expect(FAL_QUEUE_PRESET.baseUrls).toEqual([{ region: 'global', url: 'https://queue.fal.run' }]);
    const { FAL_VIDEO_MODELS, falVideoCapabilities } = await import('./fal-video-models');
    for (const m of FAL_QUEUE_PRESET.models) {
      expect(upstreamModelSchema.parse(m), m.model).toEqual(m);
      if (m.media.includes('video')) {
        const { resolutions, durations } = m.capabilities;
        expect(m.capabilities, m.model).toEqual(falVideoCapabilities(m.model, resolutions, durations));
        expect(m.cost_usd, m.model).toBe(FAL_VIDEO_MODELS[m.model]?.costUsd);
        continue;
      }
      expect(m.capabilities, m.model).toEqual(falCapabilities(m.model));
      expect(m.cost_usd, m.model).toBe(FAL_MODELS[m.model]?.costUsd);
    }
  });
});
