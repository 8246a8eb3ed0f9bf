import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FunctionCallingConfigMode, GoogleGenAI, Modality } from '@google/genai';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_GEMINI_CHAT_CHANNEL, SIM_GEMINI_IMAGE_CHANNEL, simChannelKey } from '@/sim/channels';
import { SIM_GEMINI_REPLY } from '@/sim/protocols/gemini';
import { startSim, type RunningSim } from '@/sim/testing';
import { streamHead } from '@/server/domain/chat/stream-head';
import type { Target } from '@/server/upstreams/types';
import type { ChatChunk } from '@/server/upstreams/providers/types';
import { geminiChat } from './gemini-chat';
import { geminiImages } from './gemini-images';

/** Studio's Gemini adapter against the simulated channels, and its requests beside @google/genai 2.32.0's. */

const tools = [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: {} } } }];
let s: RunningSim;
let chat: Target;
let image: Target;
const targetOf = (channel: string, model: string): Target => ({
  channel,
  adapter: 'gemini',
  baseUrl: `${s.url}/${channel}`,
  apiKey: simChannelKey(channel),
  model,
  softTimeoutMs: 5_000,
});
beforeAll(async () => {
  s = await startSim({ channels: [SIM_GEMINI_IMAGE_CHANNEL, SIM_GEMINI_CHAT_CHANNEL] });
  chat = targetOf(SIM_GEMINI_CHAT_CHANNEL.name, 'gemini-2.5-flash');
  image = targetOf(SIM_GEMINI_IMAGE_CHANNEL.name, 'gemini-2.5-flash-image');
});
afterAll(() => s.close());
const signal = () => AbortSignal.timeout(5_000);
const arm = (channel: string, body: Record<string, unknown>) =>
  s.control('/__sim/faults', { json: { channel, times: 1, ...body } });

