import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simChannelKey } from '@/sim/channels';
import { readSse, startSim, type RunningSim } from '@/sim/testing';

let s: RunningSim;
let client: OpenAI;
beforeAll(async () => {
  s = await startSim();
  client = new OpenAI({ apiKey: simChannelKey('sim-chat-a'), baseURL: `${s.url}/sim-chat-a/v1`, maxRetries: 0 });
});
afterAll(async () => {
  await s.close();
});

interface ErrorResponse {
  error: { message: string; type: string; param: string | null; code: string | null };
}

const WEATHER = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'Get the current weather for a city.',
    parameters: {
      type: 'object',
      properties: {
        city: { type: 'string' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        days: { type: 'integer' },
        detailed: { type: 'boolean' },
        where: { type: 'object', properties: { lat: { type: 'number' }, note: { type: 'string' } }, required: ['lat'] },
        optional: { type: 'string' },
      },
      required: ['city', 'unit', 'days', 'detailed', 'where'],
      additionalProperties: false,
    },
    strict: true,
  },
} as const;
const SEARCH = {
  type: 'function',
  function: {
    name: 'search_docs',
    description: 'Search the documentation.',
    parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
  },
} as const;

const post = (body: Record<string, unknown>, channel = 'sim-chat-a'): Promise<Response> =>
  s.call(channel, '/v1/chat/completions', { json: { model: 'chatmodel-1', ...body } });

