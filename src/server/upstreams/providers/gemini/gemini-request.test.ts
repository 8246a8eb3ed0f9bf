import { describe, expect, it } from 'vitest';
import { GEMINI_IMAGE_SIZES } from '@/contracts/presets/gemini';
import { sizesOf } from '@/server/upstreams/sizes';
import { geminiChatRequest } from './gemini-chat-request';
import { completionFrom, GeminiStreamTranslator } from './gemini-chat-answer';
import { geminiSizeOf, imageFrom, imageRequest } from './gemini-images';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('image generations as Gemini generateContent requests', () => {
  it('sends the prompt, the references inline, images only, and the documented ratio of the size', () => {
    const req = imageRequest('gemini-2.5-flash-image', {
      prompt: 'a fox',
      width: 864,
      height: 1184,
      referenceImages: [{ data: Buffer.from('abc'), mime: 'image/png', filename: 'a.png' }],
    });
    expect(req).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'a fox' }, { inlineData: { mimeType: 'image/png', data: 'YWJj' } }] }],
      generationConfig: { responseModalities: ['IMAGE'], imageConfig: { aspectRatio: '3:4' } },
    });
  });

  it('maps every documented size back to exactly one ratio, with imageSize only where the model takes it', () => {
    for (const [model, table] of Object.entries(GEMINI_IMAGE_SIZES)) {
      expect(sizesOf({ model, capabilities: {} })).toEqual([...table.keys()]);
      for (const [size, expected] of table) {
        const [w, h] = size.split('x').map(Number) as [number, number];
        expect(geminiSizeOf(model, w, h)).toEqual(expected);
      }
    }
    expect(geminiSizeOf('gemini-3-pro-image-preview', 2752, 1536)).toEqual({ aspectRatio: '16:9', imageSize: '2K' });
    // A size outside the table: the closest ratio, the resolution by its long side.
    expect(geminiSizeOf('gemini-3-pro-image-preview', 1000, 1000)).toEqual({ aspectRatio: '1:1', imageSize: '1K' });
    expect(geminiSizeOf('gemini-2.5-flash-image', 1600, 900)).toEqual({ aspectRatio: '16:9' });
  });

  it('reads the first image that is not a thought, and tells a refusal from a missing image', () => {
    const image = imageFrom({
      candidates: [
        {
          content: {
            parts: [
              { text: 'drafting', thought: true },
              { inlineData: { mimeType: 'image/png', data: 'AAAA' }, thought: true },
              { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } },
            ],
          },
          finishReason: 'STOP',
        },
      ],
    });
    expect(image).toEqual({ data: Buffer.from('iVBORw0KGgo=', 'base64'), declaredMime: 'image/png' });
    expect(() => imageFrom({ promptFeedback: { blockReason: 'SAFETY' } })).toThrow(
      expect.objectContaining({ errorClass: 'refused', code: 'SAFETY' }),
    );
    expect(() => imageFrom({ candidates: [{ finishReason: 'IMAGE_SAFETY' }] })).toThrow(
      expect.objectContaining({ errorClass: 'refused' }),
    );
    expect(() => imageFrom({ candidates: [{ content: { parts: [{ text: 'no' }] }, finishReason: 'STOP' }] })).toThrow(
      expect.objectContaining({ errorClass: 'bad_output' }),
    );
  });
});