describe('the gemini adapter against the simulator', () => {
  it('generates an image at the size asked, with a reference image, and probes', async () => {
    const ref = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
    const out = await geminiImages.generate(
      image,
      {
        prompt: 'a fox',
        width: 1248,
        height: 832,
        referenceImages: [{ data: ref, mime: 'image/png', filename: 'r.png' }],
      },
      signal(),
    );
    expect(out.declaredMime).toBe('image/png');
    expect(await sharp(out.data).metadata()).toMatchObject({ width: 1248, height: 832 });
    await expect(geminiImages.probe(image, signal())).resolves.toBeUndefined();
  });

  it('classifies image refusals, missing images and undecodable references', async () => {
    const ask = (data = Buffer.alloc(0)) =>
      geminiImages.generate(
        image,
        {
          prompt: 'x',
          width: 1024,
          height: 1024,
          referenceImages: data.length ? [{ data, mime: 'image/png', filename: 'r.png' }] : [],
        },
        signal(),
      );
    await arm(image.channel, { fault: 'content_refused' });
    await expect(ask()).rejects.toMatchObject({ errorClass: 'refused', code: 'IMAGE_SAFETY' });
    await arm(image.channel, { fault: 'bad_output' });
    await expect(ask()).rejects.toMatchObject({ errorClass: 'bad_output' });
    await expect(ask(Buffer.from('not a png'))).rejects.toMatchObject({ errorClass: 'bad_request', status: 400 });
  });

  it('completes, calls a tool over two turns, and reports usage', async () => {
    const first = await geminiChat.complete(
      chat,
      { messages: [{ role: 'user', content: 'Weather?' }], tools },
      signal(),
    );
    const call = (first.choices[0]?.message.tool_calls as { id: string; function: { arguments: string } }[])[0];
    expect(first.choices[0]?.finish_reason).toBe('tool_calls');
    expect(JSON.parse(call?.function.arguments ?? '')).toEqual({ query: 'simulated' });
    const second = await geminiChat.complete(
      chat,
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
    expect(second.choices[0]).toMatchObject({ finish_reason: 'stop', message: { content: SIM_GEMINI_REPLY } });
    expect(second.usage?.prompt_tokens).toBeGreaterThan(0);
    expect(second.usage?.completion_tokens).toBeGreaterThan(0);
  });

  it('streams chunks ending with the usage chunk', async () => {
    const chunks: ChatChunk[] = [];
    for await (const c of await geminiChat.stream(chat, { messages: [{ role: 'user', content: 'hi' }] }, signal()))
      chunks.push(c);
    const text = chunks
      .flatMap((c) => c.choices as { delta: { content?: string } }[])
      .map((c) => c.delta.content ?? '');
    expect(text.join('')).toBe(SIM_GEMINI_REPLY);
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: expect.any(Number) } });
  });

  it('classifies the simulated faults', async () => {
    const ask = () => geminiChat.complete(chat, { messages: [{ role: 'user', content: 'hi' }] }, signal());
    await arm(chat.channel, { fault: 'rate_limit', retry_after_s: 3 });
    await expect(ask()).rejects.toMatchObject({
      errorClass: 'rate_limit',
      retryAfterMs: 3000,
      code: 'RESOURCE_EXHAUSTED',
    });
    await arm(chat.channel, { fault: 'server_error', status: 503 });
    await expect(ask()).rejects.toMatchObject({ errorClass: 'server_error', status: 503, code: 'UNAVAILABLE' });
    await arm(chat.channel, { fault: 'server_error', status: 504 });
    await expect(ask()).rejects.toMatchObject({ errorClass: 'timeout', status: 504 });
    await arm(chat.channel, { fault: 'invalid_key' });
    await expect(ask()).rejects.toMatchObject({ errorClass: 'invalid_key', code: 'API_KEY_INVALID' });
    await arm(chat.channel, { fault: 'unpaid' });
    await expect(ask()).rejects.toMatchObject({ errorClass: 'unpaid', code: 'FAILED_PRECONDITION' });
    await arm(chat.channel, { fault: 'content_refused' });
    await expect(ask()).rejects.toMatchObject({ errorClass: 'refused', code: 'SAFETY' });
    await arm(chat.channel, { fault: 'bad_output' });
    await expect(ask()).rejects.toMatchObject({ errorClass: 'bad_output' });
    await expect(
      geminiChat.complete({ ...chat, model: 'gemini-0' }, { messages: [{ role: 'user', content: 'hi' }] }, signal()),
    ).rejects.toMatchObject({ errorClass: 'unsupported', status: 404 });
    await expect(geminiChat.probe({ ...chat, apiKey: 'wrong' }, signal())).rejects.toMatchObject({
      errorClass: 'invalid_key',
    });
  });

  it('classifies a broken stream as a network failure, and an answer without content as bad output', async () => {
    const body = { messages: [{ role: 'user', content: 'Tell me about tea.' }] };
    await arm(chat.channel, { fault: 'stream_break' });
    const text: string[] = [];
    const broken = (async () => {
      for await (const c of await geminiChat.stream(chat, body, signal()))
        for (const choice of c.choices as { delta: { content?: string } }[]) text.push(choice.delta.content ?? '');
    })();
    await expect(broken).rejects.toMatchObject({ errorClass: 'network' });
    // Part of the answer arrived before the break; the chat core charges what was streamed.
    expect(text.join('').length).toBeGreaterThan(0);
    expect(text.join('')).not.toBe(SIM_GEMINI_REPLY);
    await arm(chat.channel, { fault: 'stream_break' });
    await expect(geminiChat.complete(chat, body, signal())).rejects.toMatchObject({ errorClass: 'network' });

    await arm(chat.channel, { fault: 'missing_fields' });
    await expect(geminiChat.complete(chat, body, signal())).rejects.toMatchObject({ errorClass: 'bad_output' });
    // Streamed, the empty answer fails at the head Studio reads before the stream starts, so another upstream may answer.
    await arm(chat.channel, { fault: 'missing_fields' });
    const empty = (await geminiChat.stream(chat, body, signal()))[Symbol.asyncIterator]();
    await expect(streamHead(empty)).rejects.toMatchObject({ errorClass: 'bad_output' });
  });
});