describe('chat tool calls', () => {
  it('calls the matching tool with arguments that fill the required properties (openai SDK)', async () => {
    const c = await client.chat.completions.create({
      model: 'chatmodel-1',
      messages: [{ role: 'user', content: 'Can you get the weather in Paris today?' }],
      tools: [SEARCH, WEATHER],
    });
    const choice = c.choices[0];
    expect(choice?.finish_reason).toBe('tool_calls');
    expect(choice?.message.content).toBeNull();
    const call = choice?.message.tool_calls?.[0];
    expect(call?.id).toMatch(/^call_/);
    expect(call?.type).toBe('function');
    if (call?.type !== 'function') throw new Error('not a function call');
    expect(call.function.name).toBe('get_weather');
    const args = JSON.parse(call.function.arguments) as Record<string, unknown>;
    expect(Object.keys(args).sort()).toEqual(['city', 'days', 'detailed', 'unit', 'where']);
    expect(args.city).toBe('Paris');
    expect(args.unit).toBe('celsius');
    expect(Number.isInteger(args.days)).toBe(true);
    expect(args.detailed).toBe(true);
    expect(typeof (args.where as { lat: unknown }).lat).toBe('number');
    expect(c.usage?.completion_tokens).toBeGreaterThan(5);
  });

  it('follows tool_choice: description word for auto, none, required, a named function', async () => {
    const ask = async (
      content: string,
      extra: Record<string, unknown>,
    ): Promise<OpenAI.Chat.Completions.ChatCompletion> =>
      client.chat.completions.create({
        model: 'chatmodel-1',
        messages: [{ role: 'user', content }],
        tools: [WEATHER, SEARCH],
        ...extra,
      });
    const byDescription = await ask('Please search for caching.', {});
    const first = byDescription.choices[0]?.message.tool_calls?.[0];
    expect(first?.type === 'function' && first.function.name).toBe('search_docs');
    const byName = await ask('use search docs', {});
    const second = byName.choices[0]?.message.tool_calls?.[0];
    expect(second?.type === 'function' && second.function.name).toBe('search_docs');
    const none = await ask('What is the weather in Paris?', { tool_choice: 'none' });
    expect(none.choices[0]?.finish_reason).toBe('stop');
    expect(none.choices[0]?.message.content).toBeTruthy();
    const unrelated = await ask('Tell me a joke.', {});
    expect(unrelated.choices[0]?.finish_reason).toBe('stop');
    const required = await ask('Tell me a joke.', { tool_choice: 'required', parallel_tool_calls: false });
    const third = required.choices[0]?.message.tool_calls?.[0];
    expect(third?.type === 'function' && third.function.name).toBe('get_weather');
    const named = await ask('Tell me a joke.', {
      tool_choice: { type: 'function', function: { name: 'search_docs' } },
    });
    const fourth = named.choices[0]?.message.tool_calls?.[0];
    expect(fourth?.type === 'function' && JSON.parse(fourth.function.arguments)).toEqual({
      query: expect.any(String) as string,
    });
  });

  it('answers in text from the tool result once the conversation carries it', async () => {
    const c = await client.chat.completions.create({
      model: 'chatmodel-1',
      tools: [WEATHER],
      messages: [
        { role: 'user', content: 'What is the weather in Paris?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '{"temp_c": 21, "sky": "sunny"}' },
      ],
    });
    expect(c.choices[0]?.finish_reason).toBe('stop');
    expect(c.choices[0]?.message.content).toContain('sunny');
  });

  it('streams tool calls in the delta format the SDK reassembles', async () => {
    const stream = await client.chat.completions.create({
      model: 'chatmodel-1',
      messages: [{ role: 'user', content: 'get weather in Berlin please' }],
      tools: [WEATHER],
      stream: true,
      stream_options: { include_usage: true },
    });
    let args = '';
    let name = '';
    let id = '';
    let finish: string | null = null;
    let usage = 0;
    let firstDelta: unknown = null;
    for await (const chunk of stream) {
      if (chunk.usage) usage = chunk.usage.completion_tokens;
      const choice = chunk.choices[0];
      if (!choice) continue;
      for (const tc of choice.delta.tool_calls ?? []) {
        firstDelta ??= tc;
        if (tc.id) id = tc.id;
        if (tc.function?.name) name = tc.function.name;
        args += tc.function?.arguments ?? '';
      }
      if (choice.finish_reason) finish = choice.finish_reason;
    }
    expect(firstDelta).toEqual({
      index: 0,
      id: expect.stringMatching(/^call_/) as string,
      type: 'function',
      function: { name: 'get_weather', arguments: '' },
    });
    expect(id).toMatch(/^call_/);
    expect(name).toBe('get_weather');
    expect((JSON.parse(args) as { city: string }).city).toBe('Berlin');
    expect(finish).toBe('tool_calls');
    expect(usage).toBeGreaterThan(5);

    const res = await post({
      messages: [{ role: 'user', content: 'get weather in Berlin please' }],
      tools: [WEATHER],
      stream: true,
    });
    const events = await readSse(res);
    expect(events.at(-1)).toBe('[DONE]');
    const fragments = events
      .slice(0, -1)
      .map((e) => JSON.parse(e) as { choices: { delta: { tool_calls?: unknown[] } }[] });
    expect(fragments.filter((f) => f.choices[0]?.delta.tool_calls).length).toBeGreaterThan(2);
  });

  it('validates tools, tool_choice, parallel_tool_calls and tool messages', async () => {
    const user = [{ role: 'user', content: 'hi' }];
    const code = async (body: Record<string, unknown>): Promise<[number, ErrorResponse['error']]> => {
      const res = await post(body);
      return [res.status, ((await res.json()) as ErrorResponse).error];
    };
    expect(await code({ messages: user, tools: [{ type: 'function', function: { name: 'bad name!' } }] })).toEqual([
      400,
      expect.objectContaining({ param: 'tools[0].function.name' }),
    ]);
    expect((await code({ messages: user, tools: [{ type: 'retrieval' }] }))[0]).toBe(400);
    expect(
      (await code({ messages: user, tools: [{ type: 'function', function: { name: 'f', parameters: 'x' } }] }))[1]
        .param,
    ).toBe('tools[0].function.parameters');
    expect(
      (
        await code({ messages: user, tools: [SEARCH], tool_choice: { type: 'function', function: { name: 'nope' } } })
      )[1].param,
    ).toBe('tool_choice');
    expect((await code({ messages: user, tools: [SEARCH], tool_choice: 'sometimes' }))[1].param).toBe('tool_choice');
    expect((await code({ messages: user, tools: [SEARCH], parallel_tool_calls: 'yes' }))[1].param).toBe(
      'parallel_tool_calls',
    );
    expect((await code({ messages: user, tool_choice: 'auto' }))[0]).toBe(400);
    const noId = await code({ messages: [...user, { role: 'tool', content: 'x' }] });
    expect(noId[1].param).toBe('messages[1].tool_call_id');
    const badId = await code({ messages: [...user, { role: 'tool', tool_call_id: 7, content: 'x' }] });
    expect(badId[1]).toMatchObject({ param: 'messages[1].tool_call_id', code: 'invalid_type' });
  });

  it('refuses tools on a channel without them, and images on a channel without vision', async () => {
    const tools = await post(
      { model: 'chatmodel-lite', messages: [{ role: 'user', content: 'hi' }], tools: [SEARCH] },
      'sim-chat-lite',
    );
    expect(tools.status).toBe(400);
    expect(((await tools.json()) as ErrorResponse).error).toMatchObject({
      code: 'unsupported_parameter',
      param: 'tools',
      type: 'invalid_request_error',
    });
    const image = await post(
      {
        model: 'chatmodel-lite',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'see' },
              { type: 'image_url', image_url: { url: 'https://example.com/a.png' } },
            ],
          },
        ],
      },
      'sim-chat-lite',
    );
    expect(image.status).toBe(400);
    expect(((await image.json()) as ErrorResponse).error.code).toBe('unsupported_parameter');
    const plain = await post({ model: 'chatmodel-lite', messages: [{ role: 'user', content: 'hi' }] }, 'sim-chat-lite');
    expect(plain.status).toBe(200);
    const wrongModel = await post({ messages: [{ role: 'user', content: 'hi' }] }, 'sim-chat-lite');
    expect(wrongModel.status).toBe(404);
  });
});
