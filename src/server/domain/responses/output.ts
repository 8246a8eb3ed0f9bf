import { randomUUID } from 'node:crypto';
import type { ParsedResponses } from './request';

/**
 * Response objects as OpenAI's Responses API answers them (checked against the `openai` 6.49.0 types
 * and the parser of `@ai-sdk/openai` 3.0.141). Item ids carry their response's id
 * (`msg_<hex>_<n>`, `fc_<hex>_<n>`), so an `item_reference` finds its response without a search.
 */

export const newResponseId = (): string => `resp_${randomUUID().replaceAll('-', '')}`;

/** The response an item id belongs to, or null for an id Studio did not make. */
export function responseIdOfItem(itemId: string): string | null {
  const m = /^(?:msg|fc)_([0-9a-f]{32})_\d+$/.exec(itemId);
  return m ? `resp_${m[1]}` : null;
}

export const itemId = (responseId: string, kind: 'msg' | 'fc', n: number): string =>
  `${kind}_${responseId.slice(5)}_${n}`;

export interface OutputText {
  type: 'output_text';
  text: string;
  annotations: unknown[];
  logprobs: unknown[];
}
export interface MessageOutput {
  type: 'message';
  id: string;
  status: 'completed' | 'incomplete' | 'in_progress';
  role: 'assistant';
  content: (OutputText | { type: 'refusal'; refusal: string })[];
}
export interface FunctionCallOutput {
  type: 'function_call';
  id: string;
  status: 'completed' | 'incomplete' | 'in_progress';
  call_id: string;
  name: string;
  arguments: string;
}
export type OutputItem = MessageOutput | FunctionCallOutput;

export interface ResponseUsage {
  input_tokens: number;
  input_tokens_details: { cached_tokens: number };
  output_tokens: number;
  output_tokens_details: { reasoning_tokens: number };
  total_tokens: number;
}

export type ResponseStatus = 'completed' | 'incomplete' | 'in_progress' | 'failed';

export interface ResponseObject {
  id: string;
  object: 'response';
  created_at: number;
  status: ResponseStatus;
  background: false;
  error: { code: string; message: string } | null;
  incomplete_details: { reason: string } | null;
  instructions: string | null;
  max_output_tokens: number | null;
  model: string;
  output: OutputItem[];
  parallel_tool_calls: boolean;
  previous_response_id: string | null;
  reasoning: { effort: null; summary: null };
  service_tier: 'default';
  store: boolean;
  temperature: number | null;
  text: { format: Record<string, unknown> };
  tool_choice: unknown;
  tools: unknown[];
  top_p: number | null;
  truncation: 'disabled';
  usage: ResponseUsage | null;
  user: string | null;
  metadata: Record<string, string>;
  /** Studio's own: the credits the response cost (also in `X-Studio-Credits` when not streamed). */
  credits?: number;
}

/** The response as it stands before any output: what `response.created` carries. */
export function responseShell(id: string, parsed: ParsedResponses, createdAt: number): ResponseObject {
  const r = parsed.request;
  return {
    id,
    object: 'response',
    created_at: createdAt,
    status: 'in_progress',
    background: false,
    error: null,
    incomplete_details: null,
    instructions: r.instructions ?? null,
    max_output_tokens: r.max_output_tokens ?? null,
    model: parsed.model,
    output: [],
    parallel_tool_calls: r.parallel_tool_calls ?? true,
    previous_response_id: r.previous_response_id ?? null,
    reasoning: { effort: null, summary: null },
    service_tier: 'default',
    store: parsed.store,
    temperature: r.temperature ?? null,
    text: { format: r.text?.format ?? { type: 'text' } },
    tool_choice: r.tool_choice ?? 'auto',
    tools: (r.tools ?? []).map((t) => ({
      type: 'function',
      name: t.name,
      description: t.description ?? null,
      parameters: t.parameters ?? null,
      strict: t.strict ?? null,
    })),
    top_p: r.top_p ?? null,
    truncation: 'disabled',
    usage: null,
    user: r.user ?? null,
    metadata: r.metadata ?? {},
  };
}

export function responseUsage(u: { prompt_tokens: number; completion_tokens: number } | null): ResponseUsage | null {
  if (!u) return null;
  return {
    input_tokens: u.prompt_tokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: u.completion_tokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: u.prompt_tokens + u.completion_tokens,
  };
}

/** `incomplete_details` of a chat finish reason; null when the answer is complete. */
export function incompleteReason(finish: string | null | undefined): string | null {
  if (finish === 'length') return 'max_output_tokens';
  if (finish === 'content_filter') return 'content_filter';
  return null;
}

interface ChatChoice {
  message?: {
    content?: string | null;
    refusal?: string | null;
    tool_calls?: { id: string; type?: string; function?: { name: string; arguments: string } }[] | null;
  };
  finish_reason?: string | null;
}

/** A chat completion (Studio's answer) as a Response: its text, refusal and function calls as output items. */
export function completionToResponse(
  shell: ResponseObject,
  completion: {
    model?: string;
    choices?: ChatChoice[];
    usage?: { prompt_tokens: number; completion_tokens: number };
    credits?: number;
  },
): ResponseObject {
  const choice = completion.choices?.[0];
  const reason = incompleteReason(choice?.finish_reason);
  const status = reason ? 'incomplete' : 'completed';
  const output: OutputItem[] = [];
  const message = choice?.message;
  const content: MessageOutput['content'] = [];
  if (message?.content) content.push({ type: 'output_text', text: message.content, annotations: [], logprobs: [] });
  if (message?.refusal) content.push({ type: 'refusal', refusal: message.refusal });
  if (content.length > 0)
    output.push({ type: 'message', id: itemId(shell.id, 'msg', 0), status, role: 'assistant', content });
  for (const call of message?.tool_calls ?? []) {
    if (!call.function) continue;
    output.push({
      type: 'function_call',
      id: itemId(shell.id, 'fc', output.length),
      status: 'completed',
      call_id: call.id,
      name: call.function.name,
      arguments: call.function.arguments,
    });
  }
  return {
    ...shell,
    status,
    incomplete_details: reason ? { reason } : null,
    model: completion.model ?? shell.model,
    output,
    usage: responseUsage(completion.usage ?? null),
    ...(completion.credits !== undefined ? { credits: completion.credits } : {}),
  };
}
