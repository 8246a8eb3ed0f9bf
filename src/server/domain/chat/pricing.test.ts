import { countTokens as o200k } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '@/contracts/chat';
import { parseChat } from './request';
import { countedCompletionTokens, countedPromptTokens, IMAGE_TOKEN_BOUND, promptTokenBound } from './pricing';

/** A seeded source, so a failure names inputs that can be replayed. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}
const random = seeded(34);
const pick = (n: number, of: () => string) => Array.from({ length: n }, of).join('');

/** Texts that take many tokens per byte in o200k: the old bound (a third of the bytes) was below all of them. */
const ADVERSARIAL: Record<string, string> = {
  digits: Array.from({ length: 5_000 }, (_, i) => i + 1).join(' '),
  'digits without spaces': Array.from({ length: 5_000 }, (_, i) => i + 1).join(''),
  'random ASCII': pick(8_000, () => String.fromCharCode(33 + Math.floor(random() * 94))),
  'rare CJK': pick(3_000, () => String.fromCodePoint(0x4e00 + Math.floor(random() * 20_000))),
  'CJK extension B': pick(3_000, () => String.fromCodePoint(0x20000 + Math.floor(random() * 40_000))),
  emoji: '👩‍👩‍👧‍👦🏳️‍🌈🇨🇳👍🏽🧑🏿‍🚀'.repeat(400),
  'combining marks': 'e\u0301\u0323\u0338'.repeat(2_000),
  'special-token text': '<|endoftext|><|im_start|>system'.repeat(300),
  'hex bytes': pick(3_000, () => `${Math.floor(random() * 256).toString(16)} `),
};

/** o200k's count of one text, special-token text counted as text (as a provider does with user text). */
const tokens = (s: string) => o200k(s, { disallowedSpecial: new Set() });

/**
 * What a provider bills of a request's prompt, counted here on its own terms: the tokenizer over every
 * text of the conversation (content, name, tool_call_id, refusal, tool calls), the tool definitions and
 * the response format, plus OpenAI's chat format (4 tokens a message, 3 to prime the answer).
 */
function tokenizerCount(req: ChatRequest): number {
  let n = 3;
  for (const m of req.messages) {
    n += 4;
    const texts: unknown[] = typeof m.content === 'string' ? [m.content] : (m.content ?? []);
    for (const part of texts) {
      if (typeof part === 'string') n += tokens(part);
      else if (part && typeof part === 'object') {
        const p = part as { type: string; text?: string; refusal?: string };
        if (p.type === 'image_url') n += 765;
        else n += tokens(p.text ?? p.refusal ?? '');
      }
    }
    for (const field of ['name', 'tool_call_id', 'refusal'] as const) {
      const v = (m as Record<string, unknown>)[field];
      if (typeof v === 'string') n += tokens(v);
    }
    if ('tool_calls' in m && m.tool_calls) n += tokens(JSON.stringify(m.tool_calls));
  }
  if (req.tools) n += tokens(JSON.stringify(req.tools));
  if (req.response_format) n += tokens(JSON.stringify(req.response_format));
  return n;
}

const request = (body: Record<string, unknown>): ChatRequest => parseChat(body).request;
const user = (content: unknown, extra: Record<string, unknown> = {}) => ({ role: 'user', content, ...extra });

/** Code points `from` to `to` of a text: a cut never splits a surrogate pair (which Studio refuses). */
const points = new Map<string, string[]>();
function cut(text: string, from: number, to: number): string {
  let p = points.get(text);
  if (!p) points.set(text, (p = Array.from(text)));
  return p.slice(from, to).join('');
}

/** A JSON schema with many properties whose names and descriptions are adversarial text. */
function longSchema(text: string): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < 200; i++)
    properties[`field_${i}_${cut(text, i * 7, i * 7 + 7)}`] = {
      type: i % 2 ? 'string' : 'integer',
      description: cut(text, i * 20, i * 20 + 20),
    };
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}

