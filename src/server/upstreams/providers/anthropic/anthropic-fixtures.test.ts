import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChatChunk } from '@/server/upstreams/providers/types';
import { UpstreamError } from '@/server/upstreams/types';
import { classifyAnthropic, completionFrom, StreamTranslator, type AnthropicMessage } from './anthropic-answer';

/** Answers and error bodies copied from Anthropic's API reference (tests/fixtures/anthropic/README.md names each page). */
const dir = join(process.cwd(), 'tests/fixtures/anthropic');
const fixture = (name: string) => readFileSync(join(dir, name), 'utf8');

function events(sse: string): Record<string, unknown>[] {
  return sse
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => JSON.parse(l.slice(6)) as Record<string, unknown>);
}

function translate(sse: string): ChatChunk[] {
  const t = new StreamTranslator();
  const out = events(sse).flatMap((e) => t.push(e));
  expect(t.done).toBe(true);
  return out;
}

type Delta = {
  content?: string;
  tool_calls?: { index: number; id?: string; function: { name?: string; arguments: string } }[];
};
const deltas = (chunks: ChatChunk[]) =>
  chunks.flatMap((c) => (c.choices as { delta: Delta; finish_reason: string | null }[]) ?? []);

describe('documented Anthropic answers through the adapter', () => {
  it('reads the documented non-streamed message as a chat completion with Anthropic’s token counts', () => {
    const c = completionFrom(JSON.parse(fixture('message.json')) as AnthropicMessage, 1);
    expect(c.choices[0]).toEqual({
      index: 0,
      message: { role: 'assistant', content: 'Hi! My name is Claude.' },
      finish_reason: 'stop',
    });
    expect(c.usage).toEqual({ prompt_tokens: 2095, completion_tokens: 503, total_tokens: 2598 });
  });

  it('reads the documented text stream: the text, the finish and the cumulative usage', () => {
    const chunks = translate(fixture('stream-text.sse'));
    const d = deltas(chunks);
    expect(d.map((x) => x.delta.content ?? '').join('')).toBe('Hello!');
    expect(d.at(-1)?.finish_reason).toBe('stop');
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 25, completion_tokens: 15 } });
  });

  it('reads the documented tool-use stream as one tool call whose arguments are the joined JSON', () => {
    const d = deltas(translate(fixture('stream-tool-use.sse')));
    const calls = d.flatMap((x) => x.delta.tool_calls ?? []);
    expect(calls[0]).toMatchObject({
      index: 0,
      // Anthropic's id, its provider prefix read as OpenAI's.
      id: 'call_01T1x1fJ34qAmk2tNTrN7Up6',
      function: { name: 'get_weather' },
    });
    expect(calls.every((c) => c.index === 0)).toBe(true);
    expect(JSON.parse(calls.map((c) => c.function.arguments).join(''))).toEqual({
      location: 'San Francisco, CA',
      unit: 'fahrenheit',
    });
    expect(d.at(-1)?.finish_reason).toBe('tool_calls');
  });

  it('classifies every documented error by its type, and by its status when the body is not Anthropic’s', () => {
    const expected: Record<number, string> = {
      400: 'bad_request',
      401: 'invalid_key',
      402: 'unpaid',
      403: 'invalid_key',
      404: 'unsupported',
      413: 'bad_request',
      429: 'rate_limit',
      500: 'server_error',
      529: 'server_error',
    };
    const errors = JSON.parse(fixture('errors.json')) as { status: number; body: unknown }[];
    expect(errors).toHaveLength(9);
    for (const e of errors) {
      expect(classifyAnthropic(e.status, e.body), String(e.status)).toBe(expected[e.status]);
      expect(classifyAnthropic(e.status, null), `${e.status} without a body`).toBe(expected[e.status]);
    }
    // The type decides over the status: an overloaded answer behind a proxy that rewrote the status.
    expect(classifyAnthropic(503, { type: 'error', error: { type: 'rate_limit_error', message: 'x' } })).toBe(
      'rate_limit',
    );
  });

  it('fails the stream on a documented mid-stream error event, classified', () => {
    const t = new StreamTranslator();
    const err = (() => {
      try {
        t.push({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).toMatchObject({ errorClass: 'server_error', code: 'overloaded_error' });
  });
});
