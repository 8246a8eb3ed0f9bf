import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ErrorClass } from '@/server/upstreams/types';
import { completionFrom, GeminiStreamTranslator, type GeminiAnswer } from './gemini-chat-answer';
import { geminiError } from './gemini-http';
import { imageFrom } from './gemini-images';

/**
 * Answers and error bodies after Google's Gemini API reference (tests/fixtures/gemini/README.md names
 * each page), through the adapter's parser and classifier; checked with @google/genai 2.32.0's shapes.
 */
const dir = join(process.cwd(), 'tests/fixtures/gemini');
const fixture = (name: string) => readFileSync(join(dir, name), 'utf8');
const json = (name: string) => JSON.parse(fixture(name)) as GeminiAnswer;

describe('documented Gemini answers through the adapter', () => {
  it('reads the documented answer as a chat completion, thoughts counted as completion tokens', () => {
    const c = completionFrom(json('generate-content.json'), 1);
    expect(c).toMatchObject({
      id: 'mAitaLmkHPPlz7IPvtfUqQ4',
      model: 'gemini-2.5-flash',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'AI learns patterns from data to make predictions or decisions.' },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 8, completion_tokens: 48, total_tokens: 56 },
    });
  });

  it('reads the documented image answer: the inline PNG, not the text beside it', () => {
    const out = imageFrom(json('image.json'));
    expect(out.declaredMime).toBe('image/png');
    expect(out.data.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('reads the documented function call as a tool call keeping its thought signature', () => {
    const c = completionFrom(json('function-call.json'));
    expect(c.choices[0]).toMatchObject({
      finish_reason: 'tool_calls',
      message: {
        content: null,
        tool_calls: [
          {
            type: 'function',
            function: {
              name: 'schedule_meeting',
              arguments: JSON.stringify({
                attendees: ['Bob', 'Alice'],
                date: '2025-03-27',
                time: '10:00',
                topic: 'Q3 planning',
              }),
            },
            extra_content: { google: { thought_signature: 'CiQB0e2Kb3dRh+BYdbZvmulSN2Pwwz' } },
          },
        ],
      },
    });
  });

  it('refuses the documented blocked prompt, for chat and for images', () => {
    expect(() => completionFrom(json('blocked.json'))).toThrow(
      expect.objectContaining({ errorClass: 'refused', code: 'SAFETY' }),
    );
    expect(() => imageFrom(json('blocked.json'))).toThrow(expect.objectContaining({ errorClass: 'refused' }));
  });

  it('takes a candidate finished without content as bad output, unless the length limit ended it', () => {
    const usageMetadata = { promptTokenCount: 5, thoughtsTokenCount: 20, totalTokenCount: 25 };
    const empty = (finishReason: string): GeminiAnswer => ({ candidates: [{ finishReason, index: 0 }], usageMetadata });
    expect(() => completionFrom(empty('STOP'))).toThrow(expect.objectContaining({ errorClass: 'bad_output' }));
    expect(() => new GeminiStreamTranslator().push({ ...empty('STOP') })).toThrow(
      expect.objectContaining({ errorClass: 'bad_output' }),
    );
    // A thinking model whose budget went on thoughts ends at MAX_TOKENS with nothing to say: a length stop.
    expect(completionFrom(empty('MAX_TOKENS')).choices[0]).toMatchObject({
      finish_reason: 'length',
      message: { content: null },
    });
    const t = new GeminiStreamTranslator();
    const last = t.push({ ...empty('MAX_TOKENS') }).at(-1);
    expect(last?.choices).toEqual([{ index: 0, delta: {}, finish_reason: 'length' }]);
    expect(t.end()).toMatchObject({ usage: { completion_tokens: 20 } });
  });

  it('translates the documented stream into chunks, the finish and the usage', () => {
    const t = new GeminiStreamTranslator();
    const events = fixture('stream.sse')
      .split('\r\n\r\n')
      .filter((e) => e.startsWith('data: '))
      .map((e) => JSON.parse(e.slice(6)) as Record<string, unknown>);
    expect(events).toHaveLength(3);
    const chunks = [...events.flatMap((e) => t.push(e)), t.end()];
    const choices = chunks.flatMap((c) => c.choices as { delta: { content?: string }; finish_reason: string | null }[]);
    expect(choices.map((c) => c.delta.content ?? '').join('')).toBe('The quick brown fox jumps over the lazy dog.');
    expect(choices.at(-1)?.finish_reason).toBe('stop');
    expect(chunks.at(-1)).toMatchObject({
      id: 'XQmtaJ3kH8Lrz7IPm7WkmQk',
      choices: [],
      usage: { prompt_tokens: 10, completion_tokens: 35, total_tokens: 45 },
    });
  });

  it('classifies each documented error by its status and reason, with RetryInfo’s delay', () => {
    const cases = JSON.parse(fixture('errors.json')) as {
      http: number;
      class: ErrorClass;
      retryAfterMs?: number;
      body: unknown;
    }[];
    expect(cases.length).toBeGreaterThanOrEqual(9);
    for (const c of cases) {
      const err = geminiError(c.http, c.body);
      expect({ http: c.http, class: err.errorClass }).toEqual({ http: c.http, class: c.class });
      expect(err.retryAfterMs).toBe(c.retryAfterMs);
    }
  });
});
