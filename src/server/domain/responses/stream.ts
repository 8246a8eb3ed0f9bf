import type { ChatOutput } from '@/server/domain/chat/proxy';
import { logger } from '@/server/logger';
import {
  incompleteReason,
  itemId,
  responseUsage,
  type FunctionCallOutput,
  type MessageOutput,
  type OutputItem,
  type ResponseObject,
} from './output';

/**
 * Turns the chat stream `proxyChat` writes (`data:` chunks, comment lines, `data: [DONE]` or an error
 * object) into the Responses API's event stream: `response.created`, `response.in_progress`, each
 * output item's `added` / deltas / `done` events, then `response.completed` (or `.incomplete`) with
 * the usage, or `response.failed` when the upstream broke off. Every event has its `sequence_number`.
 * The shapes follow `openai` 6.49.0 (`ResponseStreamEvent`) and `@ai-sdk/openai` 3.0.141's chunk schema.
 */

interface ChatDelta {
  content?: string | null;
  refusal?: string | null;
  tool_calls?: { index?: number; id?: string; function?: { name?: string; arguments?: string } }[];
}
interface ChatStreamChunk {
  model?: string;
  choices?: { index?: number; delta?: ChatDelta; finish_reason?: string | null }[];
  usage?: { prompt_tokens: number; completion_tokens: number } | null;
  credits?: number;
  error?: { message?: string; code?: string | null; type?: string };
}

