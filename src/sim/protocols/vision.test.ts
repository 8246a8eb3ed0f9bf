import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PosterSpec, PosterTextLayer } from '@/sim/media/poster';
import type { SimRequestRecord } from '@/sim/request-log';
import { readSse, startSim, type RunningSim } from '@/sim/testing';

/** Image reading against posters with known text: what Studio's image-to-template tests rely on. */

let s: RunningSim;
beforeAll(async () => {
  s = await startSim({ timeoutCapMs: 2_000 });
});
afterAll(async () => {
  await s.close();
});
afterEach(async () => {
  await s.control('/__sim/faults', { method: 'DELETE' });
  await s.control('/__sim/config', { json: { channel: '*', latency_ms: 0 } });
});

const TEXT_LAYER_KEYS = [
  'alignment',
  'color',
  'content',
  'coords',
  'font_category',
  'font_weight',
  'position',
  'role',
  'size_ratio',
  'treatment',
];

const SPEC: PosterSpec = {
  width: 768,
  height: 1024,
  layers: [
    {
      role: 'title',
      text: '秋天第一杯奶茶',
      x: 0.5,
      y: 0.14,
      size_ratio: 0.09,
      color: '#7A3E1D',
      font_weight: 800,
      font_category: 'display',
      treatment: 'shadow',
    },
    {
      role: 'subtitle',
      text: 'Autumn Latte',
      x: 0.5,
      y: 0.24,
      size_ratio: 0.045,
      color: '#3d2b1f',
      font_category: 'serif',
    },
    {
      role: 'caption',
      text: '限时 9 折',
      x: 0.92,
      y: 0.93,
      size_ratio: 0.035,
      color: '#FFFFFF',
      alignment: 'right',
      treatment: 'outline',
    },
  ],
};

async function poster(spec: PosterSpec = SPEC): Promise<Buffer> {
  const res = await s.control('/__sim/poster', { json: spec });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  return Buffer.from(await res.arrayBuffer());
}

const dataUrl = (png: Buffer): string => `data:image/png;base64,${png.toString('base64')}`;

/** The request Studio's image-to-template sends: the image and a JSON-mode instruction. */
function readingRequest(url: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    model: 'chatmodel-1',
    response_format: { type: 'json_object' },
    messages: [
      {
        role: 'system',
        content: 'You read the text layers of a design. Answer in JSON with text_layers and image_category.',
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'List every text layer on this image.' },
          { type: 'image_url', image_url: { url } },
        ],
      },
    ],
    ...extra,
  };
}

async function read(url: string, extra: Record<string, unknown> = {}): Promise<{ res: Response; content: string }> {
  const res = await s.call('sim-chat-a', '/v1/chat/completions', { json: readingRequest(url, extra) });
  const body = (await res.json()) as { choices: { message: { content: string } }[] };
  return { res, content: body.choices[0]?.message.content ?? '' };
}

describe('POST /__sim/poster', () => {
  it('answers a PNG of the asked size', async () => {
    const png = await poster();
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 768, height: 1024 });
  });

  it('refuses a bad spec with 400 {error} naming the problem', async () => {
    const bad = await s.control('/__sim/poster', { json: { ...SPEC, layers: [{ ...SPEC.layers[0], x: 2 }] } });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: string };
    expect(body.error).toMatch(/layers\.0\.x/);
    const empty = await s.control('/__sim/poster', { json: { width: 100, height: 100, layers: [] } });
    expect(empty.status).toBe(400);
    const junk = await s.control('/__sim/poster', { method: 'POST', body: 'not json' });
    expect(junk.status).toBe(400);
    expect(await junk.json()).toEqual({ error: expect.any(String) });
  });
});

