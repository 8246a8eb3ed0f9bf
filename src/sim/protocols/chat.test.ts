import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSse, startSim, type RunningSim } from '@/sim/testing';

let s: RunningSim;
beforeAll(async () => {
  s = await startSim();
});
afterAll(async () => {
  await s.close();
});

interface Completion {
  id: string;
  object: string;
  created: number;
  model: string;
  choices: { index: number; message: { role: string; content: string }; finish_reason: string }[];
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}
interface Chunk {
  id: string;
  object: string;
  model: string;
  choices: { index: number; delta: { role?: string; content?: string }; finish_reason: string | null }[];
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null;
}
interface ErrorResponse {
  error: { message: string; type: string; param: string | null; code: string | null };
}

const IMAGE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

async function complete(body: Record<string, unknown>, channel = 'sim-chat-a'): Promise<Completion> {
  const res = await s.call(channel, '/v1/chat/completions', { json: { model: 'chatmodel-1', ...body } });
  expect(res.status).toBe(200);
  return (await res.json()) as Completion;
}

function contentOf(c: Completion): string {
  return c.choices[0]?.message.content ?? '';
}

describe('OpenAI chat completions', () => {
  it('answers in the exact chat.completion shape, deterministically', async () => {
    const body = { messages: [{ role: 'user', content: 'Explain HTTP caching in one paragraph.' }], temperature: 0.2 };
    const a = await complete(body);
    expect(a.id).toMatch(/^chatcmpl-/);
    expect(a.object).toBe('chat.completion');
    expect(a.model).toBe('chatmodel-1');
    expect(typeof a.created).toBe('number');
    expect(a.choices).toHaveLength(1);
    expect(a.choices[0]).toMatchObject({ index: 0, message: { role: 'assistant' }, finish_reason: 'stop' });
    expect(contentOf(a).length).toBeGreaterThan(10);
    expect(a.usage.total_tokens).toBe(a.usage.prompt_tokens + a.usage.completion_tokens);
    const b = await complete(body, 'sim-chat-b');
    expect(contentOf(b)).toBe(contentOf(a));
  });

  it('streams SSE chunks that reassemble into the same content, ending in [DONE]', async () => {
    const messages = [{ role: 'user', content: '写一段关于秋天的短文' }];
    const plain = contentOf(await complete({ messages }));
    const res = await s.call('sim-chat-a', '/v1/chat/completions', {
      json: { model: 'chatmodel-1', messages, stream: true, stream_options: { include_usage: true } },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = await readSse(res);
    expect(events.at(-1)).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e) as Chunk);
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) expect(c.object).toBe('chat.completion.chunk');
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
    expect(chunks[0]?.choices[0]?.delta.role).toBe('assistant');
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    expect(text).toBe(plain);
    const finish = chunks.filter((c) => c.choices[0]?.finish_reason);
    expect(finish).toHaveLength(1);
    expect(finish[0]?.choices[0]?.finish_reason).toBe('stop');
    const usage = chunks.at(-1);
    expect(usage?.choices).toEqual([]);
    expect(usage?.usage?.total_tokens).toBeGreaterThan(0);
  });

  it('reads images into the structured JSON description', async () => {
    const c = await complete({
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: 'You analyse images and reply in JSON.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Describe this picture.' },
            { type: 'image_url', image_url: { url: IMAGE } },
          ],
        },
      ],
    });
    const v = JSON.parse(contentOf(c)) as Record<string, unknown>;
    expect(Object.keys(v.sculpt as object).sort()).toEqual([
      'composition',
      'light',
      'print',
      'subject',
      'texture',
      'universe',
    ]);
    for (const key of [
      'prompt',
      'prompt_cn',
      'aspect_ratio',
      'zh_name',
      'description',
      'genre',
      'ratio',
      'body_md',
      'image_category',
    ]) {
      expect(typeof v[key], key).toBe('string');
    }
    expect(v.prompt_cn).toMatch(/[\u4e00-\u9fff]/);
    expect(v.zh_name).toMatch(/[\u4e00-\u9fff]/);
    expect(Array.isArray(v.style_tags)).toBe(true);
    const layers = v.text_layers as Record<string, unknown>[];
    expect(layers.length).toBeGreaterThan(0);
    for (const layer of layers) {
      expect(Object.keys(layer).sort()).toEqual([
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
      ]);
      const { x, y } = layer.coords as { x: number; y: number };
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(1);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(1);
      expect(layer.color).toMatch(/^#[0-9A-F]{6}$/);
    }
    expect(c.usage.prompt_tokens).toBeGreaterThan(85);
  });

  it('writes xiaohongshu and wechat articles as Chinese JSON', async () => {
    const xhs = await complete({
      messages: [
        { role: 'system', content: 'You are a xiaohongshu copywriter. Output JSON with title, body and hashtags.' },
        { role: 'user', content: '写一篇关于春季护肤的笔记' },
      ],
    });
    const a = JSON.parse(contentOf(xhs)) as { title: string; body: string; hashtags: string[] };
    expect(a.title).toContain('春季护肤');
    expect(a.body).toMatch(/[\u4e00-\u9fff]/);
    expect(a.hashtags.length).toBeGreaterThan(0);
    const wechat = await complete({
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: 'Write a WeChat official account article. Reply as JSON {"title","body"}.' },
        { role: 'user', content: 'Topic: 城市骑行' },
      ],
    });
    const w = JSON.parse(contentOf(wechat)) as Record<string, unknown>;
    expect(w.title).toEqual(expect.stringContaining('城市骑行'));
    expect(typeof w.body).toBe('string');
  });

  it('conforms to a json_schema response format', async () => {
    const c = await complete({
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'verdict',
          strict: true,
          schema: {
            type: 'object',
            properties: {
              score: { type: 'integer', minimum: 1 },
              label: { type: 'string', enum: ['good', 'bad'] },
              notes: { type: 'array', items: { type: 'string' } },
            },
            required: ['score', 'label', 'notes'],
          },
        },
      },
      messages: [{ role: 'user', content: 'Rate this idea.' }],
    });
    const v = JSON.parse(contentOf(c)) as { score: number; label: string; notes: string[] };
    expect(Number.isInteger(v.score)).toBe(true);
    expect(['good', 'bad']).toContain(v.label);
    expect(Array.isArray(v.notes)).toBe(true);
  });

  it('answers plain text without JSON wording, and honours max_tokens', async () => {
    const c = await complete({ messages: [{ role: 'user', content: 'Say something about tea.' }] });
    expect(() => JSON.parse(contentOf(c)) as unknown).toThrow();
    const short = await complete({ messages: [{ role: 'user', content: 'Say something about tea.' }], max_tokens: 3 });
    expect(short.choices[0]?.finish_reason).toBe('length');
    expect(contentOf(short).length).toBeLessThan(contentOf(c).length);
  });

  it('validates like the real API', async () => {
    const post = (body: unknown): Promise<Response> => s.call('sim-chat-a', '/v1/chat/completions', { json: body });
    const unknown = await post({ model: 'gpt-x', messages: [{ role: 'user', content: 'hi' }] });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ErrorResponse).error.code).toBe('model_not_found');
    const noModel = await post({ messages: [{ role: 'user', content: 'hi' }] });
    expect(noModel.status).toBe(400);
    const empty = await post({ model: 'chatmodel-1', messages: [] });
    expect(((await empty.json()) as ErrorResponse).error.param).toBe('messages');
    const jsonWord = await post({
      model: 'chatmodel-1',
      response_format: { type: 'json_object' },
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(jsonWord.status).toBe(400);
    expect(((await jsonWord.json()) as ErrorResponse).error.message).toMatch(/must contain the word 'json'/);
    const temp = await post({ model: 'chatmodel-1', temperature: 3, messages: [{ role: 'user', content: 'hi' }] });
    expect(((await temp.json()) as ErrorResponse).error.code).toBe('decimal_above_max_value');
    const badImage = await post({
      model: 'chatmodel-1',
      messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'ftp://x' } }] }],
    });
    expect(((await badImage.json()) as ErrorResponse).error.code).toBe('invalid_image_url');
  });

  it('lists models', async () => {
    const res = await s.call('sim-chat-b', '/v1/models');
    expect(await res.json()).toEqual({
      object: 'list',
      data: [expect.objectContaining({ id: 'chatmodel-1', object: 'model' })],
    });
    const one = await s.call('sim-chat-b', '/v1/models/chatmodel-1');
    expect(one.status).toBe(200);
  });
});