interface Seen {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

/** A server that records each request and answers a minimal valid GenerateContentResponse (or a model list). */
async function recorder(): Promise<{ base: string; seen: Seen[]; close: () => void }> {
  const seen: Seen[] = [];
  const rec = createServer((req, res) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => {
      seen.push({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: data ? (JSON.parse(data) as Record<string, unknown>) : null,
      });
      const part = req.url?.includes('image')
        ? { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }
        : { text: 'ok' };
      const answer =
        req.method === 'GET'
          ? { models: [] }
          : { candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP' }] };
      const sse = req.url?.includes('alt=sse');
      res.writeHead(200, { 'content-type': sse ? 'text/event-stream' : 'application/json' });
      res.end(sse ? `data: ${JSON.stringify(answer)}\r\n\r\n` : JSON.stringify(answer));
    });
  });
  await new Promise<void>((r) => rec.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${(rec.address() as AddressInfo).port}/base`, seen, close: () => rec.close() };
}

/** The two requests agree on everything the wire contract covers; the client adds its own identification headers. */
function expectSameRequest(studio: Seen | undefined, sdk: Seen | undefined): void {
  expect(studio?.method).toBe(sdk?.method);
  expect(studio?.url).toBe(sdk?.url);
  expect(studio?.headers['content-type']).toBe(sdk?.headers['content-type']);
  expect(studio?.headers['x-goog-api-key']).toBe('k');
  expect(sdk?.headers['x-goog-api-key']).toBe('k');
  expect(sdk?.headers['x-goog-api-client']).toMatch(/google-genai-sdk\/2\.32\.0/);
  expect(studio?.body).toEqual(sdk?.body);
}

describe('Studio’s requests beside @google/genai 2.32.0’s for the same input', () => {
  it('image generation: method, path, key, content type and body agree', async () => {
    const r = await recorder();
    try {
      const ref = Buffer.from('abc');
      await geminiImages.generate(
        { ...image, baseUrl: r.base, apiKey: 'k' },
        {
          prompt: 'a fox',
          width: 1344,
          height: 768,
          referenceImages: [{ data: ref, mime: 'image/png', filename: 'r.png' }],
        },
        signal(),
      );
      await new GoogleGenAI({ apiKey: 'k', httpOptions: { baseUrl: r.base } }).models.generateContent({
        model: 'gemini-2.5-flash-image',
        contents: [
          {
            role: 'user',
            parts: [{ text: 'a fox' }, { inlineData: { mimeType: 'image/png', data: ref.toString('base64') } }],
          },
        ],
        config: { responseModalities: [Modality.IMAGE], imageConfig: { aspectRatio: '16:9' } },
      });
    } finally {
      r.close();
    }
    expectSameRequest(r.seen[0], r.seen[1]);
  });

  it('a streamed chat with a system message, an image, tools and parameters: the same', async () => {
    const r = await recorder();
    try {
      await geminiChat.stream(
        { ...chat, baseUrl: r.base, apiKey: 'k' },
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
          temperature: 0.2,
          stop: ['END'],
          tools,
          tool_choice: 'auto',
        },
        signal(),
      );
      const stream = await new GoogleGenAI({
        apiKey: 'k',
        httpOptions: { baseUrl: r.base },
      }).models.generateContentStream({
        model: 'gemini-2.5-flash',
        contents: [{ role: 'user', parts: [{ text: 'Hi' }, { inlineData: { mimeType: 'image/png', data: 'AAAA' } }] }],
        config: {
          systemInstruction: { parts: [{ text: 'Be brief.' }] },
          tools: [
            {
              functionDeclarations: [{ name: 'get_weather', parametersJsonSchema: { type: 'object', properties: {} } }],
            },
          ],
          toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.AUTO } },
          maxOutputTokens: 50,
          temperature: 0.2,
          stopSequences: ['END'],
        },
      });
      for await (const _ of stream) void _;
      await geminiChat.probe({ ...chat, baseUrl: r.base, apiKey: 'k' }, signal());
      await new GoogleGenAI({ apiKey: 'k', httpOptions: { baseUrl: r.base } }).models.list({ config: { pageSize: 1 } });
    } finally {
      r.close();
    }
    expectSameRequest(r.seen[0], r.seen[1]);
    // The probe is the client's model list of one.
    expect(r.seen[2]?.url).toBe(r.seen[3]?.url);
    expect(r.seen[2]?.method).toBe('GET');
  });
});
