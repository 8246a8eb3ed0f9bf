import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { creditsFor, promptTokenBound } from './pricing';
import { parseChat, upstreamBody } from './request';
import { countTokens } from './pricing';

const user = (content: unknown) => ({ role: 'user', content });

describe('chat request parsing', () => {
  it('takes the routing model name, `auto` and no model as automatic routing', () => {
    for (const model of ['studio-auto', 'auto', undefined]) {
      expect(parseChat({ model, messages: [user('hi')] }).model).toBeUndefined();
    }
    expect(parseChat({ model: 'chatmodel-1', messages: [user('hi')] }).model).toBe('chatmodel-1');
  });

  it('works out what the request needs of an upstream', () => {
    const parsed = parseChat({
      messages: [
        user([
          { type: 'text', text: '看图' },
          { type: 'image_url', image_url: { url: 'https://example.com/a.png' } },
        ]),
      ],
      tools: [{ type: 'function', function: { name: 'f' } }],
      response_format: { type: 'json_object' },
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(parsed.needs).toEqual({ vision: true, tools: true, jsonMode: true, streaming: true });
    expect(parsed.includeUsage).toBe(true);
    expect(parseChat({ messages: [user('hi')], response_format: { type: 'text' } }).needs).toEqual({});
  });

  it('refuses what OpenAI refuses, naming the field', () => {
    const refusal = (body: unknown) => {
      try {
        parseChat(body);
      } catch (err) {
        expect(err).toBeInstanceOf(AppError);
        return {
          status: (err as AppError).status,
          message: (err as AppError).message,
          path: (err as AppError).issues?.[0]?.path,
        };
      }
      throw new Error('accepted');
    };
    expect(refusal({ messages: [] })).toMatchObject({ status: 400, path: ['messages'] });
    expect(refusal({ messages: [user('hi')], frobnicate: 1 })).toMatchObject({
      message: 'Unrecognized request argument supplied: frobnicate',
    });
    expect(refusal({ messages: [{ role: 'robot', content: 'hi' }] })).toMatchObject({ path: ['messages', 0, 'role'] });
    expect(refusal({ messages: [user('hi')], temperature: 3 })).toMatchObject({ path: ['temperature'] });
    expect(refusal({ messages: [user('hi')], stream: 'false' })).toMatchObject({ path: ['stream'] });
    expect(refusal({ messages: [user('hi')], stream_options: { include_usage: true } }).message).toContain(
      "only allowed when 'stream'",
    );
    expect(refusal({ messages: [user('hi')], tool_choice: 'required' }).message).toContain("needs 'tools'");
    expect(
      refusal({
        messages: [user('hi')],
        tools: [{ type: 'function', function: { name: 'a' } }],
        tool_choice: { type: 'function', function: { name: 'b' } },
      }).message,
    ).toContain('"b"');
    expect(refusal({ messages: [user('a\u0000b')] })).toMatchObject({ status: 400 });
    expect(refusal({ messages: [user([{ type: 'image_url', image_url: { url: 'ftp://x' } }])] }).path).toEqual([
      'messages',
      0,
      'content',
      0,
      'image_url',
      'url',
    ]);
    expect(refusal([]).message).toContain('JSON object');
  });

  it('sends Studio’s own fields nowhere and always asks a stream for its usage', () => {
    const parsed = parseChat({
      model: 'studio-auto',
      provider: 'p',
      messages: [user('hi')],
      stream: true,
      temperature: 0.2,
    });
    expect(upstreamBody(parsed)).toEqual({
      messages: [user('hi')],
      temperature: 0.2,
      stream_options: { include_usage: true },
    });
  });
});

describe('chat pricing', () => {
  it('rounds up to whole credits with a minimum, without float noise', () => {
    const price = { prompt_per_1k: 1, completion_per_1k: 2 };
    expect(creditsFor(price, { prompt_tokens: 10, completion_tokens: 10 }, 1)).toBe(1);
    expect(creditsFor(price, { prompt_tokens: 1000, completion_tokens: 500 }, 1)).toBe(2);
    expect(creditsFor(price, { prompt_tokens: 1001, completion_tokens: 500 }, 1)).toBe(3);
    expect(
      creditsFor(
        { prompt_per_1k: 0.1, completion_per_1k: 0.1 },
        { prompt_tokens: 10_000, completion_tokens: 20_000 },
        0,
      ),
    ).toBe(3);
    expect(creditsFor(price, { prompt_tokens: 0, completion_tokens: 0 }, 0)).toBe(0);
  });

  it('estimates a prompt above what the tokenizer counts, for English and Chinese', async () => {
    const english = 'The quick brown fox jumps over the lazy dog. '.repeat(40);
    const chinese = '杭州西湖是中国著名的风景名胜区，以秀丽的湖光山色和众多的名胜古迹闻名。'.repeat(40);
    for (const text of [english, chinese]) {
      const counted = await countTokens(text);
      expect(promptTokenBound(parseChat({ messages: [user(text)] }).request)).toBeGreaterThan(counted);
    }
    const withImage = promptTokenBound(
      parseChat({ messages: [user([{ type: 'image_url', image_url: { url: 'https://example.com/a.png' } }])] }).request,
    );
    expect(withImage).toBeGreaterThanOrEqual(1_600);
  });
});
