import { ApiError, FunctionCallingConfigMode, GoogleGenAI, Modality } from '@google/genai';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_GEMINI_CHAT_CHANNEL, SIM_GEMINI_IMAGE_CHANNEL, simChannelKey } from '@/sim/channels';
import { SIM_GEMINI_REPLY } from '@/sim/protocols/gemini';
import { startSim, type RunningSim } from '@/sim/testing';

/** Google's own client, @google/genai 2.32.0, against the simulated Gemini channels. */

const IMAGE = SIM_GEMINI_IMAGE_CHANNEL.name;
const CHAT = SIM_GEMINI_CHAT_CHANNEL.name;
let s: RunningSim;
const client = (channel: string, apiKey = simChannelKey(channel)) =>
  new GoogleGenAI({ apiKey, httpOptions: { baseUrl: `${s.url}/${channel}` } });
beforeAll(async () => {
  s = await startSim({ channels: [SIM_GEMINI_IMAGE_CHANNEL, SIM_GEMINI_CHAT_CHANNEL] });
});
afterAll(() => s.close());

const weather = {
  name: 'get_weather',
  description: 'The weather in a city',
  parametersJsonSchema: { type: 'object', properties: { city: { type: 'string' } } },
};

async function imageOf(res: { candidates?: { content?: { parts?: { inlineData?: { data?: string } }[] } }[] }) {
  const data = res.candidates?.[0]?.content?.parts?.find((p) => p.inlineData)?.inlineData?.data ?? '';
  return sharp(Buffer.from(data, 'base64')).metadata();
}

describe('@google/genai 2.32.0 against the simulated Gemini channels', () => {
  it('generates an image at the documented size of the ratio, with and without reference images', async () => {
    const ai = client(IMAGE);
    const plain = await ai.models.generateContent({
      model: 'gemini-2.5-flash-image',
      contents: 'a red fox',
      config: { responseModalities: [Modality.IMAGE], imageConfig: { aspectRatio: '16:9' } },
    });
    expect(await imageOf(plain)).toMatchObject({ format: 'png', width: 1344, height: 768 });
    const ref = (
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
        .png()
        .toBuffer()
    ).toString('base64');
    const edited = await ai.models.generateContent({
      model: 'gemini-2.5-flash-image',
      contents: [
        { role: 'user', parts: [{ text: 'make it blue' }, { inlineData: { mimeType: 'image/png', data: ref } }] },
      ],
      config: { responseModalities: [Modality.IMAGE], imageConfig: { aspectRatio: '3:4' } },
    });
    expect(await imageOf(edited)).toMatchObject({ width: 864, height: 1184 });
    expect(edited.usageMetadata?.candidatesTokenCount).toBe(1290);
  });

  it('streams a chat answer', async () => {
    let text = '';
    let finish: string | undefined;
    for await (const chunk of await client(CHAT).models.generateContentStream({
      model: 'gemini-2.5-flash',
      contents: 'hi',
      config: { systemInstruction: 'Be brief.', maxOutputTokens: 100 },
    })) {
      text += chunk.text ?? '';
      finish = chunk.candidates?.[0]?.finishReason ?? finish;
    }
    expect(text).toBe(SIM_GEMINI_REPLY);
    expect(finish).toBe('STOP');
  });

  it('calls a function and reads its response over two turns', async () => {
    const ai = client(CHAT);
    const config = {
      tools: [{ functionDeclarations: [weather] }],
      toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.AUTO } },
    };
    const question = { role: 'user', parts: [{ text: 'Weather in Paris?' }] };
    const first = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: [question], config });
    expect(first.functionCalls?.[0]).toMatchObject({ name: 'get_weather', args: { query: 'simulated' } });
    const second = await ai.models.generateContent({
      model: 'gemini-2.5-flash',
      contents: [
        question,
        { role: 'model', parts: [{ functionCall: first.functionCalls?.[0] }] },
        { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { result: '18C' } } }] },
      ],
      config,
    });
    expect(second.text).toBe(SIM_GEMINI_REPLY);
  });

  it('lists the models', async () => {
    const names: string[] = [];
    for await (const m of await client(CHAT).models.list({ config: { pageSize: 1 } })) names.push(m.name ?? '');
    expect(names).toEqual(['models/gemini-2.5-flash']);
  });

  it('raises its own error when a stream breaks off, and reads an answer without content as no text', async () => {
    const ai = client(CHAT);
    const arm = (fault: string) => s.control('/__sim/faults', { json: { channel: CHAT, fault, times: 1 } });
    await arm('stream_break');
    let text = '';
    const broken = (async () => {
      for await (const chunk of await ai.models.generateContentStream({ model: 'gemini-2.5-flash', contents: 'hi' }))
        text += chunk.text ?? '';
    })();
    // A transport error (undici's "terminated"), not an ApiError: the API said nothing, the connection dropped.
    const err = await broken.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(ApiError);
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toBe(SIM_GEMINI_REPLY);
    await arm('stream_break');
    await expect(ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'hi' })).rejects.toThrow();

    // The client does not raise for an answer without content: its text is undefined, a chat session
    // records it as the model's empty turn ("the model returns empty response"), and the curated
    // history leaves the exchange out (the client's isValidResponse).
    await arm('missing_fields');
    const empty = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'hi' });
    expect(empty.candidates?.[0]?.finishReason).toBe('STOP');
    expect(empty.text).toBeUndefined();
    await arm('missing_fields');
    const session = ai.chats.create({ model: 'gemini-2.5-flash' });
    await session.sendMessage({ message: 'hi' });
    expect(session.getHistory().at(-1)).toEqual({ role: 'model', parts: [] });
    expect(session.getHistory(true)).toEqual([]);
  });

  it('raises ApiError with the API’s status for refusals and faults', async () => {
    const ai = client(CHAT);
    const ask = (config: Record<string, unknown> = {}) =>
      ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'hi', config });
    const status = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => (e instanceof ApiError ? e.status : e),
      );
    const arm = (body: Record<string, unknown>) =>
      s.control('/__sim/faults', { json: { channel: CHAT, times: 1, ...body } });
    await arm({ fault: 'rate_limit', retry_after_s: 2 });
    await expect(status(ask())).resolves.toBe(429);
    await arm({ fault: 'server_error', status: 503 });
    await expect(status(ask())).resolves.toBe(503);
    await arm({ fault: 'unpaid' });
    await expect(status(ask())).resolves.toBe(400);
    await expect(
      status(client(CHAT, 'wrong').models.generateContent({ model: 'gemini-2.5-flash', contents: 'hi' })),
    ).resolves.toBe(400);
    await expect(status(ai.models.generateContent({ model: 'gemini-0', contents: 'hi' }))).resolves.toBe(404);
    // An unknown field, passed through the client's own escape hatch: INVALID_ARGUMENT "Unknown name".
    await expect(status(ask({ httpOptions: { extraBody: { generationConfig: { nope: 1 } } } }))).resolves.toBe(400);
    await expect(
      status(
        client(IMAGE).models.generateContent({
          model: 'gemini-2.5-flash-image',
          contents: 'x',
          config: { imageConfig: { aspectRatio: '7:5' } },
        }),
      ),
    ).resolves.toBe(400);
  });
});
