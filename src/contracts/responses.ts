import { z } from 'zod';
import { AUTO_MODEL, MAX_CHAT_MESSAGES, MAX_CHAT_TOOLS } from './chat';

/**
 * OpenAI's Responses API request (`POST /api/responses`), as Studio serves it: translated to a chat
 * completion and routed, charged and logged like chat. Every item Studio answers with is accepted
 * back as it came; an unknown parameter is refused (400) as OpenAI refuses it.
 */

/** How long a stored response can be read back or continued (`previous_response_id`). */
export const RESPONSE_RETENTION_DAYS = 30;

/** OpenAI's built-in tools: Studio offers none of them (only function tools). */
export const BUILT_IN_TOOLS = [
  'web_search',
  'web_search_preview',
  'web_search_preview_2025_03_11',
  'web_search_2025_08_26',
  'file_search',
  'computer_use_preview',
  'computer_use',
  'code_interpreter',
  'image_generation',
  'mcp',
  'local_shell',
  'shell',
  'apply_patch',
  'custom',
  'tool_search',
] as const;

const FUNCTION_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const callId = z.string().min(1).max(256);
const itemId = z
  .string()
  .min(1)
  .max(256)
  .nullable()
  .optional()
  .meta({ description: "The item's id, as Studio gave it" });
const itemStatus = z
  .enum(['in_progress', 'completed', 'incomplete'])
  .nullable()
  .optional()
  .meta({ description: "The item's status, as Studio gave it; not passed on" });
const cacheBreakpoint = z
  .strictObject({ mode: z.literal('explicit').meta({ description: 'Always `explicit`' }) })
  .optional()
  .meta({ description: "OpenAI's prompt cache breakpoint; accepted and not passed on" });

const inputText = z.strictObject({
  type: z.literal('input_text').meta({ description: '`input_text`: this part is text' }),
  text: z.string().meta({ description: 'The text of this part' }),
  prompt_cache_breakpoint: cacheBreakpoint,
});
const inputImage = z.strictObject({
  type: z.literal('input_image').meta({ description: '`input_image`: this part is an image' }),
  image_url: z
    .string()
    .max(30_000_000)
    .refine((u) => /^https?:\/\//i.test(u) || /^data:image\/[a-z0-9.+-]+;base64,/i.test(u), {
      error: "must be an http(s) URL or a base64 'data:image/...' URL",
    })
    .nullable()
    .optional()
    .meta({ description: 'The image: an http(s) URL or a base64 `data:image/...;base64,` URL' }),
  file_id: z
    .string()
    .nullable()
    .optional()
    .meta({ description: "OpenAI's uploaded file id: Studio has no Files API, so a non-null value is refused" }),
  detail: z
    .enum(['auto', 'low', 'high'])
    .optional()
    .meta({ description: 'How closely the model looks at the image; passed on' }),
  prompt_cache_breakpoint: cacheBreakpoint,
});
const inputFile = z.strictObject({
  type: z.literal('input_file').meta({ description: '`input_file`: refused, Studio reads no files in chat' }),
  file_id: z.string().nullable().optional().meta({ description: 'Refused with the part' }),
  file_data: z.string().optional().meta({ description: 'Refused with the part' }),
  file_url: z.string().optional().meta({ description: 'Refused with the part' }),
  filename: z.string().optional().meta({ description: 'Refused with the part' }),
  prompt_cache_breakpoint: cacheBreakpoint,
});
const outputText = z.strictObject({
  type: z.literal('output_text').meta({ description: '`output_text`: text of an earlier answer' }),
  text: z.string().meta({ description: 'The text' }),
  annotations: z.array(z.record(z.string(), z.unknown())).optional().meta({ description: 'Accepted, not passed on' }),
  logprobs: z.array(z.unknown()).optional().meta({ description: 'Accepted, not passed on' }),
});
const refusal = z.strictObject({
  type: z.literal('refusal').meta({ description: '`refusal`: a refusal of an earlier answer' }),
  refusal: z.string().meta({ description: 'The text of the refusal' }),
});

const inputParts = z.array(z.discriminatedUnion('type', [inputText, inputImage, inputFile])).min(1);

