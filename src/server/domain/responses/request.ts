import { AUTO_MODEL, type ChatMessage } from '@/contracts/chat';
import {
  BUILT_IN_TOOLS,
  responseRequestSchema,
  type ResponseInputItem,
  type ResponseRequest,
} from '@/contracts/responses';
import { invalid } from '@/server/domain/chat/request';
import { AppError } from '@/server/errors';
import { assertWellFormedInput } from '@/server/input-text';

/** A Responses request after checking. */
export interface ParsedResponses {
  request: ResponseRequest;
  /** This request's input as items (a string input is one user message). */
  items: ResponseInputItem[];
  stream: boolean;
  /** Kept for `previous_response_id` and `GET` (OpenAI's default: true). */
  store: boolean;
  /** The model name the answer carries until routing says which family served it. */
  model: string;
}

const refuse = (path: (string | number)[], message: string): AppError =>
  new AppError('BAD_REQUEST', message, { issues: [{ path, message }] });

/** OpenAI's built-in tools are named in the refusal, before the schema would call them unknown. */
function refuseBuiltInTools(tools: unknown): void {
  if (!Array.isArray(tools)) return;
  tools.forEach((tool: unknown, i) => {
    const type = tool && typeof tool === 'object' ? (tool as { type?: unknown }).type : undefined;
    if (type === 'function' || typeof type !== 'string') return;
    const known = (BUILT_IN_TOOLS as readonly string[]).includes(type);
    throw refuse(
      ['tools', i, 'type'],
      known
        ? `Studio does not offer the built-in tool '${type}' (tools[${i}]): only function tools ({"type": "function", "name", "parameters"}) are served`
        : `Unsupported tool type '${type}' (tools[${i}]): only function tools ({"type": "function", "name", "parameters"}) are served`,
    );
  });
}

/** Checks a Responses body: OpenAI's parameters, and what Studio does not offer, each refused by name. */
export function parseResponses(body: unknown): ParsedResponses {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new AppError('BAD_REQUEST', 'The body must be a JSON object: a Responses request');
  assertWellFormedInput(body);
  refuseBuiltInTools((body as { tools?: unknown }).tools);
  const forced = (body as { tool_choice?: unknown }).tool_choice;
  const forcedType = forced && typeof forced === 'object' ? (forced as { type?: unknown }).type : undefined;
  if (typeof forcedType === 'string' && forcedType !== 'function')
    throw refuse(
      ['tool_choice', 'type'],
      `Studio does not offer tool_choice of type '${forcedType}': use 'none', 'auto', 'required' or {"type": "function", "name"}`,
    );
  const parsed = responseRequestSchema.safeParse(body);
  if (!parsed.success) throw invalid(parsed.error);
  const request = parsed.data;
  if (request.background === true)
    throw refuse(['background'], 'Studio does not run responses in the background: leave out `background`');
  if (request.conversation !== undefined && request.conversation !== null)
    throw refuse(['conversation'], 'Studio has no Conversations API: continue with `previous_response_id`');
  if (request.prompt !== undefined && request.prompt !== null)
    throw refuse(['prompt'], "Studio has no stored prompts of OpenAI's: send `instructions` and `input`");
  if (request.input === undefined && !request.previous_response_id)
    throw refuse(['input'], "Missing required parameter: 'input'.");
  const choice = request.tool_choice;
  if (typeof choice === 'object' && !request.tools?.some((t) => t.name === choice.name))
    throw refuse(['tool_choice', 'name'], `tool_choice: the function "${choice.name}" is not one of 'tools'`);
  if (choice === 'required' && !request.tools?.length)
    throw refuse(['tool_choice'], "tool_choice: 'required' needs 'tools'");
  const items: ResponseInputItem[] =
    typeof request.input === 'string'
      ? [{ type: 'message', role: 'user', content: request.input }]
      : (request.input ?? []);
  items.forEach((item, i) => checkItem(item, i));
  return {
    request,
    items,
    stream: request.stream === true,
    store: request.store !== false,
    model: request.model && request.model !== 'auto' ? request.model : AUTO_MODEL,
  };
}

/** What Studio cannot pass on inside an item: files, OpenAI file ids, images where chat takes none. */
function checkItem(item: ResponseInputItem, i: number): void {
  const parts =
    item.type === 'function_call_output'
      ? Array.isArray(item.output)
        ? item.output
        : []
      : (item.type === undefined || item.type === 'message') && Array.isArray(item.content)
        ? item.content
        : [];
  const field = item.type === 'function_call_output' ? 'output' : 'content';
  parts.forEach((part, j) => {
    const at = ['input', i, field, j];
    if (part.type === 'input_file')
      throw refuse(at, `input[${i}].${field}[${j}]: Studio does not read files (input_file); send text or images`);
    if (part.type === 'input_image' && part.file_id)
      throw refuse([...at, 'file_id'], 'Studio has no Files API: send the image as image_url (an https or data URL)');
    if (part.type === 'input_image' && !part.image_url)
      throw refuse([...at, 'image_url'], 'input_image needs image_url (an https or data URL)');
    const role = item.type === 'function_call_output' ? 'tool' : 'role' in item ? item.role : '';
    if (part.type === 'input_image' && role !== 'user' && role !== 'tool')
      throw refuse(at, `input[${i}]: images are taken in user messages and function call outputs only`);
  });
}

