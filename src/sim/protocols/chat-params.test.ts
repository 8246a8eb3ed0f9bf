import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSse, startSim, type RunningSim } from '@/sim/testing';

/** Chat Completions refuses what OpenAI refuses: unknown fields, and fields the model does not take. */

let s: RunningSim;
beforeAll(async () => {
  s = await startSim();
});
afterAll(async () => {
  await s.close();
});

const post = (body: Record<string, unknown>, channel = 'sim-chat-a'): Promise<Response> =>
  s.call(channel, '/v1/chat/completions', { json: body });
const hi = [{ role: 'user', content: 'hi' }];

describe('chat parameters', () => {
  it("refuses a top-level field the API does not have with OpenAI's unknown_parameter", async () => {
    const res = await post({ model: 'chatmodel-1', messages: hi, foo: 1 });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        message: "Unknown parameter: 'foo'.",
        type: 'invalid_request_error',
        param: 'foo',
        code: 'unknown_parameter',
      },
    });
    // Studio's own routing field must never reach a provider.
    const provider = await post({ model: 'chatmodel-1', messages: hi, provider: 'sim-chat-a' });
    expect(((await provider.json()) as { error: unknown }).error).toMatchObject({
      param: 'provider',
      code: 'unknown_parameter',
    });
  });

  it("takes the API's other parameters", async () => {
    const res = await post({
      model: 'chatmodel-1',
      messages: hi,
      metadata: { run: 'x' },
      seed: 3,
      stop: ['END'],
      user: 'u-1',
      store: false,
      logprobs: false,
      logit_bias: { '50256': -100 },
      service_tier: 'auto',
      safety_identifier: 'abc',
      prompt_cache_key: 'k',
      max_tokens: 50,
    });
    expect(res.status).toBe(200);
  });

  it('a model that is not a reasoning model does not know reasoning_effort', async () => {
    const res = await post({ model: 'chatmodel-1', messages: hi, reasoning_effort: 'low' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        message: 'Unrecognized request argument supplied: reasoning_effort',
        type: 'invalid_request_error',
        param: null,
        code: null,
      },
    });
  });
});

describe('a reasoning model (sim-chat-reason)', () => {
  it("refuses max_tokens with OpenAI's unsupported_parameter", async () => {
    const res = await post({ model: 'chatmodel-reason', messages: hi, max_tokens: 100 }, 'sim-chat-reason');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        message:
          "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        type: 'invalid_request_error',
        param: 'max_tokens',
        code: 'unsupported_parameter',
      },
    });
  });

  it('answers with max_completion_tokens and reasoning_effort, streamed or not', async () => {
    const res = await post(
      { model: 'chatmodel-reason', messages: hi, max_completion_tokens: 1, reasoning_effort: 'low' },
      'sim-chat-reason',
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ model: 'chatmodel-reason', choices: [{ finish_reason: 'length' }] });
    const streamed = await post(
      { model: 'chatmodel-reason', messages: hi, stream: true, stream_options: { include_usage: true } },
      'sim-chat-reason',
    );
    const events = await readSse(streamed);
    expect(events.at(-1)).toBe('[DONE]');
    // A null max_tokens is as good as none.
    expect((await post({ model: 'chatmodel-reason', messages: hi, max_tokens: null }, 'sim-chat-reason')).status).toBe(
      200,
    );
    const bad = await post({ model: 'chatmodel-reason', messages: hi, reasoning_effort: 'extreme' }, 'sim-chat-reason');
    expect(((await bad.json()) as { error: unknown }).error).toMatchObject({
      param: 'reasoning_effort',
      code: 'invalid_value',
    });
  });

  it('has no vision and no tools', async () => {
    const tools = await post(
      { model: 'chatmodel-reason', messages: hi, tools: [{ type: 'function', function: { name: 'f' } }] },
      'sim-chat-reason',
    );
    expect(((await tools.json()) as { error: unknown }).error).toMatchObject({
      param: 'tools',
      code: 'unsupported_parameter',
    });
  });
});
