import { UpstreamError } from '@/server/upstreams/types';
import type { ChatBody } from '@/server/upstreams/providers/types';

/**
 * Chat Completions bodies (the shape every Studio caller speaks) as Anthropic Messages requests
 * (docs.anthropic.com/en/api/messages). What Messages cannot express faithfully is refused as
 * `unsupported` rather than dropped: `response_format` other than text, and more than one choice.
 */

/** The `anthropic-version` header Studio sends; the Messages protocol as this version defines it. */
export const ANTHROPIC_VERSION = '2023-06-01';

/**
 * Anthropic requires `max_tokens`; when the caller sets none, Studio asks for this many (the least
 * output limit of the current Claude models, so the request is valid for every one of them).
 */
export const DEFAULT_MAX_TOKENS = 4096;

type Block = Record<string, unknown>;
interface Turn {
  role: 'user' | 'assistant';
  content: Block[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function unsupported(message: string): UpstreamError {
  return new UpstreamError('unsupported', message, { code: 'unsupported_parameter', status: 400 });
}

/** Text of a system or tool message: a string, or its text parts joined. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((p): p is { type: 'text'; text: string } => isRecord(p) && p.type === 'text' && typeof p.text === 'string')
    .map((p) => p.text)
    .join('\n');
}

/** A `data:` URL as a base64 source, any other address as a `url` source. */
export function imageSource(url: string): Block {
  const data = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (data) return { type: 'base64', media_type: data[1], data: data[2] };
  return { type: 'url', url };
}

function userBlocks(content: unknown): Block[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) return [];
  const out: Block[] = [];
  for (const part of content) {
    if (!isRecord(part)) continue;
    if (part.type === 'text' && typeof part.text === 'string') out.push({ type: 'text', text: part.text });
    else if (part.type === 'image_url' && isRecord(part.image_url) && typeof part.image_url.url === 'string')
      out.push({ type: 'image', source: imageSource(part.image_url.url) });
  }
  return out;
}

function toolInput(args: unknown): unknown {
  if (typeof args !== 'string' || args.trim() === '') return {};
  try {
    return JSON.parse(args);
  } catch {
    // An assistant turn the caller wrote by hand with arguments that are not JSON: kept as text.
    return { arguments: args };
  }
}

function assistantBlocks(m: Record<string, unknown>): Block[] {
  const out: Block[] = [];
  const text = textOf(m.content);
  if (text) out.push({ type: 'text', text });
  if (Array.isArray(m.tool_calls)) {
    for (const call of m.tool_calls) {
      if (!isRecord(call) || !isRecord(call.function)) continue;
      out.push({ type: 'tool_use', id: call.id, name: call.function.name, input: toolInput(call.function.arguments) });
    }
  }
  return out;
}

/** The messages as Anthropic turns: system text apart, tool results in user turns, same-role turns merged. */
export function toTurns(messages: unknown[]): { system: string; turns: Turn[] } {
  const system: string[] = [];
  const turns: Turn[] = [];
  const push = (role: Turn['role'], content: Block[]): void => {
    const last = turns[turns.length - 1];
    if (last && last.role === role) last.content.push(...content);
    else turns.push({ role, content });
  };
  for (const m of messages) {
    if (!isRecord(m)) continue;
    if (m.role === 'system' || m.role === 'developer') system.push(textOf(m.content));
    else if (m.role === 'user') push('user', userBlocks(m.content));
    else if (m.role === 'assistant') push('assistant', assistantBlocks(m));
    else if (m.role === 'tool')
      push('user', [{ type: 'tool_result', tool_use_id: m.tool_call_id, content: textOf(m.content) }]);
  }
  return { system: system.filter(Boolean).join('\n\n'), turns: turns.filter((t) => t.content.length > 0) };
}

function toolChoice(choice: unknown, parallel: unknown): Block | undefined {
  const noParallel = parallel === false ? { disable_parallel_tool_use: true } : {};
  if (choice === 'auto') return { type: 'auto', ...noParallel };
  if (choice === 'none') return { type: 'none' };
  if (choice === 'required') return { type: 'any', ...noParallel };
  if (isRecord(choice) && isRecord(choice.function) && typeof choice.function.name === 'string')
    return { type: 'tool', name: choice.function.name, ...noParallel };
  return parallel === false ? { type: 'auto', ...noParallel } : undefined;
}

/** The Messages request for a Chat Completions body, for the upstream's own model id. */
export function messagesRequest(model: string, body: ChatBody, stream: boolean): Record<string, unknown> {
  const format = body.response_format;
  if (isRecord(format) && format.type !== 'text') throw unsupported('this model does not take response_format');
  if (typeof body.n === 'number' && body.n > 1) throw unsupported('this model answers one choice only');
  const { system, turns } = toTurns(body.messages);
  const limit = body.max_completion_tokens ?? body.max_tokens;
  const out: Record<string, unknown> = {
    model,
    max_tokens: typeof limit === 'number' ? limit : DEFAULT_MAX_TOKENS,
    messages: turns,
  };
  if (system) out.system = system;
  if (typeof body.temperature === 'number') out.temperature = body.temperature;
  if (typeof body.top_p === 'number') out.top_p = body.top_p;
  const stop = typeof body.stop === 'string' ? [body.stop] : body.stop;
  if (Array.isArray(stop) && stop.length > 0) out.stop_sequences = stop;
  if (Array.isArray(body.tools) && body.tools.length > 0) {
    out.tools = body.tools
      .filter((t): t is { function: Record<string, unknown> } => isRecord(t) && isRecord(t.function))
      .map((t) => ({
        name: t.function.name,
        ...(typeof t.function.description === 'string' ? { description: t.function.description } : {}),
        input_schema: isRecord(t.function.parameters) ? t.function.parameters : { type: 'object', properties: {} },
      }));
    const choice = toolChoice(body.tool_choice, body.parallel_tool_calls);
    if (choice) out.tool_choice = choice;
  }
  if (stream) out.stream = true;
  return out;
}
