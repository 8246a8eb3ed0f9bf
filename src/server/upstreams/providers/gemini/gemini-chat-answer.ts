import { randomBytes } from 'node:crypto';
import { UpstreamError } from '@/server/upstreams/types';
import type { ChatChunk, ChatCompletion } from '@/server/upstreams/providers/types';
import { geminiError } from './gemini-http';
import { REFUSAL_FINISH } from './gemini-images';

/** Gemini `GenerateContentResponse`s (whole or streamed) in the Chat Completions shape Studio passes on. */

interface Part {
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
  functionCall?: { id?: string; name?: string; args?: Record<string, unknown> };
}

interface Candidate {
  content?: { role?: string; parts?: Part[] };
  finishReason?: string;
  index?: number;
}

export interface UsageMetadata {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  thoughtsTokenCount?: number;
  toolUsePromptTokenCount?: number;
  totalTokenCount?: number;
}

export interface GeminiAnswer {
  candidates?: Candidate[];
  promptFeedback?: { blockReason?: string };
  usageMetadata?: UsageMetadata;
  modelVersion?: string;
  responseId?: string;
}

/** `finishReason` as a Chat Completions `finish_reason`; a stop with function calls is `tool_calls`. */
export function finishReason(reason: string | undefined, calledTools: boolean): string | null {
  if (!reason || reason === 'FINISH_REASON_UNSPECIFIED') return null;
  if (reason === 'MAX_TOKENS') return 'length';
  if (REFUSAL_FINISH.has(reason)) return 'content_filter';
  return calledTools ? 'tool_calls' : 'stop';
}

/**
 * Usage as OpenAI counts it: prompt tokens are the prompt's and the tool-use prompt's; completion tokens
 * the candidates' and the thoughts' (both billed as output); the total is Gemini's own when it gives one.
 */
export function usageFrom(u: UsageMetadata | undefined) {
  const prompt = (u?.promptTokenCount ?? 0) + (u?.toolUsePromptTokenCount ?? 0);
  const completion = (u?.candidatesTokenCount ?? 0) + (u?.thoughtsTokenCount ?? 0);
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: u?.totalTokenCount ?? prompt + completion,
  };
}

/** A tool call id for a function call: Gemini's own when it gives one, else generated. */
const callId = (call: Part['functionCall']) => call?.id ?? `call_${randomBytes(12).toString('hex')}`;

function toolCall(part: Part) {
  return {
    id: callId(part.functionCall),
    type: 'function',
    function: { name: part.functionCall?.name ?? '', arguments: JSON.stringify(part.functionCall?.args ?? {}) },
    ...(part.thoughtSignature ? { extra_content: { google: { thought_signature: part.thoughtSignature } } } : {}),
  };
}

const answerText = (parts: Part[]) =>
  parts
    .filter((p) => !p.thought && typeof p.text === 'string')
    .map((p) => p.text)
    .join('');

/** A candidate with nothing to pass on: no content, or only thoughts and empty text. */
const empty = (c: Candidate) => (c.content?.parts ?? []).every((p) => p.thought || (!p.text && !p.functionCall));

/**
 * A candidate that finished as a normal answer (not at the length limit, not stopped by safety) with
 * nothing in it: the API's empty answer, a candidate without its `content`. Unusable, so another
 * upstream may answer instead.
 */
const emptyAnswer = () => new UpstreamError('bad_output', 'the upstream answered a candidate without content');

/** A blocked prompt, or an answer every candidate of which the safety system stopped empty: the caller's content. */
function refusal(answer: GeminiAnswer): UpstreamError | null {
  const block = answer.promptFeedback?.blockReason;
  if (block) return new UpstreamError('refused', 'the provider refused the prompt', { code: block });
  const candidates = answer.candidates ?? [];
  const stopped = candidates.filter((c) => REFUSAL_FINISH.has(c.finishReason ?? ''));
  if (candidates.length > 0 && stopped.length === candidates.length && candidates.every(empty))
    return new UpstreamError('refused', 'the provider refused the content', { code: stopped[0]?.finishReason });
  return null;
}

