import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { Target } from '../types';
import { UpstreamError } from '../types';
import { readJson, upstreamFetch } from './http';

/** An OpenAI Chat Completions body; `model` is replaced with the upstream's own model id. */
export type ChatBody = Record<string, unknown> & { messages: unknown[] };

export interface ChatCompletion {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: { index: number; message: { role: string; content: string | null } & Record<string, unknown>; finish_reason: string | null }[];
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

export type ChatChunk = Record<string, unknown> & { choices?: unknown[] };

function upstreamBody(target: Target, body: ChatBody, stream: boolean): string {
  return JSON.stringify({ ...body, model: target.model, stream });
}

export async function chatComplete(target: Target, body: ChatBody, signal: AbortSignal): Promise<ChatCompletion> {
  const res = await upstreamFetch(
    target,
    '/v1/chat/completions',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: upstreamBody(target, body, false) },
    signal,
  );
  const json = await readJson<ChatCompletion>(res, signal);
  if (!Array.isArray(json.choices) || json.choices.length === 0) {
    throw new UpstreamError('bad_output', 'the upstream answered without choices');
  }
  return json;
}

/**
 * Streams a completion. The returned iterator yields the upstream's chunks; it fails with a
 * classified error before the first chunk (so routing can still fall back) or mid-stream.
 */
export async function chatStream(target: Target, body: ChatBody, signal: AbortSignal): Promise<AsyncIterable<ChatChunk>> {
  const res = await upstreamFetch(
    target,
    '/v1/chat/completions',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: upstreamBody(target, body, true),
    },
    signal,
  );
  if (!res.body) throw new UpstreamError('bad_output', 'the upstream answered without a stream');
  const events = res.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream());
  return (async function* () {
    const reader = events.getReader();
    try {
      for (;;) {
        let next: ReadableStreamReadResult<{ data: string }>;
        try {
          next = await reader.read();
        } catch (err) {
          throw new UpstreamError(signal.aborted ? 'timeout' : 'network', 'the upstream stream broke off', { cause: err });
        }
        if (next.done) return;
        const data = next.value.data.trim();
        if (data === '[DONE]') return;
        try {
          yield JSON.parse(data) as ChatChunk;
        } catch (err) {
          throw new UpstreamError('bad_output', 'the upstream sent a malformed stream event', { cause: err });
        }
      }
    } finally {
      reader.releaseLock();
    }
  })();
}
