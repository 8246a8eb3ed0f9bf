import { z } from 'zod';
import { AUTO_ALIASES, chatRequestSchema, type ChatMessage, type ChatRequest } from '@/contracts/chat';
import { assertWellFormedInput } from '@/server/input-text';
import { AppError, pathText, type FieldIssue } from '@/server/errors';
import type { Needs } from '@/server/upstreams/select';

/** A chat request after checking: what routing, charging and the upstream need. */
export interface ParsedChat {
  request: ChatRequest;
  /** The caller's `model` when it is a family or channel; undefined for the routing model name. */
  model: string | undefined;
  provider: string | undefined;
  stream: boolean;
  /** The caller asked for the usage chunk of a stream. */
  includeUsage: boolean;
  needs: Needs;
  /** Choices asked for (`n`). */
  choices: number;
  /** The completion limit the caller set, if any. */
  maxTokens: number | undefined;
}

function issueText(issue: z.core.$ZodIssue): FieldIssue {
  if (issue.code === 'unrecognized_keys') {
    const where = issue.path.length > 0 ? ` in ${pathText(issue.path as (string | number)[])}` : '';
    return {
      path: [...(issue.path as (string | number)[]), issue.keys[0] ?? ''],
      message: `Unrecognized request argument supplied${where}: ${issue.keys.join(', ')}`,
    };
  }
  return { path: issue.path as (string | number)[], message: issue.message };
}

/** The 400 of a body that is not a valid request (chat's or Responses'), naming each refused field. */
export function invalid(error: z.ZodError): AppError {
  const issues = error.issues.map(issueText);
  const first = issues[0];
  const text = first
    ? first.message.startsWith('Unrecognized')
      ? first.message
      : `${pathText(first.path) || 'body'}: ${first.message}`
    : 'Invalid request';
  return new AppError('BAD_REQUEST', text, { issues });
}

const hasImage = (req: ChatRequest): boolean =>
  req.messages.some(
    (m) => m.role === 'user' && Array.isArray(m.content) && m.content.some((p) => p.type === 'image_url'),
  );

type Part = Exclude<ChatMessage['content'], string | null | undefined>[number];

/** A content part without OpenAI's prompt cache marker (a hint other upstreams refuse). */
function partForUpstream<P extends Part>(part: P): P {
  if (!('prompt_cache_breakpoint' in part)) return part;
  const { prompt_cache_breakpoint: _hint, ...rest } = part;
  return rest as P;
}

/**
 * A message as the upstream gets it. A caller may send back an answer's `message` as it came
 * (OpenAI's SDKs and LangChain do): what only an answer carries (`annotations`, reasoning text) and a
 * tool message's `name` (LangChain sends it; OpenAI's protocol has none) are accepted and not passed
 * on, as OpenAI ignores them, since other upstreams refuse them; a null field means absent and is
 * left out. Everything OpenAI's protocol defines for a message goes on as sent.
 */
export function messageForUpstream(message: ChatMessage): ChatMessage {
  const m = Array.isArray(message.content)
    ? ({ ...message, content: message.content.map(partForUpstream) } as ChatMessage)
    : message;
  if (m.role === 'tool') {
    const { name: _name, ...rest } = m;
    return rest;
  }
  if (m.role !== 'assistant') return m;
  const { annotations: _a, reasoning_content: _rc, reasoning: _r, ...rest } = m;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rest)) if (v !== null || k === 'content') out[k] = v;
  return out as ChatMessage;
}

/**
 * Checks a chat body against OpenAI's protocol (types, ranges, unknown parameters) and works out
 * what the request needs of an upstream: image input, tools, JSON output, streaming.
 */
export function parseChat(body: unknown): ParsedChat {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError('BAD_REQUEST', 'The body must be a JSON object: a Chat Completions request');
  }
  assertWellFormedInput(body);
  const parsed = chatRequestSchema.safeParse(body);
  if (!parsed.success) throw invalid(parsed.error);
  // From here on the request is what the upstream gets: routing, the bound and the count read the same.
  const request = { ...parsed.data, messages: parsed.data.messages.map(messageForUpstream) };
  const stream = request.stream === true;
  if (request.stream_options && !stream) {
    throw new AppError('BAD_REQUEST', "The 'stream_options' parameter is only allowed when 'stream' is enabled.", {
      issues: [{ path: ['stream_options'], message: "only allowed when 'stream' is enabled" }],
    });
  }
  const choice = request.tool_choice;
  if (choice !== undefined && choice !== 'none' && choice !== 'auto' && !request.tools?.length) {
    throw new AppError('BAD_REQUEST', "tool_choice: 'required' or a named function needs 'tools'", {
      issues: [{ path: ['tool_choice'], message: "needs 'tools'" }],
    });
  }
  if (typeof choice === 'object' && !request.tools?.some((t) => t.function.name === choice.function.name)) {
    throw new AppError('BAD_REQUEST', `tool_choice: the function "${choice.function.name}" is not one of 'tools'`, {
      issues: [{ path: ['tool_choice', 'function', 'name'], message: "is not one of 'tools'" }],
    });
  }
  const model = request.model && !AUTO_ALIASES.includes(request.model) ? request.model : undefined;
  const needs: Needs = {};
  if (hasImage(request)) needs.vision = true;
  if (request.tools && request.tools.length > 0) needs.tools = true;
  if (request.response_format && request.response_format.type !== 'text') needs.jsonMode = true;
  if (stream) needs.streaming = true;
  return {
    request,
    model,
    provider: request.provider && request.provider !== 'auto' ? request.provider : undefined,
    stream,
    includeUsage: stream && request.stream_options?.include_usage === true,
    needs,
    choices: request.n ?? 1,
    maxTokens: request.max_completion_tokens ?? request.max_tokens ?? undefined,
  };
}

/** The body sent upstream: the caller's parameters without Studio's own (`provider`); the adapter sets `model`. */
export function upstreamBody(parsed: ParsedChat): Record<string, unknown> & { messages: unknown[] } {
  const { provider: _provider, model: _model, stream: _stream, stream_options: _options, ...rest } = parsed.request;
  // A stream always asks for usage, so the charge can be exact; the caller sees the usage chunk only if it asked.
  return parsed.stream ? { ...rest, stream_options: { include_usage: true } } : rest;
}