describe('image reading of a poster', () => {
  it('reports exactly the drawn text layers, in order, and the real aspect ratio', async () => {
    const { res, content } = await read(dataUrl(await poster()));
    expect(res.status).toBe(200);
    const v = JSON.parse(content) as {
      text_layers: PosterTextLayer[];
      aspect_ratio: string;
      ratio: string;
      image_category: string;
      sculpt: unknown;
    };
    expect(v.text_layers).toEqual([
      {
        role: 'title',
        content: '秋天第一杯奶茶',
        position: 'top-center',
        coords: { x: 0.5, y: 0.14 },
        font_category: 'display',
        font_weight: 800,
        size_ratio: 0.09,
        color: '#7A3E1D',
        treatment: 'shadow',
        alignment: 'center',
      },
      {
        role: 'subtitle',
        content: 'Autumn Latte',
        position: 'top-center',
        coords: { x: 0.5, y: 0.24 },
        font_category: 'serif',
        font_weight: 400,
        size_ratio: 0.045,
        color: '#3D2B1F',
        treatment: 'none',
        alignment: 'center',
      },
      {
        role: 'caption',
        content: '限时 9 折',
        position: 'bottom-right',
        coords: { x: 0.92, y: 0.93 },
        font_category: 'sans-serif',
        font_weight: 400,
        size_ratio: 0.035,
        color: '#FFFFFF',
        treatment: 'outline',
        alignment: 'right',
      },
    ]);
    expect(v.aspect_ratio).toBe('3:4');
    expect(v.ratio).toBe('3:4');
    expect(v.image_category).toBe('poster');
    expect(v.sculpt).toBeTypeOf('object');
    // Deterministic: the same image reads the same.
    expect((await read(dataUrl(await poster()))).content).toBe(content);
  });

  it('reads the poster among several images and through a streamed answer', async () => {
    const other = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888888' } })
      .png()
      .toBuffer();
    const body = readingRequest(dataUrl(await poster()), { stream: true });
    const messages = body.messages as { role: string; content: unknown }[];
    messages.splice(
      1,
      0,
      { role: 'user', content: [{ type: 'image_url', image_url: { url: dataUrl(other) } }] },
      { role: 'assistant', content: 'Got it.' },
    );
    const res = await s.call('sim-chat-a', '/v1/chat/completions', { json: body });
    const events = await readSse(res);
    const text = events
      .slice(0, -1)
      .map((e) => (JSON.parse(e) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content ?? '')
      .join('');
    const v = JSON.parse(text) as { text_layers: PosterTextLayer[]; aspect_ratio: string };
    expect(v.text_layers.map((l) => [l.content, l.coords.x, l.coords.y])).toEqual([
      ['秋天第一杯奶茶', 0.5, 0.14],
      ['Autumn Latte', 0.5, 0.24],
      ['限时 9 折', 0.92, 0.93],
    ]);
    expect(v.aspect_ratio).toBe('3:4');
  });

  it('keeps the layers under a json_schema response format', async () => {
    const layer = {
      type: 'object',
      properties: Object.fromEntries(
        TEXT_LAYER_KEYS.map((k) => [
          k,
          k === 'coords'
            ? { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } } }
            : { type: k === 'font_weight' ? 'integer' : k === 'size_ratio' ? 'number' : 'string' },
        ]),
      ),
    };
    const { content } = await read(dataUrl(await poster()), {
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'layers',
          schema: {
            type: 'object',
            properties: { image_category: { type: 'string' }, text_layers: { type: 'array', items: layer } },
          },
        },
      },
    });
    const v = JSON.parse(content) as { text_layers: PosterTextLayer[]; image_category: string };
    expect(Object.keys(v)).toEqual(['image_category', 'text_layers']);
    expect(v.text_layers[2]).toMatchObject({
      content: '限时 9 折',
      coords: { x: 0.92, y: 0.93 },
      color: '#FFFFFF',
      size_ratio: 0.035,
      font_weight: 400,
    });
  });

  it('gives other images generated layers that carry every field, and PNGs their real ratio', async () => {
    const plain = await sharp({ create: { width: 1920, height: 1080, channels: 3, background: '#224466' } })
      .png()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#224466' } })
      .jpeg()
      .toBuffer();
    for (const url of [
      dataUrl(plain),
      `data:image/jpeg;base64,${jpeg.toString('base64')}`,
      'https://example.com/poster.png',
    ]) {
      const { content } = await read(url);
      const v = JSON.parse(content) as { text_layers: Record<string, unknown>[]; aspect_ratio: string };
      expect(v.text_layers.length).toBeGreaterThan(0);
      for (const l of v.text_layers) {
        expect(Object.keys(l).sort()).toEqual(TEXT_LAYER_KEYS);
        expect(Number.isInteger(l.font_weight)).toBe(true);
        expect(l.color).toMatch(/^#[0-9A-F]{6}$/);
        expect(['left', 'center', 'right']).toContain(l.alignment);
      }
      if (url === dataUrl(plain)) expect(v.aspect_ratio).toBe('16:9');
    }
  });
});

describe('faults on image reading', () => {
  const arm = (fault: string): Promise<Response> =>
    s.control('/__sim/faults', { json: { channel: 'sim-chat-a', fault, times: 1 } });

  it('bad_output: the reading is not valid JSON', async () => {
    await arm('bad_output');
    const { res, content } = await read(dataUrl(await poster()));
    expect(res.status).toBe(200);
    expect(content).toMatch(/^Sure! Here is the JSON/);
    expect(() => JSON.parse(content) as unknown).toThrow();
  });

  it('missing_fields: valid JSON without text_layers, sculpt and every second key; once', async () => {
    const url = dataUrl(await poster());
    const full = JSON.parse((await read(url)).content) as Record<string, unknown>;
    await arm('missing_fields');
    const { res, content } = await read(url);
    expect(res.status).toBe(200);
    const thin = JSON.parse(content) as Record<string, unknown>;
    expect(thin.text_layers).toBeUndefined();
    expect(thin.sculpt).toBeUndefined();
    const keys = Object.keys(full);
    expect(Object.keys(thin)).toEqual(keys.filter((k, i) => i % 2 === 0 && k !== 'text_layers' && k !== 'sculpt'));
    expect(Object.keys(thin).length).toBeLessThanOrEqual(Math.ceil(keys.length / 2));
    for (const [k, value] of Object.entries(thin)) expect(value).toEqual(full[k]);
    const log = (await (await s.control('/__sim/requests?channel=sim-chat-a&limit=1')).json()) as SimRequestRecord[];
    expect(log[0]).toMatchObject({ fault: 'missing_fields', status: 200 });
    // times: 1 is used up.
    expect(JSON.parse((await read(url)).content)).toEqual(full);
  });

  it('timeout: the reading is never answered until the client gives up', async () => {
    await arm('timeout');
    const url = dataUrl(await poster());
    const started = Date.now();
    await expect(
      s.call('sim-chat-a', '/v1/chat/completions', { json: readingRequest(url), signal: AbortSignal.timeout(400) }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(380);
    // The one-shot timeout is used up.
    expect((await read(url)).res.status).toBe(200);
  });

  it('latency: a slow channel answers the reading late, and right', async () => {
    await s.control('/__sim/config', { json: { channel: 'sim-chat-a', latency_ms: 300 } });
    const url = dataUrl(await poster());
    const started = Date.now();
    const { res, content } = await read(url);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(res.status).toBe(200);
    expect((JSON.parse(content) as { text_layers: unknown[] }).text_layers).toHaveLength(3);
  });
});