/** A whole `generateContent` answer as a chat completion. */
export function completionFrom(answer: GeminiAnswer, created = Math.floor(Date.now() / 1000)): ChatCompletion {
  if (!answer || typeof answer !== 'object') throw new UpstreamError('bad_output', 'the upstream answered no object');
  const refused = refusal(answer);
  if (refused) throw refused;
  if (!Array.isArray(answer.candidates) || answer.candidates.length === 0)
    throw new UpstreamError('bad_output', 'the upstream answered without candidates');
  if (answer.candidates.some((c) => finishReason(c.finishReason, false) === 'stop' && empty(c))) throw emptyAnswer();
  return {
    id: answer.responseId ?? `chatcmpl-${randomBytes(12).toString('hex')}`,
    object: 'chat.completion',
    created,
    model: answer.modelVersion ?? '',
    choices: answer.candidates.map((c, i) => {
      const parts = c.content?.parts ?? [];
      const calls = parts.filter((p) => p.functionCall).map(toolCall);
      const text = answerText(parts);
      return {
        index: c.index ?? i,
        message: { role: 'assistant', content: text || null, ...(calls.length > 0 ? { tool_calls: calls } : {}) },
        finish_reason: finishReason(c.finishReason, calls.length > 0),
      };
    }),
    usage: usageFrom(answer.usageMetadata),
  };
}

/**
 * Streamed answers (each SSE event a `GenerateContentResponse`) as Chat Completions chunks: the role
 * first, text as content deltas, each function call as one whole tool call delta, the finish reason as
 * its own chunk, and at the end of the stream a usage chunk (no choices) from the last `usageMetadata`.
 */
export class GeminiStreamTranslator {
  private id = `chatcmpl-${randomBytes(12).toString('hex')}`;
  private model = '';
  private readonly created = Math.floor(Date.now() / 1000);
  private usage: UsageMetadata | undefined;
  private readonly started = new Set<number>();
  private readonly tools = new Map<number, number>();
  private readonly finished = new Set<number>();
  /** The candidates that have said something (text or a function call). */
  private readonly said = new Set<number>();
  private produced = false;

  private chunk(index: number, delta: Record<string, unknown>, finish: string | null = null): ChatChunk {
    return {
      id: this.id,
      object: 'chat.completion.chunk',
      created: this.created,
      model: this.model,
      choices: [{ index, delta, finish_reason: finish }],
    };
  }

  /** The chunks one event (its `data` parsed) yields. */
  push(event: Record<string, unknown>): ChatChunk[] {
    if (event.error) throw geminiError(Number((event.error as { code?: unknown }).code) || 500, event);
    const answer = event as GeminiAnswer;
    if (answer.responseId && this.started.size === 0) this.id = answer.responseId;
    if (answer.modelVersion) this.model = answer.modelVersion;
    if (answer.usageMetadata) this.usage = answer.usageMetadata;
    const refused = this.produced ? null : refusal(answer);
    if (refused) throw refused;
    const out: ChatChunk[] = [];
    for (const [i, c] of (answer.candidates ?? []).entries()) {
      const index = c.index ?? i;
      if (!this.started.has(index)) {
        this.started.add(index);
        out.push(this.chunk(index, { role: 'assistant', content: '' }));
      }
      for (const part of c.content?.parts ?? []) {
        if (part.functionCall) {
          const n = this.tools.get(index) ?? 0;
          this.tools.set(index, n + 1);
          out.push(this.chunk(index, { tool_calls: [{ index: n, ...toolCall(part) }] }));
          this.produced = true;
          this.said.add(index);
        } else if (!part.thought && typeof part.text === 'string' && part.text) {
          out.push(this.chunk(index, { content: part.text }));
          this.produced = true;
          this.said.add(index);
        }
      }
      if (c.finishReason && !this.finished.has(index)) {
        const finish = finishReason(c.finishReason, (this.tools.get(index) ?? 0) > 0);
        if (finish === 'stop' && !this.said.has(index)) throw emptyAnswer();
        if (finish) {
          this.finished.add(index);
          out.push(this.chunk(index, {}, finish));
        }
      }
    }
    return out;
  }

  /** The usage chunk once the stream has ended; a stream no candidate finished is a broken one. */
  end(): ChatChunk {
    if (this.finished.size === 0 || this.finished.size < this.started.size)
      throw new UpstreamError('network', 'the upstream stream ended before its finish reason');
    return {
      id: this.id,
      object: 'chat.completion.chunk',
      created: this.created,
      model: this.model,
      choices: [],
      usage: usageFrom(this.usage),
    };
  }
}
