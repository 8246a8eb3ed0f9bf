import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_ARK_IMAGES_CHANNEL } from '@/sim/channels';
import { startSim, type RunningSim } from '@/sim/testing';

/** What the simulated Seedream channel takes and refuses, in Ark's error shape. */

const CH = SIM_ARK_IMAGES_CHANNEL.name;
const V4 = 'doubao-seedream-4-0-250828';
const T2I = 'doubao-seedream-3-0-t2i-250415';
const EDIT = 'doubao-seededit-3-0-i2i-250628';
let s: RunningSim;
let png: string;
beforeAll(async () => {
  s = await startSim({ channels: [SIM_ARK_IMAGES_CHANNEL] });
  const bytes = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#369' } })
    .png()
    .toBuffer();
  png = `data:image/png;base64,${bytes.toString('base64')}`;
});
afterAll(() => s.close());

const generate = (json: Record<string, unknown>) => s.call(CH, '/api/v3/images/generations', { json });
async function refusal(json: Record<string, unknown>) {
  const res = await generate(json);
  const body = (await res.json()) as { error: { code: string; param: string; type: string; message: string } };
  return { status: res.status, ...body.error };
}

describe('the simulated Ark image generation API', () => {
  it('answers Ark’s shape: a JPEG of the size asked, as base64 or as a URL, with usage', async () => {
    const res = await generate({ model: V4, prompt: 'a cat', size: '1664x2496', response_format: 'b64_json' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { model: string; data: { b64_json: string; size: string }[]; usage: object };
    expect(body.model).toBe(V4);
    expect(body.data[0]?.size).toBe('1664x2496');
    expect(body.usage).toEqual({ generated_images: 1, output_tokens: 16224, total_tokens: 16224 });
    const meta = await sharp(Buffer.from(body.data[0]?.b64_json ?? '', 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1664, 2496]);

    const byUrl = (await (await generate({ model: V4, prompt: 'a cat', size: '2K' })).json()) as {
      data: { url: string; size: string }[];
    };
    expect(byUrl.data[0]?.size).toBe('2048x2048');
    const file = await fetch(byUrl.data[0]?.url ?? '');
    expect(file.headers.get('content-type')).toBe('image/jpeg');
  });

  it('takes each model’s own inputs: references on 4.0, one image and `adaptive` on SeedEdit', async () => {
    expect((await generate({ model: V4, prompt: 'mix', image: [png, png], size: '2048x2048' })).status).toBe(200);
    const edit = await generate({ model: EDIT, prompt: 'blue', image: png, size: 'adaptive', seed: 7, guidance_scale: 5.5 }); // prettier-ignore
    const item = ((await edit.json()) as { data: { size: string }[] }).data[0];
    expect(item?.size).toBe('1254x836');
    expect((await generate({ model: T2I, prompt: 'cat', size: '512x2048', guidance_scale: 2.5 })).status).toBe(200);
  });

  it('refuses what Ark refuses, naming the parameter', async () => {
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ model: V4, prompt: 'x', n: 2 }, 400, 'InvalidParameter', 'n'],
      [{ model: V4, prompt: 'x', size: '1024x512' }, 400, 'InvalidParameter', 'size'],
      [{ model: V4, prompt: 'x', size: '4096x200' }, 400, 'InvalidParameter', 'size'],
      [{ model: T2I, prompt: 'x', size: '2K' }, 400, 'InvalidParameter', 'size'],
      [{ model: T2I, prompt: 'x', size: '2049x1024' }, 400, 'InvalidParameter', 'size'],
      [{ model: T2I, prompt: 'x', image: png }, 400, 'InvalidParameter', 'image'],
      [{ model: T2I, prompt: 'x', sequential_image_generation: 'disabled' }, 400, 'InvalidParameter', 'sequential_image_generation'], // prettier-ignore
      [{ model: EDIT, prompt: 'x' }, 400, 'InvalidParameter', 'image'],
      [{ model: EDIT, prompt: 'x', image: [png, png] }, 400, 'InvalidParameter', 'image'],
      [{ model: EDIT, prompt: 'x', image: png, size: '1024x1024' }, 400, 'InvalidParameter', 'size'],
      [{ model: V4, prompt: 'x', image: Array(11).fill(png) }, 400, 'InvalidParameter', 'image'],
      [{ model: V4, prompt: 'x', image: 'data:image/png;base64,AAAA' }, 400, 'InvalidParameter', 'image'],
      [{ model: V4, prompt: 'x', response_format: 'png' }, 400, 'InvalidParameter', 'response_format'],
      [{ model: V4, prompt: 'x', seed: 2 ** 31 }, 400, 'InvalidParameter', 'seed'],
      [{ model: V4, prompt: 'x', output_format: 'png' }, 400, 'InvalidParameter', 'output_format'],
      [{ model: V4 }, 400, 'MissingParameter', 'prompt'],
      [{ model: 'doubao-seedream-9', prompt: 'x' }, 404, 'InvalidEndpointOrModel.NotFound', 'model'],
    ];
    for (const [json, status, code, param] of cases) {
      const got = await refusal(json);
      expect([got.status, got.code, got.param], JSON.stringify(json).slice(0, 80)).toEqual([status, code, param]);
      expect(got.message).toMatch(/Request id: \w+$/);
    }
  });

  it('refuses a missing or wrong key as Ark does, and lists (no) tasks for the probe', async () => {
    const res = await fetch(`${s.url}/${CH}/api/v3/images/generations`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: object }).error).toMatchObject({
      code: 'AuthenticationError',
      type: 'Unauthorized',
    });
    const list = await s.call(CH, '/api/v3/contents/generations/tasks?page_num=1&page_size=1');
    expect(await list.json()).toEqual({ items: [], total: 0 });
  });

  it('answers the faults in Ark’s shapes', async () => {
    const arm = (body: Record<string, unknown>) =>
      s.control('/__sim/faults', { json: { channel: CH, times: 1, ...body } });
    const ask = () => refusal({ model: V4, prompt: 'x', size: '2048x2048' });
    await arm({ fault: 'rate_limit', retry_after_s: 2 });
    expect(await ask()).toMatchObject({ status: 429, code: 'RateLimitExceeded', type: 'TooManyRequests' });
    await arm({ fault: 'unpaid' });
    expect(await ask()).toMatchObject({ status: 403, code: 'AccountOverdueError', type: 'Forbidden' });
    await arm({ fault: 'invalid_key' });
    expect(await ask()).toMatchObject({ status: 401, code: 'AuthenticationError' });
    await arm({ fault: 'server_error', status: 503 });
    expect(await ask()).toMatchObject({ status: 503, code: 'ServiceUnavailable' });
    await arm({ fault: 'content_refused' });
    expect(await ask()).toMatchObject({ status: 400, code: 'OutputImageSensitiveContentDetected' });
    expect((await arm({ fault: 'task_failed' })).status).toBe(400);
  });
});
