import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '@/sim/testing';

/** The simulator refuses the image requests OpenAI refuses: sizes a model does not take, unknown and unsupported parameters. */

let s: RunningSim;
beforeAll(async () => {
  s = await startSim();
});
afterAll(async () => {
  await s.close();
});

const GPT_IMAGE_1_SIZES = "Supported values are: '1024x1024', '1536x1024', '1024x1536', and 'auto'.";

const generate = (channel: string, body: Record<string, unknown>): Promise<Response> =>
  s.call(channel, '/v1/images/generations', { json: body });

async function png(): Promise<Blob> {
  const bytes = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: 'image/png' });
}

async function edit(channel: string, fields: Record<string, string>): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('image[]', await png(), 'ref.png');
  return s.call(channel, '/v1/images/edits', { method: 'POST', body: form });
}

async function sizeOf(res: Response): Promise<[number, number]> {
  const json = (await res.json()) as { data: { b64_json: string }[]; size: string };
  const meta = await sharp(Buffer.from(json.data[0]?.b64_json ?? '', 'base64')).metadata();
  expect(json.size).toBe(`${meta.width}x${meta.height}`);
  return [meta.width ?? 0, meta.height ?? 0];
}

describe('image sizes: a list (gpt-image-1 on sim-image-a, sim-image-b)', () => {
  it("refuses a size outside the list with OpenAI's own 400, for generations and edits", async () => {
    const expected = {
      error: {
        message: `Invalid value: '1024x576'. ${GPT_IMAGE_1_SIZES}`,
        type: 'invalid_request_error',
        param: 'size',
        code: 'invalid_value',
      },
    };
    const gen = await generate('sim-image-a', { model: 'imagegen-1', prompt: 'a wide beach', size: '1024x576' });
    expect(gen.status).toBe(400);
    expect(await gen.json()).toEqual(expected);
    const ed = await edit('sim-image-b', { model: 'imagegen-1', prompt: 'a wide beach', size: '1024x576' });
    expect(ed.status).toBe(400);
    expect(await ed.json()).toEqual(expected);
    for (const size of ['256x256', '512x512', '1792x1024', '1536x1536', 'large', '1024*1024']) {
      const res = await generate('sim-image-a', { model: 'imagegen-1', prompt: 'x', size });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: unknown }).error).toMatchObject({
        param: 'size',
        code: 'invalid_value',
        message: `Invalid value: '${size}'. ${GPT_IMAGE_1_SIZES}`,
      });
    }
    const number = await generate('sim-image-a', { model: 'imagegen-1', prompt: 'x', size: 1024 });
    expect(((await number.json()) as { error: unknown }).error).toMatchObject({ param: 'size', code: 'invalid_value' });
  });

  it('renders each listed size exactly; auto and no size are 1024x1024', async () => {
    for (const size of ['1024x1024', '1536x1024', '1024x1536']) {
      const res = await generate('sim-image-a', { model: 'imagegen-1', prompt: 'listed', size, quality: 'low' });
      expect(res.status).toBe(200);
      expect((await sizeOf(res)).join('x')).toBe(size);
    }
    expect(await sizeOf(await generate('sim-image-b', { model: 'imagegen-1', prompt: 'auto', size: 'auto' }))).toEqual([
      1024, 1024,
    ]);
    expect(await sizeOf(await generate('sim-image-b', { model: 'imagegen-1', prompt: 'none' }))).toEqual([1024, 1024]);
    expect(await sizeOf(await edit('sim-image-a', { model: 'imagegen-1', prompt: 'edit', size: '1536x1024' }))).toEqual(
      [1536, 1024],
    );
  });
});

describe('image sizes: a rule (gpt-image-2 on sim-image-c)', () => {
  it('renders any size the rule takes, exactly', async () => {
    // Multiples of 16, at least 655,360 pixels (816x816), 3:1 at most, the long side 3840 at most.
    for (const size of ['1536x864', '816x816', '2400x800', '864x1536']) {
      const res = await generate('sim-image-c', { model: 'imagegen-2', prompt: 'free size', size });
      expect(res.status, size).toBe(200);
      expect((await sizeOf(res)).join('x')).toBe(size);
    }
    expect(await sizeOf(await edit('sim-image-c', { model: 'imagegen-2', prompt: 'edit', size: '1280x720' }))).toEqual([
      1280, 720,
    ]);
  });

  it('takes the bounds: 3840x2160 (8,294,400 pixels, the long side 3840)', async () => {
    const res = await generate('sim-image-c', { model: 'imagegen-2', prompt: 'largest', size: '3840x2160' });
    expect(res.status).toBe(200);
    expect(await sizeOf(res)).toEqual([3840, 2160]);
  });

  it('refuses sizes outside the rule with invalid_value', async () => {
    const outside = {
      '1000x1000': 'not multiples of 16',
      '800x800': 'under 655,360 pixels',
      '3856x2160': 'the long side over 3840',
      '3840x2176': 'over 8,294,400 pixels',
      '2496x816': 'wider than 3:1',
      '816x2496': 'taller than 1:3',
      '1024x576': 'under 655,360 pixels',
      '0x0': 'empty',
      '1536*864': 'not WxH',
    };
    for (const [size, why] of Object.entries(outside)) {
      const res = await generate('sim-image-c', { model: 'imagegen-2', prompt: 'x', size });
      expect(res.status, `${size}: ${why}`).toBe(400);
      const err = ((await res.json()) as { error: Record<string, unknown> }).error;
      expect(err).toMatchObject({ type: 'invalid_request_error', param: 'size', code: 'invalid_value' });
      expect(err.message).toMatch(
        new RegExp(`^Invalid value: '${size.replace('*', '\\*')}'\\. Supported values are: 'auto' and 'WIDTHxHEIGHT'`),
      );
    }
  });

  it('auto is a square the rule takes', async () => {
    expect(await sizeOf(await generate('sim-image-c', { model: 'imagegen-2', prompt: 'auto', size: 'auto' }))).toEqual([
      1024, 1024,
    ]);
  });
});

