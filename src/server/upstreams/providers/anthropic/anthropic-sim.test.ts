import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_ANTHROPIC_CHANNEL, SIM_CHANNELS, simChannelKey } from '@/sim/channels';
import { startSim, type RunningSim } from '@/sim/testing';
import { UpstreamError, type Target } from '@/server/upstreams/types';
import { streamHead } from '@/server/domain/chat/stream-head';
import type { ChatChunk } from '@/server/upstreams/providers/types';
import { anthropic } from './anthropic';

/** Studio's adapter against the simulated channel, and its requests beside @anthropic-ai/sdk 1.14.0's. */

const CH = SIM_ANTHROPIC_CHANNEL.name;
const tools = [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: {} } } }];
let s: RunningSim;
let target: Target;
beforeAll(async () => {
  s = await startSim({ channels: [...SIM_CHANNELS, SIM_ANTHROPIC_CHANNEL] });
  target = {
    channel: CH,
    adapter: 'anthropic',
    baseUrl: `${s.url}/${CH}`,
    apiKey: simChannelKey(CH),
    model: 'claudemodel-1',
    softTimeoutMs: 5_000,
  };
});
afterAll(() => s.close());
const signal = () => AbortSignal.timeout(5_000);

describe('the anthropic adapter against the simulator', () => {
  it('completes, calls a tool over two turns, and reports Anthropic’s usage', async () => {
    const first = await anthropic.complete(
      target,
      { messages: [{ role: 'user', content: 'Weather?' }], tools },
      signal(),
    );
    const call = (first.choices[0]?.message.tool_calls as { id: string; function: { arguments: string } }[])[0];
    expect(first.choices[0]?.finish_reason).toBe('tool_calls');
    expect(JSON.parse(call?.function.arguments ?? '')).toEqual({ query: 'simulated' });
    const second = await anthropic.complete(
      target,
      {
        messages: [
          { role: 'user', content: 'Weather?' },
          first.choices[0]?.message,
          { role: 'tool', tool_call_id: call?.id, content: '18C' },
        ],
        tools,
      },
      signal(),
    );
    expect(second.choices[0]).toMatchObject({ finish_reason: 'stop', message: { content: expect.any(String) } });
    expect(second.usage?.prompt_tokens).toBeGreaterThan(0);
    expect(second.usage?.completion_tokens).toBeGreaterThan(0);
  });

  it('streams chunks ending with the usage chunk', async () => {
    const chunks: ChatChunk[] = [];
    for await (const c of await anthropic.stream(target, { messages: [{ role: 'user', content: 'hi' }] }, signal()))
      chunks.push(c);
    const text = chunks
      .flatMap((c) => c.choices as { delta: { content?: string } }[])
      .map((c) => c.delta.content ?? '');
    expect(text.join('')).toBe('This is a simulated Claude reply.');
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: expect.any(Number) } });
  });

  it('classifies the simulated faults', async () => {
    const ask = () => anthropic.complete(target, { messages: [{ role: 'user', content: 'hi' }] }, signal());
    const arm = (body: Record<string, unknown>) =>
      s.control('/__sim/faults', { json: { channel: CH, times: 1, ...body } });
    await arm({ fault: 'rate_limit', retry_after_s: 3 });
    await expect(ask()).rejects.toMatchObject({
      errorClass: 'rate_limit',
      retryAfterMs: 3000,
      code: 'rate_limit_error',
    });
    await arm({ fault: 'server_error', status: 503 });
    await expect(ask()).rejects.toMatchObject({ errorClass: 'server_error', status: 529, code: 'overloaded_error' });
    await arm({ fault: 'invalid_key' });
    await expect(ask()).rejects.toMatchObject({ errorClass: 'invalid_key', code: 'authentication_error' });
    await arm({ fault: 'unpaid' });
    await expect(ask()).rejects.toMatchObject({ errorClass: 'unpaid', code: 'billing_error' });
    await arm({ fault: 'bad_output' });
    await expect(ask()).rejects.toMatchObject({ errorClass: 'bad_output' });
    await expect(anthropic.probe(target, signal())).resolves.toBeUndefined();
  });

  it('classifies a refusal as the caller’s (refused), streamed or not, and a broken stream as a network failure', async () => {
    const arm = (fault: string) => s.control('/__sim/faults', { json: { channel: CH, fault, times: 1 } });
    const body = { messages: [{ role: 'user', content: 'something refused' }] };
    await arm('content_refused');
    await expect(anthropic.complete(target, body, signal())).rejects.toMatchObject({
      errorClass: 'refused',
      code: 'refusal',
    });
    await arm('content_refused');
    // The stream says why it stopped before any content: the head Studio reads first is the refusal.
    const refused = (await anthropic.stream(target, body, signal()))[Symbol.asyncIterator]();
    await expect(streamHead(refused)).rejects.toMatchObject({ errorClass: 'refused' });
    await arm('stream_break');
    const text: string[] = [];
    const broken = (async () => {
      for await (const c of await anthropic.stream(target, body, signal()))
        for (const choice of c.choices as { delta: { content?: string } }[]) text.push(choice.delta.content ?? '');
    })();
    await expect(broken).rejects.toMatchObject({ errorClass: 'network' });
    expect(text.join('').length).toBeGreaterThan(0);
    expect(text.join('')).not.toBe('This is a simulated Claude reply.');
    await arm('stream_break');
    await expect(anthropic.complete(target, body, signal())).rejects.toBeInstanceOf(UpstreamError);
  });
});

