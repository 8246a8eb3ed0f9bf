import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, newTenant } from '../helpers/api';
import { AUTO } from '../helpers/chat-api';

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
