import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIM_ANTHROPIC_CHANNEL, SIM_CHANNELS, simChannelKey } from '@/sim/channels';
import { startSim, type RunningSim } from '@/sim/testing';
import { SIM_ANTHROPIC_REPLY } from './anthropic';

/** Anthropic's official client (@anthropic-ai/sdk 1.14.0, the version package-lock.json pins) against the simulator. */

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const CH = SIM_ANTHROPIC_CHANNEL.name;
const MODEL = 'claudemodel-1';
const weather = {
  name: 'get_weather',
  description: 'Weather',
  input_schema: { type: 'object' as const, properties: {} },
};

let s: RunningSim;
let client: Anthropic;
beforeAll(async () => {
  s = await startSim({ channels: [...SIM_CHANNELS, SIM_ANTHROPIC_CHANNEL] });
  client = new Anthropic({ apiKey: simChannelKey(CH), baseURL: `${s.url}/${CH}`, maxRetries: 0 });
});
afterAll(() => s.close());
beforeEach(async () => {
  await s.control('/__sim/faults', { method: 'DELETE' });
});

const fault = (body: Record<string, unknown>) => s.control('/__sim/faults', { json: { channel: CH, ...body } });

describe('@anthropic-ai/sdk 1.14.0 against the simulated Anthropic channel', () => {
  it('creates a message from text and an image, with usage', async () => {
    const msg = await client.messages.create({
      model: MODEL,
      max_tokens: 64,
      system: 'Be brief.',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_1PX } },
          ],
        },
      ],
    });
    expect(msg.content).toEqual([{ type: 'text', text: SIM_ANTHROPIC_REPLY }]);
    expect(msg.stop_reason).toBe('end_turn');
    expect(msg.usage.input_tokens).toBeGreaterThan(0);
    expect(msg.usage.output_tokens).toBeGreaterThan(0);
  });

  it('calls a tool, then answers the tool result in a second turn', async () => {
    const first = await client.messages.create({
      model: MODEL,
      max_tokens: 64,
      tools: [weather],
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
    });
    expect(first.stop_reason).toBe('tool_use');
    const use = first.content.find((b) => b.type === 'tool_use');
    expect(use).toMatchObject({ name: 'get_weather', input: { query: 'simulated' } });
    const second = await client.messages.create({
      model: MODEL,
      max_tokens: 64,
      tools: [weather],
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: first.content },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: use?.type === 'tool_use' ? use.id : '', content: '18C' }],
        },
      ],
    });
    expect(second.content).toEqual([{ type: 'text', text: SIM_ANTHROPIC_REPLY }]);
  });

  it('streams text and a tool call the client assembles into its final message', async () => {
    const text = await client.messages
      .stream({ model: MODEL, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] })
      .finalMessage();
    expect(text.content).toEqual([{ type: 'text', text: SIM_ANTHROPIC_REPLY }]);
    expect(text.usage.output_tokens).toBeGreaterThan(1);
    const tool = await client.messages
      .stream({ model: MODEL, max_tokens: 64, tools: [weather], messages: [{ role: 'user', content: 'Weather?' }] })
      .finalMessage();
    expect(tool.stop_reason).toBe('tool_use');
    expect(tool.content[0]).toMatchObject({ type: 'tool_use', name: 'get_weather', input: { query: 'simulated' } });
    const raw = await client.messages.create({
      model: MODEL,
      max_tokens: 64,
      stream: true,
      messages: [{ role: 'user', content: 'hi' }],
    });
    const types: string[] = [];
    for await (const e of raw) types.push(e.type);
    expect(types[0]).toBe('message_start');
    expect(types.slice(-2)).toEqual(['message_delta', 'message_stop']);
  });

  it('raises the client’s own typed errors for the faults', async () => {
    const ask = () =>
      client.messages.create({ model: MODEL, max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] });
    await fault({ fault: 'rate_limit', retry_after_s: 7, times: 1 });
    const limited = await ask().catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(Anthropic.RateLimitError);
    expect((limited as InstanceType<typeof Anthropic.RateLimitError>).headers.get('retry-after')).toBe('7');
    await fault({ fault: 'server_error', status: 503, times: 1 });
    const overloaded = await ask().catch((e: unknown) => e);
    expect(overloaded).toBeInstanceOf(Anthropic.InternalServerError);
    expect(overloaded).toMatchObject({ status: 529, error: { error: { type: 'overloaded_error' } } });
    const wrongKey = new Anthropic({ apiKey: 'nope', baseURL: `${s.url}/${CH}`, maxRetries: 0 });
    await expect(
      wrongKey.messages.create({ model: MODEL, max_tokens: 8, messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
    await fault({ fault: 'bad_output', times: 1 });
    await expect(ask()).rejects.toThrow();
  });

  it('refuses what Anthropic refuses, in its error shape', async () => {
    const post = (body: unknown, headers: Record<string, string> = { 'anthropic-version': '2023-06-01' }) =>
      fetch(`${s.url}/${CH}/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': simChannelKey(CH), ...headers },
        body: JSON.stringify(body),
      });
    const ok = { model: MODEL, max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] };
    const refused = async (res: Response) => {
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
    };
    expect((await post(ok)).status).toBe(200);
    await refused(await post(ok, {}));
    await refused(await post({ ...ok, max_tokens: undefined }));
    await refused(await post({ ...ok, response_format: { type: 'json_object' } }));
    const gif = { type: 'image', source: { type: 'base64', media_type: 'image/bmp', data: PNG_1PX } };
    await refused(await post({ ...ok, messages: [{ role: 'user', content: [gif] }] }));
    const orphan = { type: 'tool_result', tool_use_id: 'toolu_none', content: 'x' };
    await refused(await post({ ...ok, messages: [{ role: 'user', content: [orphan] }] }));
  });

  it('refuses content as Anthropic does: 200, no content, stop_reason refusal with its details, streamed too', async () => {
    const ask = { model: MODEL, max_tokens: 64, messages: [{ role: 'user' as const, content: 'something refused' }] };
    await fault({ fault: 'content_refused', times: 2 });
    const msg = await client.messages.create(ask);
    expect(msg).toMatchObject({ content: [], stop_reason: 'refusal', stop_details: { type: 'refusal' } });
    expect(msg.usage).toMatchObject({ input_tokens: expect.any(Number), output_tokens: 0 });
    const streamed = await client.messages.stream(ask).finalMessage();
    expect(streamed).toMatchObject({ content: [], stop_reason: 'refusal' });
    // Used up: the next request is answered.
    expect((await client.messages.create(ask)).stop_reason).toBe('end_turn');
  });

  it('breaks a stream after about half of its first block, without message_stop, and a JSON answer mid-body', async () => {
    await fault({ fault: 'stream_break', times: 1 });
    const res = await fetch(`${s.url}/${CH}/v1/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': simChannelKey(CH),
        'anthropic-version': '2023-06-01',
      },
      body: JSON.stringify({ model: MODEL, max_tokens: 64, stream: true, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(res.status).toBe(200);
    let text = '';
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const broke = await (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return false;
        text += new TextDecoder().decode(value);
      }
    })().catch(() => true);
    expect(broke).toBe(true);
    const deltas = [...text.matchAll(/"text":"([^"]*)"/g)].map((m) => m[1]).join('');
    expect(text).toContain('event: message_start');
    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas.length).toBeLessThan(SIM_ANTHROPIC_REPLY.length);
    expect(text).not.toContain('message_stop');
    await fault({ fault: 'stream_break', times: 1 });
    await expect(
      client.messages.create({ model: MODEL, max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toThrow(/terminated/); // the body ends short of its content-length
    const log = (await (await s.control(`/__sim/requests?channel=${CH}`)).json()) as {
      fault: string;
      aborted: boolean;
    }[];
    expect(log.filter((r) => r.fault === 'stream_break').every((r) => !r.aborted)).toBe(true);
  });
});