describe('Studio’s request beside @anthropic-ai/sdk 1.14.0’s for the same input', () => {
  // 1.14.0's types have no `temperature`/`top_p`: Studio forwards a caller's, as 2023-06-01 takes them (anthropic-request.test.ts).
  it('agrees on method, path, content type, key, and the body’s fields and types', async () => {
    const seen: { method?: string; url?: string; headers: IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
    const rec = createServer((req, res) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => {
        seen.push({
          method: req.method,
          url: req.url,
          headers: req.headers,
          body: JSON.parse(data) as Record<string, unknown>,
        });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'm',
            type: 'message',
            role: 'assistant',
            model: 'x',
            content: [],
            stop_reason: 'end_turn',
            usage: { input_tokens: 1, output_tokens: 1 },
          }),
        );
      });
    });
    await new Promise<void>((r) => rec.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(rec.address() as AddressInfo).port}/base`;
    try {
      await anthropic.complete(
        { ...target, baseUrl: base, apiKey: 'k' },
        {
          messages: [
            { role: 'system', content: 'Be brief.' },
            {
              role: 'user',
              content: [
                { type: 'text', text: 'Hi' },
                { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
              ],
            },
          ],
          max_tokens: 50,
          stop: ['END'],
          tools,
          tool_choice: 'auto',
        },
        signal(),
      );
      await new Anthropic({ apiKey: 'k', baseURL: base, maxRetries: 0 }).messages.create({
        model: 'claudemodel-1',
        system: 'Be brief.',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Hi' },
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
            ],
          },
        ],
        max_tokens: 50,
        stop_sequences: ['END'],
        tools: [{ name: 'get_weather', input_schema: { type: 'object', properties: {} } }],
        tool_choice: { type: 'auto' },
      });
    } finally {
      rec.close();
    }
    const [studio, sdk] = seen;
    expect(studio?.method).toBe(sdk?.method);
    expect(studio?.url).toBe(sdk?.url);
    expect(studio?.headers['content-type']).toBe(sdk?.headers['content-type']);
    // The same key: Studio sends it as `x-api-key` (Anthropic's API reference), the client as a bearer token.
    expect(studio?.headers['x-api-key']).toBe('k');
    expect(sdk?.headers.authorization).toBe('Bearer k');
    // Both name a version; Studio pins 2023-06-01, the client its own newer one (docs/routing.md).
    expect(studio?.headers['anthropic-version']).toBe('2023-06-01');
    expect(sdk?.headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(studio?.body).toEqual(sdk?.body);
  });
});