describe('image parameters', () => {
  it("refuses a field the Images API does not have with OpenAI's unknown_parameter", async () => {
    const gen = await generate('sim-image-a', { model: 'imagegen-1', prompt: 'x', foo: 1 });
    expect(gen.status).toBe(400);
    expect(await gen.json()).toEqual({
      error: {
        message: "Unknown parameter: 'foo'.",
        type: 'invalid_request_error',
        param: 'foo',
        code: 'unknown_parameter',
      },
    });
    const ed = await edit('sim-image-a', { model: 'imagegen-1', prompt: 'x', seed: '3' });
    expect(await ed.json()).toEqual({
      error: {
        message: "Unknown parameter: 'seed'.",
        type: 'invalid_request_error',
        param: 'seed',
        code: 'unknown_parameter',
      },
    });
    // An edit-only field on a generation is unknown there.
    const fidelity = await generate('sim-image-a', { model: 'imagegen-1', prompt: 'x', input_fidelity: 'high' });
    expect(((await fidelity.json()) as { error: unknown }).error).toMatchObject({
      param: 'input_fidelity',
      code: 'unknown_parameter',
    });
  });

  it('refuses response_format and style as GPT image models do', async () => {
    for (const [channel, model] of [
      ['sim-image-a', 'imagegen-1'],
      ['sim-image-c', 'imagegen-2'],
    ] as const) {
      for (const value of ['b64_json', 'url']) {
        const res = await generate(channel, { model, prompt: 'x', response_format: value });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({
          error: {
            message: "Unknown parameter: 'response_format'.",
            type: 'invalid_request_error',
            param: 'response_format',
            code: 'unknown_parameter',
          },
        });
      }
    }
    const style = await generate('sim-image-a', { model: 'imagegen-1', prompt: 'x', style: 'vivid' });
    expect(((await style.json()) as { error: unknown }).error).toMatchObject({
      param: 'style',
      code: 'unknown_parameter',
    });
    const editFormat = await edit('sim-image-a', { model: 'imagegen-1', prompt: 'x', response_format: 'b64_json' });
    expect(((await editFormat.json()) as { error: unknown }).error).toMatchObject({
      param: 'response_format',
      code: 'unknown_parameter',
    });
  });

  it('refuses values a model does not take', async () => {
    const cases: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['sim-image-c', { model: 'imagegen-2', quality: 'low' }, { param: 'quality', code: 'unsupported_parameter' }],
      [
        'sim-image-b',
        { model: 'imagegen-1', background: 'transparent' },
        { param: 'background', code: 'unsupported_parameter' },
      ],
      [
        'sim-image-a',
        { model: 'imagegen-1', quality: 'hd' },
        {
          param: 'quality',
          code: 'invalid_value',
          message: "Invalid value: 'hd'. Supported values are: 'low', 'medium', 'high', and 'auto'.",
        },
      ],
      ['sim-image-a', { model: 'imagegen-1', output_format: 'gif' }, { param: 'output_format', code: 'invalid_value' }],
      ['sim-image-a', { model: 'imagegen-1', moderation: 'off' }, { param: 'moderation', code: 'invalid_value' }],
      [
        'sim-image-a',
        { model: 'imagegen-1', partial_images: 4 },
        { param: 'partial_images', code: 'integer_above_max_value' },
      ],
      ['sim-image-a', { model: 'imagegen-1', n: 11 }, { param: 'n', code: 'integer_above_max_value' }],
    ];
    for (const [channel, extra, error] of cases) {
      const res = await generate(channel, { prompt: 'x', ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(((await res.json()) as { error: unknown }).error).toMatchObject({
        type: 'invalid_request_error',
        ...error,
      });
    }
  });

  it('takes every parameter a GPT image model has', async () => {
    const res = await generate('sim-image-a', {
      model: 'imagegen-1',
      prompt: 'all of them',
      n: 1,
      size: '1024x1024',
      quality: 'auto',
      background: 'opaque',
      output_format: 'webp',
      output_compression: 80,
      moderation: 'low',
      partial_images: 0,
      stream: false,
      user: 'user-1',
    });
    expect(res.status).toBe(200);
    const ed = await edit('sim-image-a', {
      model: 'imagegen-1',
      prompt: 'x',
      input_fidelity: 'high',
      quality: 'low',
      size: 'auto',
      user: 'u',
    });
    expect(ed.status).toBe(200);
  });
});
