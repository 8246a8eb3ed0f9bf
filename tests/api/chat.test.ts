import OpenAI, { APIError, AuthenticationError, BadRequestError, PermissionDeniedError, RateLimitError } from 'openai';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStudio, type StudioServer } from '../helpers/api-server';
import { adminKey, api, newMember, newTenant, sim } from '../helpers/api';
import { sample } from '../helpers/media-samples';

const AUTO = 'studio-auto';
const client = (key: string, base = inject('apiBase')) =>
  new OpenAI({ apiKey: key, baseURL: `${base}/api`, maxRetries: 0 });
const balance = async (key: string) => (await api<{ credits: number }>('/balance', { key })).body.credits;
const pngDataUrl = async () => `data:image/png;base64,${(await sample('png')).toString('base64')}`;

/** Every name the simulator's channels and models go by: none may reach a caller. */
const UPSTREAM_NAMES = /sim-chat|sim_chat|fp_studio_sim/;

describe('chat with the official OpenAI SDK', () => {
  let key: string;
  let openai: OpenAI;

  beforeAll(async () => {
    key = (await newTenant({ credits: 10_000 })).key;
    openai = client(key);
  });

  it('lists the routing model first, then the chat families, in OpenAI’s list shape', async () => {
    const page = await openai.models.list();
    const ids = page.data.map((m) => m.id);
    expect(ids[0]).toBe(AUTO);
    expect(ids).toContain('chatmodel-1');
    for (const m of page.data) expect(m).toMatchObject({ object: 'model', owned_by: 'studio' });
    expect((await openai.models.retrieve(AUTO)).id).toBe(AUTO);
    await expect(openai.models.retrieve('gpt-4o')).rejects.toBeInstanceOf(APIError);
  });

  it('answers a completion under the routing model name, charges exactly what it reports', async () => {
    const before = await balance(key);
    const { data, response } = await openai.chat.completions
      .create({ model: AUTO, messages: [{ role: 'user', content: '用一句话介绍一下杭州' }], max_tokens: 200 })
      .withResponse();
    expect(data.id).toMatch(/^chatcmpl-/);
    expect(data.model).toBe(AUTO);
    expect(data.choices[0]?.message.content).toBeTruthy();
    expect(data.usage?.prompt_tokens).toBeGreaterThan(0);
    expect(JSON.stringify(data)).not.toMatch(UPSTREAM_NAMES);
    const credits = Number(response.headers.get('x-studio-credits'));
    expect(credits).toBeGreaterThanOrEqual(1);
    expect((data as unknown as { credits: number }).credits).toBe(credits);
    expect(await balance(key)).toBe(before - credits);
  });

  it('streams chunk by chunk with usage in the last chunk, ending the stream cleanly', async () => {
    const before = await balance(key);
    const stream = await openai.chat.completions.create({
      model: AUTO,
      messages: [{ role: 'user', content: 'Write three sentences about the sea.' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let chunks = 0;
    let last: OpenAI.Chat.Completions.ChatCompletionChunk | undefined;
    for await (const chunk of stream) {
      chunks += 1;
      last = chunk;
      expect(chunk.model).toBe(AUTO);
      expect(JSON.stringify(chunk)).not.toMatch(UPSTREAM_NAMES);
      text += chunk.choices[0]?.delta.content ?? '';
    }
    expect(chunks).toBeGreaterThan(3);
    expect(text.length).toBeGreaterThan(20);
    expect(last?.choices).toEqual([]);
    expect(last?.usage?.completion_tokens).toBeGreaterThan(0);
    const credits = (last as unknown as { credits: number }).credits;
    expect(await balance(key)).toBe(before - credits);
  });

  it('sends an image to a vision-capable upstream only', async () => {
    await sim('/__sim/requests', { method: 'DELETE' });
    const res = await openai.chat.completions.create({
      model: AUTO,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is in this picture?' },
            { type: 'image_url', image_url: { url: await pngDataUrl() } },
          ],
        },
      ],
    });
    expect(res.choices[0]?.message.content).toBeTruthy();
    const log = (await (await sim('/__sim/requests')).json()) as { channel: string; path: string }[];
    const chats = log.filter((r) => r.path.endsWith('/chat/completions'));
    expect(chats.length).toBeGreaterThan(0);
    expect(chats.every((r) => r.channel !== 'sim-chat-lite')).toBe(true);
  });

  it('streams tool calls as deltas that add up to one function call', async () => {
    const stream = await openai.chat.completions.create({
      model: AUTO,
      stream: true,
      messages: [{ role: 'user', content: 'What is the weather in Shanghai today?' }],
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_weather',
            description: 'weather for a city',
            parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          },
        },
      ],
      tool_choice: 'required',
    });
    let name = '';
    let args = '';
    let finish: string | null = null;
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      for (const call of choice?.delta.tool_calls ?? []) {
        name += call.function?.name ?? '';
        args += call.function?.arguments ?? '';
      }
      finish = choice?.finish_reason ?? finish;
    }
    expect(name).toBe('get_weather');
    expect(JSON.parse(args)).toHaveProperty('city');
    expect(finish).toBe('tool_calls');
  });

  it('answers JSON mode with a JSON object', async () => {
    const res = await openai.chat.completions.create({
      model: AUTO,
      response_format: { type: 'json_object' },
      messages: [{ role: 'user', content: 'Give me a JSON object describing a cat.' }],
    });
    expect(() => JSON.parse(res.choices[0]?.message.content ?? '') as unknown).not.toThrow();
  });

  it('passes a caller’s max_tokens to a reasoning model as max_completion_tokens, which is all it takes', async () => {
    const { data } = await openai.chat.completions
      .create({ model: 'chatmodel-reason', messages: [{ role: 'user', content: '你好' }], max_tokens: 40 })
      .withResponse();
    expect(data.choices[0]?.message.content).toBeTruthy();
    expect(data.model).toBe('chatmodel-reason');
  });

  it('answers a content-filter refusal as BadRequestError with code content_filter, charging nothing', async () => {
    const before = await balance(key);
    await sim('/__sim/faults', { json: { channel: '*', fault: 'content_refused' } });
    try {
      const refused = openai.chat.completions.create({
        model: AUTO,
        messages: [{ role: 'user', content: 'something filtered' }],
      });
      await expect(refused).rejects.toBeInstanceOf(BadRequestError);
      await expect(refused).rejects.toMatchObject({
        status: 400,
        code: 'content_filter',
        message: expect.stringContaining('The provider refused the content'),
      });
      const stream = openai.chat.completions.create({
        model: AUTO,
        messages: [{ role: 'user', content: 'something filtered' }],
        stream: true,
      });
      await expect(stream).rejects.toMatchObject({ status: 400, code: 'content_filter' });
    } finally {
      await sim('/__sim/faults', { method: 'DELETE' });
    }
    expect(await balance(key)).toBe(before);
  });

  it('raises the SDK’s typed errors', async () => {
    await expect(
      client('sk-studio-not-a-real-key-0000000000000000').chat.completions.create({
        model: AUTO,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    ).rejects.toBeInstanceOf(AuthenticationError);
    await expect(
      client(adminKey()).chat.completions.create({ model: AUTO, messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toBeInstanceOf(PermissionDeniedError);
    const unknown = openai.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] });
    await expect(unknown).rejects.toBeInstanceOf(BadRequestError);
    await expect(unknown).rejects.toMatchObject({ status: 400, type: 'invalid_request_error' });
    const extra = openai.chat.completions.create({
      model: AUTO,
      messages: [{ role: 'user', content: 'hi' }],
      frobnicate: true,
    } as never);
    await expect(extra).rejects.toMatchObject({ status: 400, message: expect.stringContaining('frobnicate') });
    const capability = openai.chat.completions.create({
      model: 'chatmodel-lite',
      messages: [{ role: 'user', content: 'hi' }],
      tools: [{ type: 'function', function: { name: 'noop' } }],
    });
    await expect(capability).rejects.toMatchObject({ status: 400, message: expect.stringContaining('tool calls') });
  });

  it('refuses a request the balance cannot cover before any upstream call (402)', async () => {
    const poor = await newTenant({ credits: 0 });
    const err = (await client(poor.key)
      .chat.completions.create({ model: AUTO, messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e)) as APIError;
    expect(err).toBeInstanceOf(APIError);
    expect(err.status).toBe(402);
    expect(err.code).toBe('insufficient_credits');
    expect(await balance(poor.key)).toBe(0);
  });

  it('serves the same chat at /api/chat with Studio’s error convention', async () => {
    const ok = await api<{ id: string; model: string; choices: { message: { content: string } }[] }>('/chat', {
      key,
      body: { model: AUTO, messages: [{ role: 'user', content: '你好' }] },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.model).toBe(AUTO);
    expect(ok.body.choices[0]?.message.content).toBeTruthy();
    const bad = await api('/chat', {
      key,
      body: { model: 'no-such-model', messages: [{ role: 'user', content: 'hi' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ ok: false, code: 'BAD_REQUEST', error: expect.stringContaining('no-such-model') });
    const missing = await api('/chat', { key, body: { model: AUTO } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ ok: false, issues: [{ path: ['messages'] }] });
  });

  it('shows chat under `chat` in usage and counts its attempts in tenant-stats; members see neither', async () => {
    const tenant = await newTenant({ credits: 500 });
    const member = await newMember(tenant.key);
    const stats = async () =>
      (await api<{ mine: { attempts_total: number } }>('/tenant-stats', { key: tenant.key })).body.mine.attempts_total;
    const before = await stats();
    const { response } = await client(tenant.key)
      .chat.completions.create({ model: AUTO, messages: [{ role: 'user', content: '统计一下' }] })
      .withResponse();
    const credits = Number(response.headers.get('x-studio-credits'));
    const usage = await api<{ totals: { chat: number; total: number } }>('/tenant-usage?days=1', { key: tenant.key });
    expect(usage.body.totals.chat).toBe(credits);
    // Attempts are written in batches (every 200 ms).
    await expect.poll(stats, { timeout: 5_000 }).toBeGreaterThan(before);
    expect((await api('/tenant-usage', { key: member.key })).status).toBe(403);
    expect((await api('/tenant-stats', { key: member.key })).status).toBe(403);
  });

  it('lets a member chat on its own key, charged to the wallet it spends', async () => {
    const tenant = await newTenant({ credits: 500 });
    const member = await newMember(tenant.key);
    const before = await balance(tenant.key);
    const { data, response } = await client(member.key)
      .chat.completions.create({ model: AUTO, messages: [{ role: 'user', content: 'hello' }] })
      .withResponse();
    expect(data.choices.length).toBe(1);
    expect(await balance(tenant.key)).toBe(before - Number(response.headers.get('x-studio-credits')));
  });
});

describe('chat rate limit', () => {
  let server: StudioServer;
  beforeAll(async () => {
    server = await startStudio({ STUDIO_CHAT_RATE_PER_MINUTE: '2' });
  }, 120_000);
  afterAll(async () => {
    await server.stop();
  });

  it('answers 429 with Retry-After once a key passes its requests per minute', async () => {
    const created = await api<{ api_key: string }>('/admin', {
      base: server.base,
      key: adminKey(),
      body: { action: 'tenant-create', name: '限流租户', credits: 100 },
    });
    const openai = client(created.body.api_key, server.base);
    const ask = () => openai.chat.completions.create({ model: AUTO, messages: [{ role: 'user', content: 'hi' }] });
    await ask();
    await ask();
    const err = (await ask().catch((e: unknown) => e)) as RateLimitError;
    expect(err).toBeInstanceOf(RateLimitError);
    expect(Number(err.headers?.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});

describe('chat takes back every message it gives', () => {
  let key: string;
  const weather = {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'weather for a city',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  };
  const complete = (body: Record<string, unknown>) =>
    api<{ choices: { message: Record<string, unknown> }[] }>('/chat/completions', {
      key,
      body: { model: AUTO, ...body },
    });

  /** A stream's deltas put together as a client does: texts joined, tool calls merged by `index`. */
  async function streamed(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const res = await fetch(`${inject('apiBase')}/api/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ model: AUTO, ...body, stream: true }),
    });
    expect(res.status).toBe(200);
    const message: Record<string, unknown> = {};
    const calls: Record<string, unknown>[] = [];
    for (const line of (await res.text()).split('\n')) {
      if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
      const chunk = JSON.parse(line.slice(6)) as { choices: { delta: Record<string, unknown> }[] };
      for (const [k, v] of Object.entries(chunk.choices[0]?.delta ?? {})) {
        if (k === 'tool_calls') {
          for (const { index, ...d } of v as { index: number; function?: Record<string, string> }[]) {
            const call = (calls[index] ??= {});
            for (const [ck, cv] of Object.entries(d))
              call[ck] =
                ck === 'function'
                  ? {
                      name: `${(call.function as { name?: string } | undefined)?.name ?? ''}${(cv as { name?: string }).name ?? ''}`,
                      arguments: `${(call.function as { arguments?: string } | undefined)?.arguments ?? ''}${(cv as { arguments?: string }).arguments ?? ''}`,
                    }
                  : cv;
          }
        } else if (typeof v === 'string' && typeof message[k] === 'string' && k !== 'role') message[k] += v;
        else message[k] = v;
      }
    }
    if (calls.length) message.tool_calls = calls;
    return message;
  }

  beforeAll(async () => {
    key = (await newTenant({ credits: 10_000 })).key;
  });

  it('takes back its own answer message unchanged, with a tool result naming its function (LangChain)', async () => {
    const ask = { role: 'user', content: 'What is the weather in Hangzhou?' };
    const first = await complete({ messages: [ask], tools: [weather], tool_choice: 'required' });
    expect(first.status).toBe(200);
    const called = first.body.choices[0]?.message ?? {};
    // As OpenAI gives it: the fields a strict check used to refuse on the way back.
    expect(called).toHaveProperty('annotations');
    expect(called).toHaveProperty('refusal', null);
    const id = (called.tool_calls as { id: string }[])[0]?.id;
    const tool = { role: 'tool', name: 'get_weather', tool_call_id: id, content: '{"temp_c":21}' };
    const second = await complete({ messages: [ask, called, tool], tools: [weather] });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const answer = second.body.choices[0]?.message ?? {};
    expect(answer.content).toBeTruthy();
    const third = await complete({ messages: [ask, called, tool, answer, { role: 'user', content: 'Thanks!' }] });
    expect(third.status, JSON.stringify(third.body)).toBe(200);
  });

  it('takes back a message put together from its stream, text or tool calls', async () => {
    const ask = { role: 'user', content: 'What is the weather in Hangzhou?' };
    const called = await streamed({ messages: [ask], tools: [weather], tool_choice: 'required' });
    expect(called).toMatchObject({ role: 'assistant', tool_calls: [{ type: 'function' }] });
    const id = (called.tool_calls as { id: string }[])[0]?.id;
    const tool = { role: 'tool', name: 'get_weather', tool_call_id: id, content: '21C' };
    const answer = await streamed({ messages: [ask, called, tool], tools: [weather] });
    expect(answer.content).toBeTruthy();
    const next = await complete({ messages: [ask, called, tool, answer, { role: 'user', content: 'Thanks!' }] });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
  });

  it('takes every field OpenAI documents on each role', async () => {
    const res = await complete({
      messages: [
        { role: 'developer', content: [{ type: 'text', text: 'Be brief.' }], name: 'ops' },
        { role: 'system', content: 'Answer in English.', name: 'rules' },
        {
          role: 'user',
          content: [{ type: 'text', text: 'Hi', prompt_cache_breakpoint: { mode: 'explicit' } }],
          name: 'ann',
        },
        {
          role: 'assistant',
          content: null,
          refusal: null,
          audio: null,
          annotations: [],
          function_call: { name: 'get_weather', arguments: '{"city":"Hangzhou"}' },
        },
        { role: 'function', name: 'get_weather', content: '21C' },
        { role: 'user', content: 'And tomorrow?' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('still refuses what OpenAI refuses in a message, naming it', async () => {
    const res = await complete({ messages: [{ role: 'user', content: 'hi', refusal: null }] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: {
        message: 'Unrecognized request argument supplied in messages[0]: refusal',
        param: 'messages[0].refusal',
      },
    });
  });
});

describe('every path under the OpenAI surface answers OpenAI’s error shape', () => {
  it.each([
    ['POST', '/chat/foo', true],
    ['GET', '/chat/completions/x', true],
    ['POST', '/v1/chat/completions', true],
    ['POST', '/v1/foo', false],
    ['GET', '/v1', true],
    ['GET', '/models/studio-auto/x', false],
  ])('%s /api%s answers 404 in OpenAI’s shape (key: %s)', async (method, path, withKey) => {
    const key = withKey ? (await newTenant({ credits: 10 })).key : null;
    const res = await api<{ error: Record<string, unknown> }>(path, {
      method,
      key,
      bearer: true,
      ...(method === 'POST' ? { body: { model: AUTO, messages: [{ role: 'user', content: 'hi' }] } } : {}),
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body).toEqual({
      error: {
        message: expect.stringContaining(`Invalid URL (${method} /api${path})`),
        type: 'invalid_request_error',
        param: null,
        code: 'not_found',
      },
      request_id: expect.any(String),
    });
  });
});
