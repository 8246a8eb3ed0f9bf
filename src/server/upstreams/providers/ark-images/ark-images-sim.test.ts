import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI, { AuthenticationError, BadRequestError, InternalServerError, PermissionDeniedError, RateLimitError } from 'openai'; // prettier-ignore
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_ARK_IMAGES_CHANNEL, simChannelKey } from '@/sim/channels';
import { startSim, type RunningSim } from '@/sim/testing';
import type { Target } from '@/server/upstreams/types';
import { arkImages } from './ark-images';

/**
 * Studio's adapter and the `openai` client 6.49.0 (Ark's images endpoint is OpenAI-shaped; the client's
 * `images.generate` with Ark's own fields in the body) against the simulated Seedream channel, and the two
 * requests for the same input side by side.
 */

const CH = SIM_ARK_IMAGES_CHANNEL.name;
const V4 = 'doubao-seedream-4-0-250828';
let s: RunningSim;
let target: Target;
let jpeg: Buffer;
beforeAll(async () => {
  s = await startSim({ channels: [SIM_ARK_IMAGES_CHANNEL] });
  target = {
    channel: CH,
    adapter: 'ark-images',
    baseUrl: `${s.url}/${CH}`,
    apiKey: simChannelKey(CH),
    model: V4,
    softTimeoutMs: 5_000,
  };
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c63' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => s.close());
const signal = () => AbortSignal.timeout(8_000);
const arm = (body: Record<string, unknown>) => s.control('/__sim/faults', { json: { channel: CH, times: 1, ...body } });
const req = { prompt: 'a red kite', width: 1280, height: 720 };

describe('the ark-images adapter against the simulator', () => {
  it('generates with each model: text to image, references, and SeedEdit’s single image', async () => {
    const out = await arkImages.generate(target, req, signal());
    expect(out.declaredMime).toBe('image/jpeg');
    expect(await sharp(out.data).metadata()).toMatchObject({ format: 'jpeg', width: 1280, height: 720 });
    const refs = [0, 1].map((i) => ({ data: jpeg, mime: 'image/jpeg', filename: `r${i}.jpg` }));
    await expect(arkImages.generate(target, { ...req, referenceImages: refs }, signal())).resolves.toBeTruthy();
    const t2i = { ...target, model: 'doubao-seedream-3-0-t2i-250415' };
    const small = await arkImages.generate(t2i, { prompt: 'x', width: 512, height: 768 }, signal());
    expect(await sharp(small.data).metadata()).toMatchObject({ width: 512, height: 768 });
    const edit = { ...target, model: 'doubao-seededit-3-0-i2i-250628' };
    const edited = await arkImages.generate(edit, { ...req, referenceImages: refs.slice(0, 1) }, signal());
    expect(await sharp(edited.data).metadata()).toMatchObject({ width: 1182, height: 887 });
    // Refused before any call: what the model cannot take.
    await expect(arkImages.generate(edit, req, signal())).rejects.toMatchObject({ errorClass: 'unsupported' });
    await expect(arkImages.generate(t2i, { ...req, referenceImages: refs }, signal())).rejects.toMatchObject({
      errorClass: 'unsupported',
    });
    await expect(arkImages.probe(target, signal())).resolves.toBeUndefined();
  });

  it('classifies the simulated faults by Ark’s codes', async () => {
    const ask = () => arkImages.generate(target, req, signal());
    await arm({ fault: 'rate_limit', retry_after_s: 3 });
    await expect(ask()).rejects.toMatchObject({ errorClass: 'rate_limit', retryAfterMs: 3000, code: 'RateLimitExceeded' }); // prettier-ignore
    await arm({ fault: 'unpaid' });
    await expect(ask()).rejects.toMatchObject({ errorClass: 'unpaid', status: 403, code: 'AccountOverdueError' });
    await arm({ fault: 'invalid_key' });
    await expect(ask()).rejects.toMatchObject({ errorClass: 'invalid_key', code: 'AuthenticationError' });
    await arm({ fault: 'server_error' });
    await expect(ask()).rejects.toMatchObject({ errorClass: 'server_error', code: 'InternalServiceError' });
    await arm({ fault: 'content_refused' });
    await expect(ask()).rejects.toMatchObject({ errorClass: 'refused', code: 'OutputImageSensitiveContentDetected' });
    await arm({ fault: 'bad_output' });
    const cut = await ask();
    await expect(sharp(cut.data).stats()).rejects.toThrow();
    await arm({ fault: 'timeout' });
    await expect(arkImages.generate(target, req, AbortSignal.timeout(300))).rejects.toMatchObject({
      errorClass: 'timeout',
    });
    await arm({ fault: 'invalid_key', on: 'all' });
    await expect(arkImages.probe(target, signal())).rejects.toMatchObject({ errorClass: 'invalid_key' });
  });
});

/** Ark's fields the `openai` client has no types for travel in the same JSON body. */
const arkFields = { response_format: 'b64_json', watermark: false, sequential_image_generation: 'disabled' };

describe('openai 6.49.0 against the simulated channel', () => {
  const client = () => new OpenAI({ apiKey: simChannelKey(CH), baseURL: `${s.url}/${CH}/api/v3`, maxRetries: 0 });
  const generate = () =>
    client().images.generate({ model: V4, prompt: 'a red kite', size: '1280x720', ...arkFields } as never);

  it('generates and reads Ark’s answer', async () => {
    const res = (await generate()) as unknown as { model: string; data: { b64_json: string; size: string }[] };
    expect(res.model).toBe(V4);
    expect(res.data[0]?.size).toBe('1280x720');
    expect((await sharp(Buffer.from(res.data[0]?.b64_json ?? '', 'base64')).metadata()).format).toBe('jpeg');
  });

  it('raises its own typed errors for the faults, with Ark’s code', async () => {
    const cases: [Record<string, unknown>, unknown, string][] = [
      [{ fault: 'rate_limit' }, RateLimitError, 'RateLimitExceeded'],
      [{ fault: 'invalid_key' }, AuthenticationError, 'AuthenticationError'],
      [{ fault: 'unpaid' }, PermissionDeniedError, 'AccountOverdueError'],
      [{ fault: 'server_error' }, InternalServerError, 'InternalServiceError'],
      [{ fault: 'content_refused' }, BadRequestError, 'OutputImageSensitiveContentDetected'],
    ];
    for (const [fault, type, code] of cases) {
      await arm(fault);
      const err = await generate().catch((e: unknown) => e);
      expect(err, code).toBeInstanceOf(type as never);
      expect((err as { code: string }).code).toBe(code);
    }
  });
});

describe('Studio’s request beside openai 6.49.0’s for the same input', () => {
  it('agrees on method, path, query, key, content type, and the body’s fields and types', async () => {
    const seen: { method?: string; url?: string; headers: IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
    const rec = createServer((r, res) => {
      let data = '';
      r.on('data', (c: Buffer) => (data += c.toString()));
      r.on('end', () => {
        seen.push({
          method: r.method,
          url: r.url,
          headers: r.headers,
          body: JSON.parse(data) as Record<string, unknown>,
        });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ model: V4, created: 1, data: [{ b64_json: jpeg.toString('base64'), size: '64x48' }] }),
        );
      });
    });
    await new Promise<void>((r) => rec.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(rec.address() as AddressInfo).port}/ark`;
    const image = [`data:image/jpeg;base64,${jpeg.toString('base64')}`];
    try {
      await arkImages.generate(
        { ...target, baseUrl: base, apiKey: 'k' },
        { ...req, referenceImages: [{ data: jpeg, mime: 'image/jpeg', filename: 'a.jpg' }] },
        signal(),
      );
      await new OpenAI({ apiKey: 'k', baseURL: `${base}/api/v3`, maxRetries: 0 }).images.generate({
        model: V4,
        prompt: 'a red kite',
        size: '1280x720',
        image,
        ...arkFields,
      } as never);
    } finally {
      rec.close();
    }
    const [studio, sdk] = seen;
    expect(studio?.method).toBe('POST');
    expect(studio?.method).toBe(sdk?.method);
    expect(studio?.url).toBe('/ark/api/v3/images/generations');
    expect(studio?.url).toBe(sdk?.url);
    expect(studio?.headers.authorization).toBe('Bearer k');
    expect(studio?.headers.authorization).toBe(sdk?.headers.authorization);
    expect(studio?.headers['content-type']).toBe(sdk?.headers['content-type']);
    expect(studio?.body).toEqual(sdk?.body);
    expect(Object.keys(studio?.body ?? {}).sort()).toEqual([
      'image',
      'model',
      'prompt',
      'response_format',
      'sequential_image_generation',
      'size',
      'watermark',
    ]);
  });
});
