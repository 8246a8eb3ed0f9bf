import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSimChannel, type SimImageChannel } from '@/sim/channels';
import { startSim, type RunningSim } from '@/sim/testing';

let s: RunningSim;
beforeAll(async () => {
  s = await startSim();
});
afterAll(async () => {
  await s.close();
});

interface ImagesResponse {
  created: number;
  data: { b64_json?: string; url?: string }[];
  size: string;
  output_format: string;
  usage: { total_tokens: number };
}
interface ErrorResponse {
  error: { message: string; type: string; param: string | null; code: string | null };
}

async function generate(channel: string, body: Record<string, unknown>): Promise<Response> {
  return s.call(channel, '/v1/images/generations', { json: body });
}

function firstImage(json: ImagesResponse): Buffer {
  const b64 = json.data[0]?.b64_json;
  if (!b64) throw new Error('no b64_json in response');
  return Buffer.from(b64, 'base64');
}

function pngBlob(bytes: Buffer): Blob {
  return new Blob([new Uint8Array(bytes)], { type: 'image/png' });
}

async function pngOf(width: number, height: number, color: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

describe('OpenAI images: generations', () => {
  it('renders a PNG at exactly the requested size', async () => {
    const res = await generate('sim-image-a', {
      model: 'imagegen-1',
      prompt: 'a lighthouse at dawn',
      size: '1024x1536',
      quality: 'low',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-studio-simulator')).toBe('1');
    const json = (await res.json()) as ImagesResponse;
    expect(json.data).toHaveLength(1);
    expect(json.size).toBe('1024x1536');
    expect(json.usage.total_tokens).toBeGreaterThan(0);
    const meta = await sharp(firstImage(json)).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(1024);
    expect(meta.height).toBe(1536);
    expect(meta.hasAlpha).toBe(false);
  });

  it('produces a real alpha channel for transparent backgrounds', async () => {
    const res = await generate('sim-image-a', {
      model: 'imagegen-1',
      prompt: 'a sticker of a cat',
      size: '1024x1024',
      background: 'transparent',
    });
    expect(res.status).toBe(200);
    const img = firstImage((await res.json()) as ImagesResponse);
    const meta = await sharp(img).metadata();
    expect(meta.hasAlpha).toBe(true);
    expect(meta.channels).toBe(4);
    const { data, info } = await sharp(img).raw().toBuffer({ resolveWithObject: true });
    let transparent = 0;
    let opaque = 0;
    for (let i = info.channels - 1; i < data.length; i += info.channels) {
      if (data[i] === 0) transparent += 1;
      else if (data[i] === 255) opaque += 1;
    }
    expect(transparent).toBeGreaterThan(info.width * info.height * 0.2);
    expect(opaque).toBeGreaterThan(info.width * info.height * 0.05);
  });

  it('answers JPEG and WebP when asked', async () => {
    const jpeg = await generate('sim-image-b', {
      model: 'imagegen-1',
      prompt: 'jpeg please',
      size: '1024x1536',
      output_format: 'jpeg',
      output_compression: 70,
    });
    const jpegMeta = await sharp(firstImage((await jpeg.json()) as ImagesResponse)).metadata();
    expect(jpegMeta.format).toBe('jpeg');
    expect([jpegMeta.width, jpegMeta.height]).toEqual([1024, 1536]);
    const webp = await generate('sim-image-a', {
      model: 'imagegen-1',
      prompt: 'webp please',
      size: '1024x1024',
      output_format: 'webp',
      background: 'transparent',
    });
    const webpMeta = await sharp(firstImage((await webp.json()) as ImagesResponse)).metadata();
    expect(webpMeta.format).toBe('webp');
    expect(webpMeta.hasAlpha).toBe(true);
  });

  it('is deterministic: the same request gives byte-identical images, another prompt differs', async () => {
    const body = {
      model: 'imagegen-1',
      prompt: '雪地里的红狐狸 a red fox in the snow',
      size: '1536x1024',
      quality: 'high',
    };
    const a = firstImage((await (await generate('sim-image-a', body)).json()) as ImagesResponse);
    const b = firstImage((await (await generate('sim-image-b', body)).json()) as ImagesResponse);
    const c = firstImage(
      (await (await generate('sim-image-a', { ...body, prompt: 'a grey wolf' })).json()) as ImagesResponse,
    );
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });

  it('renders n distinct images', async () => {
    const res = await generate('sim-image-a', { model: 'imagegen-1', prompt: 'variants', size: '1024x1024', n: 3 });
    const json = (await res.json()) as ImagesResponse;
    expect(json.data).toHaveLength(3);
    const [x, y] = json.data.map((d) => d.b64_json);
    expect(x).not.toBe(y);
  });

  it('serves url responses on a channel that takes response_format (a DALL·E-like catalogue entry)', async () => {
    const base = findSimChannel('sim-image-a') as SimImageChannel;
    const dalle: SimImageChannel = {
      ...base,
      name: 'sim-image-url',
      capabilities: { ...base.capabilities, responseFormats: ['b64_json', 'url'] },
    };
    const own = await startSim({ channels: [dalle] });
    try {
      const res = await own.call('sim-image-url', '/v1/images/generations', {
        json: { model: 'imagegen-1', prompt: 'by url', size: '1024x1536', response_format: 'url' },
      });
      const json = (await res.json()) as ImagesResponse;
      const url = json.data[0]?.url ?? '';
      expect(url).toMatch(/\/__sim\/files\/file_[0-9a-f]+\.png$/);
      const file = await fetch(url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([1024, 1536]);
      const missing = await fetch(`${own.url}/__sim/files/file_000000.png`);
      expect(missing.status).toBe(404);
    } finally {
      await own.close();
    }
  });

  it('rejects transparency on channels without it, and quality on families without levels', async () => {
    const b = await generate('sim-image-b', { model: 'imagegen-1', prompt: 'x', background: 'transparent' });
    expect(b.status).toBe(400);
    expect(((await b.json()) as ErrorResponse).error).toMatchObject({
      param: 'background',
      code: 'unsupported_parameter',
      type: 'invalid_request_error',
    });
    const c = await generate('sim-image-c', { model: 'imagegen-2', prompt: 'x', quality: 'high' });
    expect(c.status).toBe(400);
    expect(((await c.json()) as ErrorResponse).error).toMatchObject({
      param: 'quality',
      code: 'unsupported_parameter',
    });
    const jpegAlpha = await generate('sim-image-a', {
      model: 'imagegen-1',
      prompt: 'x',
      background: 'transparent',
      output_format: 'jpeg',
    });
    expect(jpegAlpha.status).toBe(400);
    const badQuality = await generate('sim-image-a', { model: 'imagegen-1', prompt: 'x', quality: 'ultra' });
    expect(((await badQuality.json()) as ErrorResponse).error.code).toBe('invalid_value');
  });

  it('rejects unknown models, missing prompts, bad JSON and bad keys in OpenAI shape', async () => {
    const model = await generate('sim-image-c', { model: 'imagegen-1', prompt: 'x' });
    expect(model.status).toBe(400);
    expect(((await model.json()) as ErrorResponse).error).toMatchObject({
      type: 'invalid_request_error',
      code: 'model_not_found',
    });
    const prompt = await generate('sim-image-a', { model: 'imagegen-1' });
    expect(((await prompt.json()) as ErrorResponse).error).toMatchObject({
      param: 'prompt',
      code: 'missing_required_parameter',
    });
    const junk = await s.call('sim-image-a', '/v1/images/generations', {
      method: 'POST',
      body: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(junk.status).toBe(400);
    const missing = await fetch(`${s.url}/sim-image-a/v1/images/generations`, { method: 'POST', body: '{}' });
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as ErrorResponse).error.type).toBe('invalid_request_error');
    const wrong = await fetch(`${s.url}/sim-image-a/v1/images/generations`, {
      method: 'POST',
      body: '{}',
      headers: { authorization: 'Bearer sim-key-sim-image-b' },
    });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as ErrorResponse).error.code).toBe('invalid_api_key');
    const path = await s.call('sim-image-a', '/v1/images/variations', { json: {} });
    expect(path.status).toBe(404);
  });

  it('lists the channel models', async () => {
    const res = await s.call('sim-image-c', '/v1/models');
    expect(await res.json()).toMatchObject({ object: 'list', data: [{ id: 'imagegen-2', object: 'model' }] });
  });
});

describe('OpenAI images: edits', () => {
  it('accepts several reference images (image and image[]) and shows them in the render', async () => {
    const form = new FormData();
    form.append('model', 'imagegen-1');
    form.append('prompt', 'put these on a poster');
    form.append('size', '1024x1024');
    form.append('image', pngBlob(await pngOf(64, 64, '#ff0000')), 'red.png');
    form.append('image[]', pngBlob(await pngOf(80, 40, '#0000ff')), 'blue.png');
    const res = await s.call('sim-image-a', '/v1/images/edits', { method: 'POST', body: form });
    expect(res.status).toBe(200);
    const json = (await res.json()) as ImagesResponse;
    const img = firstImage(json);
    const meta = await sharp(img).metadata();
    expect([meta.width, meta.height]).toEqual([1024, 1024]);

    // Different references give a different picture for the same prompt.
    const other = new FormData();
    other.append('model', 'imagegen-1');
    other.append('prompt', 'put these on a poster');
    other.append('size', '1024x1024');
    other.append('image', pngBlob(await pngOf(64, 64, '#00ff00')), 'green.png');
    const res2 = await s.call('sim-image-a', '/v1/images/edits', { method: 'POST', body: other });
    expect(firstImage((await res2.json()) as ImagesResponse).equals(img)).toBe(false);
  });

  it('answers 400 unsupported for a mask on every channel', async () => {
    for (const [channel, model] of [
      ['sim-image-a', 'imagegen-1'],
      ['sim-image-b', 'imagegen-1'],
      ['sim-image-c', 'imagegen-2'],
    ] as const) {
      const form = new FormData();
      form.append('model', model);
      form.append('prompt', 'fill the hole');
      form.append('image', pngBlob(await pngOf(64, 64, '#ffffff')), 'a.png');
      form.append('mask', pngBlob(await pngOf(64, 64, '#000000')), 'mask.png');
      const res = await s.call(channel, '/v1/images/edits', { method: 'POST', body: form });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorResponse).error).toMatchObject({
        param: 'mask',
        code: 'unsupported_parameter',
      });
    }
  });

  it('rejects undecodable images, too many images and a JSON body', async () => {
    const form = new FormData();
    form.append('prompt', 'x');
    form.append('image', pngBlob(Buffer.from('not an image')), 'a.png');
    const res = await s.call('sim-image-a', '/v1/images/edits', { method: 'POST', body: form });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorResponse).error).toMatchObject({
      type: 'image_generation_user_error',
      param: null,
      code: 'invalid_image_file',
    });

    // The right header with the data cut off is refused the same way, not answered with a server error.
    const whole = await sharp(
      Buffer.alloc(96 * 96 * 3).map((_, i) => (i * 2654435761) >>> 24),
      { raw: { width: 96, height: 96, channels: 3 } },
    )
      .jpeg()
      .toBuffer();
    const cut = new FormData();
    cut.append('prompt', 'x');
    cut.append('image[]', pngBlob(await pngOf(16, 16, '#123456')), 'fine.png');
    cut.append(
      'image[]',
      new Blob([new Uint8Array(whole.subarray(0, Math.floor(whole.length * 0.6)))], { type: 'image/jpeg' }),
      'cut.jpg',
    );
    const truncated = await s.call('sim-image-a', '/v1/images/edits', { method: 'POST', body: cut });
    expect(truncated.status).toBe(400);
    expect(((await truncated.json()) as ErrorResponse).error).toMatchObject({
      code: 'invalid_image_file',
      message: expect.stringMatching(/for image 2,/),
    });

    const many = new FormData();
    many.append('model', 'imagegen-2');
    many.append('prompt', 'x');
    const png = await pngOf(16, 16, '#123456');
    for (let i = 0; i < 5; i += 1) many.append('image[]', pngBlob(png), `${i}.png`);
    const tooMany = await s.call('sim-image-c', '/v1/images/edits', { method: 'POST', body: many });
    expect(tooMany.status).toBe(400);

    const json = await s.call('sim-image-a', '/v1/images/edits', { json: { prompt: 'x' } });
    expect(json.status).toBe(400);
  });
});