type Part = { type: string; text?: string; refusal?: string; image_url?: string | null; detail?: string };

const textOf = (parts: Part[]): string =>
  parts
    .filter((p) => p.type === 'input_text' || p.type === 'output_text')
    .map((p) => p.text ?? '')
    .join('');

const imagePart = (p: Part) => ({
  type: 'image_url' as const,
  image_url: { url: p.image_url ?? '', ...(p.detail ? { detail: p.detail as 'auto' | 'low' | 'high' } : {}) },
});

type Assistant = Extract<ChatMessage, { role: 'assistant' }>;

/**
 * The conversation as chat messages: `instructions` first, then the items in order. An assistant's
 * text and the function calls that follow it are one assistant message, as chat has them.
 */
export function chatMessages(items: ResponseInputItem[], instructions: string | null | undefined): ChatMessage[] {
  const out: ChatMessage[] = [];
  if (instructions) out.push({ role: 'system', content: instructions });
  let assistant: Assistant | null = null;
  const flush = () => {
    if (assistant) out.push(assistant);
    assistant = null;
  };
  const turn = (): Assistant => (assistant ??= { role: 'assistant', content: null });
  for (const item of items) {
    if (item.type === 'function_call') {
      const a = turn();
      a.tool_calls = [
        ...(a.tool_calls ?? []),
        { id: item.call_id, type: 'function', function: { name: item.name, arguments: item.arguments } },
      ];
      continue;
    }
    if (item.type === 'reasoning' || item.type === 'item_reference') continue;
    if (item.type === 'function_call_output') {
      flush();
      const parts = typeof item.output === 'string' ? [] : (item.output as Part[]);
      const text = typeof item.output === 'string' ? item.output : textOf(parts);
      out.push({ role: 'tool', tool_call_id: item.call_id, content: text });
      const images = parts.filter((p) => p.type === 'input_image');
      if (images.length > 0)
        out.push({
          role: 'user',
          content: [{ type: 'text', text: `The images of the result of ${item.call_id}:` }, ...images.map(imagePart)],
        });
      continue;
    }
    const parts = typeof item.content === 'string' ? null : (item.content as Part[]);
    if (item.role === 'assistant') {
      const a = turn();
      const refusal = parts?.find((p) => p.type === 'refusal')?.refusal;
      const text = parts ? textOf(parts) : (item.content as string);
      if (text) a.content = `${typeof a.content === 'string' ? a.content : ''}${text}`;
      if (refusal) a.refusal = refusal;
      continue;
    }
    flush();
    if (item.role === 'user') {
      out.push({
        role: 'user',
        content: parts
          ? parts.map((p) => (p.type === 'input_image' ? imagePart(p) : { type: 'text' as const, text: p.text ?? '' }))
          : (item.content as string),
      });
    } else out.push({ role: item.role, content: parts ? textOf(parts) : (item.content as string) });
  }
  flush();
  return out;
}

/** The chat completion request a Responses request becomes; `proxyChat` checks it again as chat does. */
export function chatBody(parsed: ParsedResponses, messages: ChatMessage[]): Record<string, unknown> {
  const r = parsed.request;
  const tools = r.tools?.length ? r.tools : undefined;
  const format = r.text?.format;
  const body: Record<string, unknown> = {
    model: r.model ?? AUTO_MODEL,
    messages,
    ...(tools
      ? {
          tools: tools.map((t) => ({
            type: 'function',
            function: {
              name: t.name,
              ...(t.description ? { description: t.description } : {}),
              ...(t.parameters ? { parameters: t.parameters } : {}),
              ...(typeof t.strict === 'boolean' ? { strict: t.strict } : {}),
            },
          })),
          ...(r.tool_choice !== undefined
            ? {
                tool_choice:
                  typeof r.tool_choice === 'object'
                    ? { type: 'function', function: { name: r.tool_choice.name } }
                    : r.tool_choice,
              }
            : {}),
          ...(typeof r.parallel_tool_calls === 'boolean' ? { parallel_tool_calls: r.parallel_tool_calls } : {}),
        }
      : {}),
    ...(format && format.type !== 'text'
      ? {
          response_format:
            format.type === 'json_schema'
              ? {
                  type: 'json_schema',
                  json_schema: {
                    name: format.name,
                    schema: format.schema,
                    ...(format.description ? { description: format.description } : {}),
                    ...(typeof format.strict === 'boolean' ? { strict: format.strict } : {}),
                  },
                }
              : { type: 'json_object' },
        }
      : {}),
    ...(r.max_output_tokens ? { max_completion_tokens: r.max_output_tokens } : {}),
    ...(typeof r.temperature === 'number' ? { temperature: r.temperature } : {}),
    ...(typeof r.top_p === 'number' ? { top_p: r.top_p } : {}),
    ...(r.user ? { user: r.user } : {}),
  };
  if (parsed.stream) {
    body.stream = true;
    // The last chunk's usage and charge become `response.completed`'s usage.
    body.stream_options = { include_usage: true };
  }
  return body;
}
