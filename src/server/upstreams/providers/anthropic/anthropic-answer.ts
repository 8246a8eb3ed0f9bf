import { UpstreamError, type ErrorClass } from '@/server/upstreams/types';
import type { ChatChunk, ChatCompletion } from '@/server/upstreams/providers/types';

/** Anthropic Messages answers, stream events and errors in the Chat Completions shape Studio passes on. */

export interface AnthropicUsage {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}

interface ContentBlock {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  input?: unknown;
}

export interface AnthropicMessage {
  id: string;
  type: 'message';
  model: string;
  content: ContentBlock[];
  stop_reason: string | null;
  usage: AnthropicUsage;
}

/** Anthropic's error types (docs.anthropic.com/en/api/errors), by the class the engine gives them. */
const ERROR_TYPES: Record<string, ErrorClass> = {
  invalid_request_error: 'bad_request',
  authentication_error: 'invalid_key',
  permission_error: 'invalid_key',
  billing_error: 'unpaid',
  not_found_error: 'unsupported',
  request_too_large: 'bad_request',
  rate_limit_error: 'rate_limit',
  api_error: 'server_error',
  overloaded_error: 'server_error',
  timeout_error: 'timeout',
};

/** The error class of an Anthropic error answer: its `error.type`, else its status (never its message). */
export function classifyAnthropic(status: number, body: unknown): ErrorClass {
  const type = anthropicErrorType(body);
  if (type && Object.hasOwn(ERROR_TYPES, type)) return ERROR_TYPES[type] as ErrorClass;
  if (status === 401) return 'invalid_key';
  if (status === 403) return 'invalid_key';
  if (status === 402) return 'unpaid';
  if (status === 404) return 'unsupported';
  if (status === 429) return 'rate_limit';
  if (status === 408 || status === 504) return 'timeout';
  if (status >= 500) return 'server_error';
  return 'bad_request';
}

export function anthropicErrorType(body: unknown): string | null {
  const err = (body as { error?: { type?: unknown } } | null)?.error;
  return typeof err === 'object' && err && typeof err.type === 'string' ? err.type : null;
}

export function anthropicError(status: number, body: unknown, retryAfterMs?: number): UpstreamError {
  const err = (body as { error?: { message?: unknown } } | null)?.error;
  const message = typeof err?.message === 'string' ? err.message : `HTTP ${status}`;
  return new UpstreamError(classifyAnthropic(status, body), message, {
    status,
    retryAfterMs,
    code: anthropicErrorType(body) ?? undefined,
  });
}

/**
 * A tool call's id as callers see it: Anthropic's `toolu_` prefix would tell them who answered, so it reads as
 * OpenAI's `call_`. The id only has to come back as it was given: Anthropic takes any id of letters, digits,
 * `_` and `-` on the `tool_use` and `tool_result` blocks Studio sends from the caller's history.
 */
export function callId(id: string | undefined): string | undefined {
  return id?.startsWith('toolu_') ? `call_${id.slice('toolu_'.length)}` : id;
}

/** `stop_reason` as a Chat Completions `finish_reason`. */
export function finishReason(stop: string | null | undefined): string | null {
  switch (stop) {
    case 'end_turn':
    case 'stop_sequence':
    case 'pause_turn':
      return 'stop';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool_calls';
    case 'refusal':
      return 'content_filter';
    default:
      return stop ? 'stop' : null;
  }
}