const messageItem = z.strictObject({
  type: z.literal('message').optional().meta({ description: '`message` (may be left out)' }),
  role: z.enum(['user', 'system', 'developer', 'assistant']).meta({ description: 'Who speaks' }),
  content: z
    .union([z.string(), z.array(z.discriminatedUnion('type', [inputText, inputImage, inputFile, outputText, refusal]))])
    .meta({
      description:
        'A string, or parts: `input_text` / `input_image` for user, system and developer messages; ' +
        '`output_text` / `refusal` for an assistant message as Studio returned it',
    }),
  id: itemId,
  status: itemStatus,
  phase: z.enum(['commentary', 'final_answer']).nullable().optional().meta({ description: 'Accepted, not passed on' }),
});
const functionCallItem = z.strictObject({
  type: z.literal('function_call').meta({ description: '`function_call`: a call the model made earlier' }),
  call_id: callId.meta({ description: 'The call id; a `function_call_output` answers it by this id' }),
  name: z.string().regex(FUNCTION_NAME).meta({ description: 'The function called' }),
  arguments: z.string().meta({ description: 'The arguments, as a JSON text' }),
  id: itemId,
  status: itemStatus,
});
const functionCallOutputItem = z.strictObject({
  type: z.literal('function_call_output').meta({ description: '`function_call_output`: the result of a call' }),
  call_id: callId.meta({ description: 'The `call_id` of the call this answers' }),
  output: z
    .union([z.string(), inputParts])
    .meta({ description: 'The result: a string, or `input_text` / `input_image` parts' }),
  id: itemId,
  status: itemStatus,
});
const itemReference = z.strictObject({
  type: z.literal('item_reference').meta({ description: '`item_reference`: an output item of a stored response' }),
  id: z.string().min(1).max(256).meta({ description: 'The id of an item a stored response of yours returned' }),
});
const reasoningItem = z.strictObject({
  type: z.literal('reasoning').meta({ description: '`reasoning`: accepted and not passed on' }),
  id: z.string().optional().meta({ description: "The item's id" }),
  summary: z.array(z.unknown()).optional().meta({ description: 'Not passed on' }),
  content: z.array(z.unknown()).nullable().optional().meta({ description: 'Not passed on' }),
  encrypted_content: z.string().nullable().optional().meta({ description: 'Not passed on' }),
  status: itemStatus,
});

export const responseInputItemSchema = z.discriminatedUnion('type', [
  messageItem,
  functionCallItem,
  functionCallOutputItem,
  itemReference,
  reasoningItem,
]);
export type ResponseInputItem = z.infer<typeof responseInputItemSchema>;

export const functionToolSchema = z.strictObject({
  type: z.literal('function').meta({ description: '`function`: the only kind of tool Studio serves' }),
  name: z
    .string()
    .regex(FUNCTION_NAME, 'must be 1-64 letters, digits, underscores or dashes')
    .meta({ description: 'The name the model calls the function by: 1-64 letters, digits, underscores or dashes' }),
  description: z
    .string()
    .max(8_192)
    .nullable()
    .optional()
    .meta({ description: 'What the function does (at most 8,192 characters)' }),
  parameters: z.record(z.string(), z.unknown()).nullable().optional().meta({ description: 'A JSON Schema object' }),
  strict: z.boolean().nullable().optional().meta({ description: 'true = the arguments follow `parameters` exactly' }),
});
export type FunctionTool = z.infer<typeof functionToolSchema>;

const textFormat = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text').meta({ description: '`text`: free text (default)' }) }),
  z.strictObject({ type: z.literal('json_object').meta({ description: '`json_object`: one JSON object' }) }),
  z.strictObject({
    type: z.literal('json_schema').meta({ description: '`json_schema`: JSON following `schema`' }),
    name: z
      .string()
      .regex(FUNCTION_NAME, 'must be 1-64 letters, digits, underscores or dashes')
      .meta({ description: 'The name of the schema' }),
    schema: z.record(z.string(), z.unknown()).meta({ description: 'The JSON Schema of the answer' }),
    description: z.string().max(8_192).optional().meta({ description: 'What the answer is for' }),
    strict: z.boolean().nullable().optional().meta({ description: 'true = the answer follows `schema` exactly' }),
  }),
]);

const toolChoice = z.union([
  z.enum(['none', 'auto', 'required']),
  z.strictObject({
    type: z.literal('function').meta({ description: 'Always `function`' }),
    name: z.string().regex(FUNCTION_NAME).meta({ description: 'The function of `tools` the model must call' }),
  }),
]);

const ignored = (description: string) => ({ description: `${description}; accepted and not passed on` });

