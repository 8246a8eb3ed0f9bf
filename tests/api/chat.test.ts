import OpenAI, { APIError, AuthenticationError, BadRequestError, PermissionDeniedError, RateLimitError } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStudio, type StudioServer } from '../helpers/api-server';
import { adminKey, api, newMember, newTenant, sim } from '../helpers/api';
import { sample } from '../helpers/media-samples';
import { AUTO, client } from '../helpers/chat-api';

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