/** Prompt tokens are every input token Anthropic bills: uncached, written to and read from the cache. */
export function usageFrom(u: AnthropicUsage | undefined, prior: AnthropicUsage = {}) {
  const n = (k: keyof AnthropicUsage) => u?.[k] ?? prior[k] ?? 0;
  const prompt = n('input_tokens') + n('cache_creation_input_tokens') + n('cache_read_input_tokens');
  const completion = n('output_tokens');
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

/** A non-streamed Messages answer as a chat completion. */
export function completionFrom(msg: AnthropicMessage, created = Math.floor(Date.now() / 1000)): ChatCompletion {
  if (!msg || msg.type !== 'message' || !Array.isArray(msg.content))
    throw new UpstreamError('bad_output', 'the upstream answered without a message');
  const text = msg.content
    .filter((b) => b.type === 'text')
    .map((b) => b.text ?? '')
    .join('');
  const calls = msg.content
    .filter((b) => b.type === 'tool_use')
    .map((b) => ({
      id: callId(b.id),
      type: 'function',
      function: { name: b.name, arguments: JSON.stringify(b.input ?? {}) },
    }));
  if (msg.stop_reason === 'refusal' && !text && calls.length === 0)
    throw new UpstreamError('refused', 'the provider refused the content', { code: 'refusal' });
  return {
    id: msg.id,
    object: 'chat.completion',
    created,
    model: msg.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: text || null, ...(calls.length > 0 ? { tool_calls: calls } : {}) },
        finish_reason: finishReason(msg.stop_reason),
      },
    ],
    usage: usageFrom(msg.usage),
  };
}

/**
 * Turns Anthropic stream events into Chat Completions chunks, one event at a time: text deltas as
 * content, tool_use blocks as tool calls (indexed in order), `message_delta` as the finish chunk, and
 * `message_stop` as the usage chunk (no choices). An `error` event fails the stream, classified.
 */
export class StreamTranslator {
  private id = '';
  private model = '';
  private readonly created = Math.floor(Date.now() / 1000);
  private usage: AnthropicUsage = {};
  /** The tool call index of each content block that is a tool_use. */
  private readonly toolIndex = new Map<number, number>();
  done = false;

  private chunk(delta: Record<string, unknown>, finish: string | null = null): ChatChunk {
    return {
      id: this.id,
      object: 'chat.completion.chunk',
      created: this.created,
      model: this.model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    };
  }

  /** The chunks one event (its `data` parsed) yields. */
  push(event: Record<string, unknown>): ChatChunk[] {
    const type = event.type;
    if (type === 'message_start') {
      const m = (event.message ?? {}) as Partial<AnthropicMessage>;
      this.id = m.id ?? '';
      this.model = m.model ?? '';
      this.usage = { ...(m.usage ?? {}) };
      return [this.chunk({ role: 'assistant', content: '' })];
    }
    if (type === 'content_block_start') {
      const block = (event.content_block ?? {}) as ContentBlock;
      if (block.type === 'tool_use') {
        const index = this.toolIndex.size;
        this.toolIndex.set(Number(event.index), index);
        const call = { index, id: callId(block.id), type: 'function', function: { name: block.name, arguments: '' } };
        return [this.chunk({ tool_calls: [call] })];
      }
      if (block.type === 'text' && block.text) return [this.chunk({ content: block.text })];
      return [];
    }
    if (type === 'content_block_delta') {
      const d = (event.delta ?? {}) as { type?: string; text?: string; partial_json?: string };
      if (d.type === 'text_delta') return [this.chunk({ content: d.text ?? '' })];
      if (d.type === 'input_json_delta') {
        const index = this.toolIndex.get(Number(event.index));
        if (index === undefined) throw new UpstreamError('bad_output', 'the upstream sent arguments of no tool call');
        return [this.chunk({ tool_calls: [{ index, function: { arguments: d.partial_json ?? '' } }] })];
      }
      return [];
    }
    if (type === 'message_delta') {
      const d = (event.delta ?? {}) as { stop_reason?: string | null };
      // message_delta's usage is cumulative: its fields replace message_start's.
      this.usage = { ...this.usage, ...((event.usage ?? {}) as AnthropicUsage) };
      return [this.chunk({}, finishReason(d.stop_reason))];
    }
    if (type === 'message_stop') {
      this.done = true;
      return [
        {
          id: this.id,
          object: 'chat.completion.chunk',
          created: this.created,
          model: this.model,
          choices: [],
          usage: usageFrom(this.usage),
        },
      ];
    }
    if (type === 'error') {
      const status = (event.error as { type?: string } | undefined)?.type === 'overloaded_error' ? 529 : 500;
      throw anthropicError(status, event);
    }
    // ping, content_block_stop and event types added later carry nothing for the caller.
    return [];
  }
}