describe('Chat Completions bodies as Gemini requests', () => {
  it('moves system text, images, tool calls, tool results and parameters to their Gemini places', () => {
    const req = geminiChatRequest({
      messages: [
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Weather here?' },
            { type: 'image_url', image_url: { url: PNG } },
            { type: 'image_url', image_url: { url: 'https://example.com/a.webp' } },
          ],
        },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
              extra_content: { google: { thought_signature: 'sig' } },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '18C' },
      ],
      tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } }],
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
      max_tokens: 100,
      temperature: 0.5,
      top_p: 0.9,
      stop: 'END',
      response_format: { type: 'json_schema', json_schema: { name: 'w', schema: { type: 'object' } } },
    });
    expect(req).toEqual({
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      contents: [
        {
          role: 'user',
          parts: [
            { text: 'Weather here?' },
            { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } },
            { fileData: { mimeType: 'image/webp', fileUri: 'https://example.com/a.webp' } },
          ],
        },
        {
          role: 'model',
          parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: 'sig' }],
        },
        { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { result: '18C' } } }] },
      ],
      tools: [{ functionDeclarations: [{ name: 'get_weather', parametersJsonSchema: { type: 'object' } }] }],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] } },
      generationConfig: {
        maxOutputTokens: 100,
        temperature: 0.5,
        topP: 0.9,
        stopSequences: ['END'],
        responseMimeType: 'application/json',
        responseJsonSchema: { type: 'object' },
      },
    });
  });

  it('refuses by name what has no Gemini counterpart', () => {
    const messages = [{ role: 'user', content: 'hi' }];
    for (const extra of [{ logit_bias: { 1: 1 } }, { logprobs: true }, { parallel_tool_calls: false }])
      expect(() => geminiChatRequest({ messages, ...extra })).toThrow(
        expect.objectContaining({ errorClass: 'unsupported' }),
      );
    expect(() => geminiChatRequest({ messages: [{ role: 'tool', tool_call_id: 'x', content: '1' }] })).toThrow(
      expect.objectContaining({ errorClass: 'unsupported' }),
    );
    expect(geminiChatRequest({ messages, n: 2, response_format: { type: 'json_object' } })).toMatchObject({
      generationConfig: { candidateCount: 2, responseMimeType: 'application/json' },
    });
  });
});

describe('Gemini answers as Chat Completions', () => {
  it('turns function calls into tool calls and counts thoughts as completion tokens', () => {
    const c = completionFrom({
      responseId: 'r1',
      modelVersion: 'gemini-2.5-flash',
      candidates: [
        {
          content: { role: 'model', parts: [{ functionCall: { name: 'f', args: { a: 1 } }, thoughtSignature: 's' }] },
          finishReason: 'STOP',
        },
      ],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, thoughtsTokenCount: 3, totalTokenCount: 18 },
    });
    expect(c.choices[0]).toMatchObject({
      finish_reason: 'tool_calls',
      message: {
        content: null,
        tool_calls: [
          {
            id: expect.stringMatching(/^call_/),
            function: { name: 'f', arguments: '{"a":1}' },
            extra_content: { google: { thought_signature: 's' } },
          },
        ],
      },
    });
    expect(c.usage).toEqual({ prompt_tokens: 10, completion_tokens: 8, total_tokens: 18 });
    expect(() => completionFrom({ promptFeedback: { blockReason: 'PROHIBITED_CONTENT' } })).toThrow(
      expect.objectContaining({ errorClass: 'refused' }),
    );
    expect(
      completionFrom({ candidates: [{ content: { parts: [{ text: 'ab' }] }, finishReason: 'MAX_TOKENS' }] }).choices[0],
    ).toMatchObject({ finish_reason: 'length', message: { content: 'ab' } });
  });

  it('streams role, text, tool calls, the finish and the usage; a stream without a finish is broken', () => {
    const t = new GeminiStreamTranslator();
    const chunks = [
      ...t.push({ candidates: [{ content: { parts: [{ text: 'Hel' }] } }] }),
      ...t.push({
        candidates: [
          { content: { parts: [{ text: 'lo' }, { functionCall: { name: 'f', args: {} } }] }, finishReason: 'STOP' },
        ],
        usageMetadata: { promptTokenCount: 4, candidatesTokenCount: 2, totalTokenCount: 6 },
      }),
      t.end(),
    ];
    const deltas = chunks.map(
      (c) => (c.choices as { delta: Record<string, unknown>; finish_reason: string | null }[])[0],
    );
    expect(deltas.map((d) => d?.delta.content ?? null)).toEqual(['', 'Hel', 'lo', null, null, null]);
    expect(deltas[3]?.delta.tool_calls).toMatchObject([{ index: 0, function: { name: 'f', arguments: '{}' } }]);
    expect(deltas[4]?.finish_reason).toBe('tool_calls');
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 4, completion_tokens: 2, total_tokens: 6 },
    });
    const broken = new GeminiStreamTranslator();
    broken.push({ candidates: [{ content: { parts: [{ text: 'x' }] } }] });
    expect(() => broken.end()).toThrow(expect.objectContaining({ errorClass: 'network' }));
  });
});