export function responseEvents(
  out: ChatOutput,
  shell: ResponseObject,
  /** Stores the finished response (when `store` is not false) before `response.completed` leaves. */
  keep: (response: ResponseObject) => Promise<void>,
): ChatOutput {
  let sequence = 0;
  let pending = '';
  const output: OutputItem[] = [];
  let message: { item: MessageOutput; index: number; text: string } | null = null;
  const calls = new Map<number, { item: FunctionCallOutput; index: number }>();
  let finish: string | null = null;
  let model = shell.model;
  let usage: ResponseObject['usage'] = null;
  let credits: number | undefined;

  const event = (type: string, fields: Record<string, unknown>): string =>
    `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...fields })}\n\n`;

  const closeMessage = (status: 'completed' | 'incomplete'): string => {
    if (!message) return '';
    const { item, index, text } = message;
    message = null;
    const part = { type: 'output_text', text, annotations: [], logprobs: [] };
    item.content = [{ type: 'output_text', text, annotations: [], logprobs: [] }];
    item.status = status;
    const at = { item_id: item.id, output_index: index, content_index: 0 };
    return (
      event('response.output_text.done', { ...at, text, logprobs: [] }) +
      event('response.content_part.done', { ...at, part }) +
      event('response.output_item.done', { output_index: index, item })
    );
  };

  const closeCalls = (status: 'completed' | 'incomplete'): string => {
    let text = '';
    for (const { item, index } of calls.values()) {
      item.status = status;
      text +=
        event('response.function_call_arguments.done', {
          item_id: item.id,
          output_index: index,
          name: item.name,
          arguments: item.arguments,
        }) + event('response.output_item.done', { output_index: index, item });
    }
    calls.clear();
    return text;
  };

  const textDelta = (delta: string): string => {
    let text = '';
    if (!message) {
      const index = output.length;
      const item: MessageOutput = {
        type: 'message',
        id: itemId(shell.id, 'msg', index),
        status: 'in_progress',
        role: 'assistant',
        content: [],
      };
      output.push(item);
      message = { item, index, text: '' };
      text +=
        event('response.output_item.added', { output_index: index, item: { ...item, content: [] } }) +
        event('response.content_part.added', {
          item_id: item.id,
          output_index: index,
          content_index: 0,
          part: { type: 'output_text', text: '', annotations: [], logprobs: [] },
        });
    }
    message.text += delta;
    return (
      text +
      event('response.output_text.delta', {
        item_id: message.item.id,
        output_index: message.index,
        content_index: 0,
        delta,
        logprobs: [],
      })
    );
  };

  const toolDelta = (call: NonNullable<ChatDelta['tool_calls']>[number]): string => {
    const key = call.index ?? 0;
    let open = calls.get(key);
    let text = '';
    if (!open) {
      // A message before the calls is complete once the model turns to calling tools.
      text += closeMessage('completed');
      const index = output.length;
      const item: FunctionCallOutput = {
        type: 'function_call',
        id: itemId(shell.id, 'fc', index),
        status: 'in_progress',
        call_id: call.id ?? `call_${shell.id.slice(5, 29)}_${index}`,
        name: call.function?.name ?? '',
        arguments: '',
      };
      output.push(item);
      open = { item, index };
      calls.set(key, open);
      text += event('response.output_item.added', { output_index: index, item: { ...item } });
    }
    const fragment = call.function?.arguments;
    if (!fragment) return text;
    open.item.arguments += fragment;
    return (
      text +
      event('response.function_call_arguments.delta', {
        item_id: open.item.id,
        output_index: open.index,
        delta: fragment,
      })
    );
  };

  const chunk = (c: ChatStreamChunk): string => {
    if (c.model) model = c.model;
    if (c.usage) usage = responseUsage(c.usage);
    if (typeof c.credits === 'number') credits = c.credits;
    let text = '';
    for (const choice of c.choices ?? []) {
      if ((choice.index ?? 0) !== 0) continue;
      const d = choice.delta;
      if (typeof d?.content === 'string' && d.content !== '') text += textDelta(d.content);
      for (const call of d?.tool_calls ?? []) text += toolDelta(call);
      if (choice.finish_reason) finish = choice.finish_reason;
    }
    return text;
  };

  const completed = async (): Promise<string> => {
    const reason = incompleteReason(finish);
    const status = reason ? 'incomplete' : 'completed';
    const closing = closeMessage(status) + closeCalls('completed');
    const response: ResponseObject = {
      ...shell,
      status,
      incomplete_details: reason ? { reason } : null,
      model,
      output,
      usage,
      ...(credits !== undefined ? { credits } : {}),
    };
    try {
      await keep(response);
    } catch (err) {
      // The answer is charged and complete; only reading it back later fails.
      logger.error({ err, response: shell.id }, 'a streamed response could not be stored');
    }
    return closing + event(reason ? 'response.incomplete' : 'response.completed', { response });
  };

  const failed = (error: NonNullable<ChatStreamChunk['error']>): string => {
    const closing = closeMessage('incomplete') + closeCalls('incomplete');
    const response: ResponseObject = {
      ...shell,
      status: 'failed',
      error: { code: error.code ?? 'server_error', message: error.message ?? 'The response failed' },
      model,
      output,
      usage,
    };
    return closing + event('response.failed', { response });
  };

  const handle = async (data: string): Promise<string> => {
    if (data === '[DONE]') return completed();
    const parsed = JSON.parse(data) as ChatStreamChunk;
    if (parsed.error) return failed(parsed.error);
    return chunk(parsed);
  };

  return {
    json: (status, body, headers) => out.json(status, body, headers),
    open(headers) {
      out.open(headers);
      void out.write(
        event('response.created', { response: shell }) + event('response.in_progress', { response: shell }),
      );
    },
    async write(text) {
      pending += text;
      let answer = '';
      for (let end = pending.indexOf('\n\n'); end >= 0; end = pending.indexOf('\n\n')) {
        const block = pending.slice(0, end);
        pending = pending.slice(end + 2);
        // Comment lines (heartbeats) keep the connection as they do for chat.
        if (block.startsWith(':')) answer += `${block}\n\n`;
        else if (block.startsWith('data: ')) answer += await handle(block.slice(6));
      }
      if (answer) await out.write(answer);
    },
    end: () => out.end(),
  };
}