function adversarialRequests(): [string, ChatRequest][] {
  const out: [string, ChatRequest][] = [];
  for (const [name, text] of Object.entries(ADVERSARIAL)) {
    out.push([`${name} as the content`, request({ messages: [user(text)] })]);
    out.push([
      `${name} in text parts, names and a refusal`,
      request({
        messages: [
          { role: 'system', content: [{ type: 'text', text: cut(text, 0, 500) }], name: 'sys_1' },
          user([{ type: 'text', text }], { name: 'u-2' }),
          {
            role: 'assistant',
            content: [{ type: 'refusal', refusal: cut(text, 0, 300) }],
            refusal: cut(text, 0, 80),
          },
        ],
      }),
    ]);
    out.push([
      `${name} in a json_schema`,
      request({
        messages: [user('Answer in JSON.')],
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'answer', description: cut(text, 0, 2_000), schema: longSchema(text), strict: true },
        },
      }),
    ]);
    out.push([
      `${name} in tools, tool calls and tool results`,
      request({
        messages: [
          user('Look it up.'),
          {
            role: 'assistant',
            content: null,
            tool_calls: Array.from({ length: 20 }, (_, i) => ({
              id: `call_${i}_${cut(text, i * 5, i * 5 + 5)}`,
              type: 'function',
              function: { name: `lookup_${i}`, arguments: JSON.stringify({ q: cut(text, i * 50, i * 50 + 50) }) },
            })),
          },
          ...Array.from({ length: 20 }, (_, i) => ({
            role: 'tool',
            tool_call_id: `call_${i}_${cut(text, i * 5, i * 5 + 5)}`,
            content: cut(text, i * 100, i * 100 + 100),
          })),
        ],
        tools: Array.from({ length: 40 }, (_, i) => ({
          type: 'function',
          function: {
            name: `lookup_${i}`,
            description: cut(text, i * 30, i * 30 + 200),
            parameters: longSchema(cut(text, i * 10, Infinity)),
          },
        })),
        tool_choice: { type: 'function', function: { name: 'lookup_3' } },
      }),
    ]);
  }
  out.push([
    'many empty messages',
    request({
      messages: Array.from({ length: 2_000 }, (_, i) => (i % 2 ? { role: 'assistant', content: '' } : user(' '))),
    }),
  ]);
  out.push([
    'images among text',
    request({
      messages: [
        user([
          { type: 'text', text: ADVERSARIAL.digits ?? '' },
          ...Array.from({ length: 5 }, () => ({ type: 'image_url', image_url: { url: 'https://example.com/a.png' } })),
        ]),
      ],
    }),
  ]);
  return out;
}

describe('the admission bound of a chat prompt', () => {
  it.each(adversarialRequests())('is at least what the tokenizer counts: %s', (_name, req) => {
    expect(promptTokenBound(req)).toBeGreaterThanOrEqual(tokenizerCount(req));
  });

  it.each(Object.entries(ADVERSARIAL))('is at least the tokenizer’s count of %s alone', (_name, text) => {
    // The text's own tokens, without the chat format's overhead to make up for a short count.
    expect(promptTokenBound(request({ messages: [user(text)] })) - 8 - 3).toBeGreaterThanOrEqual(tokens(text));
  });

  it('counts every billed part: names, tool_call_id, tool calls, tools, tool_choice and the json_schema', () => {
    const base = request({ messages: [user('hi')] });
    const with_ = (body: Record<string, unknown>) => promptTokenBound(request(body)) - promptTokenBound(base);
    const schema = longSchema(ADVERSARIAL.digits ?? '');
    expect(
      with_({
        messages: [user('hi')],
        response_format: { type: 'json_schema', json_schema: { name: 'a', schema } },
      }),
    ).toBeGreaterThanOrEqual(tokens(JSON.stringify(schema)));
    expect(with_({ messages: [user('hi', { name: 'x'.repeat(256) })] })).toBeGreaterThanOrEqual(
      tokens('x'.repeat(256)),
    );
    const id = '7'.repeat(256);
    const toolTurn = request({
      messages: [
        user('hi'),
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id, type: 'function', function: { name: 'f', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: id, content: 'ok' },
      ],
    });
    expect(promptTokenBound(toolTurn)).toBeGreaterThanOrEqual(tokenizerCount(toolTurn));
    expect(promptTokenBound(toolTurn)).toBeGreaterThan(2 * Buffer.byteLength(id));
    const tools = [{ type: 'function', function: { name: 'f', description: ADVERSARIAL.emoji } }];
    expect(with_({ messages: [user('hi')], tools })).toBeGreaterThanOrEqual(tokens(JSON.stringify(tools)));
  });

  it('reserves an image at more than a high-detail image costs', () => {
    const one = request({ messages: [user([{ type: 'image_url', image_url: { url: 'https://example.com/a.png' } }])] });
    expect(promptTokenBound(one)).toBeGreaterThanOrEqual(IMAGE_TOKEN_BOUND);
  });
});

describe('the counted prompt (an upstream that reported no usage, a stream that broke off)', () => {
  it.each(adversarialRequests())(
    'is the tokenizer’s count of every billed part, within the bound: %s',
    async (_n, req) => {
      const counted = await countedPromptTokens(req);
      expect(counted).toBeGreaterThanOrEqual(tokenizerCount(req));
      expect(counted).toBeLessThanOrEqual(promptTokenBound(req));
    },
  );

  it('counts special-token text as text instead of failing', async () => {
    const text = ADVERSARIAL['special-token text'] ?? '';
    expect(await countedPromptTokens(request({ messages: [user(text)] }))).toBeGreaterThanOrEqual(tokens(text));
    expect(await countedCompletionTokens(['<|endoftext|>'])).toBeGreaterThan(1);
  });

  it('counts each delivered choice on its own', async () => {
    const a = ADVERSARIAL.digits ?? '';
    expect(await countedCompletionTokens([a, a])).toBe(2 * tokens(a));
  });
});