export const responseRequestSchema = z.strictObject({
  model: z
    .string()
    .min(1)
    .max(128)
    .optional()
    .meta({ description: `\`${AUTO_MODEL}\` (or absent), a model family, or a channel name; as for chat` }),
  input: z
    .union([z.string(), z.array(responseInputItemSchema).max(MAX_CHAT_MESSAGES)])
    .optional()
    .meta({ description: 'A text (one user message), or input items: messages, function calls and their outputs' }),
  instructions: z
    .string()
    .nullable()
    .optional()
    .meta({ description: 'A system message put first; not carried over by `previous_response_id`' }),
  tools: z
    .array(functionToolSchema)
    .max(MAX_CHAT_TOOLS)
    .optional()
    .meta({ description: "Function tools; OpenAI's built-in tools are refused" }),
  tool_choice: toolChoice.optional().meta({ description: '`none`, `auto`, `required` or `{type: "function", name}`' }),
  parallel_tool_calls: z
    .boolean()
    .nullable()
    .optional()
    .meta({ description: 'false = at most one function call per answer; passed on' }),
  text: z
    .strictObject({
      format: textFormat.optional().meta({ description: '`text` (default), `json_object` or `json_schema`' }),
      verbosity: z.enum(['low', 'medium', 'high']).nullable().optional().meta(ignored('Verbosity')),
    })
    .optional()
    .meta({ description: 'The form of the answer' }),
  max_output_tokens: z.number().int().min(1).max(1_000_000).nullable().optional().meta({
    description: 'Most tokens the answer may have (1 to 1,000,000); also bounds the credits reserved before the call',
  }),
  temperature: z.number().min(0).max(2).nullable().optional().meta({ description: 'Sampling temperature, 0 to 2' }),
  top_p: z.number().min(0).max(1).nullable().optional().meta({ description: 'Nucleus sampling, 0 to 1' }),
  stream: z.boolean().nullable().optional().meta({ description: 'true = server-sent Responses events' }),
  stream_options: z
    .strictObject({ include_obfuscation: z.boolean().optional().meta(ignored('Obfuscation')) })
    .nullable()
    .optional()
    .meta(ignored('Stream options')),
  store: z
    .boolean()
    .nullable()
    .optional()
    .meta({ description: `Keep the response ${RESPONSE_RETENTION_DAYS} days (default true)` }),
  previous_response_id: z.string().min(1).max(256).nullable().optional().meta({
    description: 'Continue a stored response: its input and output come before `input`',
  }),
  metadata: z
    .record(z.string().max(64), z.string().max(512))
    .nullable()
    .optional()
    .meta({ description: 'Key-value labels, kept with the response' }),
  user: z.string().max(256).optional().meta({ description: 'Your id of the end user, passed on to the upstream' }),
  safety_identifier: z.string().max(256).optional().meta(ignored('End-user id')),
  prompt_cache_key: z.string().max(256).optional().meta(ignored('Cache key')),
  prompt_cache_retention: z.string().max(32).nullable().optional().meta(ignored('Cache retention')),
  service_tier: z.string().max(32).nullable().optional().meta(ignored('Service tier')),
  truncation: z.enum(['auto', 'disabled']).nullable().optional().meta(ignored('Truncation')),
  include: z.array(z.string().max(128)).max(32).nullable().optional().meta(ignored('Extra output')),
  reasoning: z
    .strictObject({
      effort: z.string().max(16).nullable().optional().meta(ignored('Reasoning effort')),
      summary: z.string().max(16).nullable().optional().meta(ignored('Reasoning summary')),
      generate_summary: z.string().max(16).nullable().optional().meta(ignored('Reasoning summary')),
    })
    .nullable()
    .optional()
    .meta(ignored('Reasoning options')),
  max_tool_calls: z.number().int().min(1).nullable().optional().meta(ignored('Most built-in tool calls')),
  top_logprobs: z.number().int().min(0).max(20).nullable().optional().meta(ignored('Log probabilities')),
  background: z.boolean().nullable().optional().meta({ description: 'Only false: Studio runs no background mode' }),
  conversation: z.unknown().optional().meta({ description: 'Refused: Studio has no Conversations API' }),
  prompt: z.unknown().optional().meta({ description: 'Refused: Studio has no prompt templates of OpenAI' }),
});
export type ResponseRequest = z.infer<typeof responseRequestSchema>;
