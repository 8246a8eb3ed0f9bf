import { z } from 'zod';
import { chatMessageSchema, MAX_CHAT_CHOICES, MAX_CHAT_MESSAGES, MAX_CHAT_TOOLS } from './chat-messages';

export {
  chatMessageSchema,
  toolCallSchema,
  type ChatMessage,
  MAX_CHAT_CHOICES,
  MAX_CHAT_MESSAGES,
  MAX_CHAT_TOOLS,
} from './chat-messages';

/**
 * The routing model name: a caller that sends it lets Studio choose the model and provider for
 * every request. Callers put this constant in `model` and never a concrete model name.
 */
export const AUTO_MODEL = 'studio-auto';

/** `auto` means the same as {@link AUTO_MODEL} (spec, routing table). */
export const AUTO_ALIASES: readonly string[] = [AUTO_MODEL, 'auto'];

const FUNCTION_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

export const chatToolSchema = z.strictObject({
  type: z.literal('function').meta({ description: 'Always `function`: the only kind of tool' }),
  function: z
    .strictObject({
      name: z
        .string()
        .regex(FUNCTION_NAME, 'must be 1-64 letters, digits, underscores or dashes')
        .meta({ description: 'The name the model calls the function by: 1-64 letters, digits, underscores or dashes' }),
      description: z
        .string()
        .max(8_192)
        .optional()
        .meta({ description: 'What the function does, so the model knows when to call it (at most 8,192 characters)' }),
      parameters: z
        .record(z.string(), z.unknown())
        .optional()
        .meta({ description: "The function's arguments as a JSON Schema object; absent = no arguments" }),
      strict: z
        .boolean()
        .nullable()
        .optional()
        .meta({ description: 'true = the model must follow `parameters` exactly; passed on to the model' }),
    })
    .meta({ description: 'The function the model may call' }),
});

const toolChoice = z.union([
  z.enum(['none', 'auto', 'required']),
  z.strictObject({
    type: z.literal('function').meta({ description: 'Always `function`' }),
    function: z
      .strictObject({
        name: z.string().regex(FUNCTION_NAME).meta({ description: 'The name of one function of `tools`' }),
      })
      .meta({ description: 'The function the model must call' }),
  }),
]);

const responseFormat = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text').meta({ description: '`text`: a free text answer (default)' }) }),
  z.strictObject({
    type: z.literal('json_object').meta({ description: '`json_object`: the answer is one JSON object' }),
  }),
  z.strictObject({
    type: z
      .literal('json_schema')
      .meta({ description: '`json_schema`: the answer is JSON following `json_schema.schema`' }),
    json_schema: z
      .strictObject({
        name: z
          .string()
          .regex(FUNCTION_NAME, 'must be 1-64 letters, digits, underscores or dashes')
          .meta({ description: 'The name of the schema: 1-64 letters, digits, underscores or dashes' }),
        description: z
          .string()
          .max(8_192)
          .optional()
          .meta({ description: 'What the answer is for, to guide the model (at most 8,192 characters)' }),
        schema: z
          .record(z.string(), z.unknown())
          .optional()
          .meta({ description: 'The JSON Schema the answer follows' }),
        strict: z
          .boolean()
          .nullable()
          .optional()
          .meta({ description: 'true = the answer must follow `schema` exactly; passed on to the model' }),
      })
      .meta({ description: 'The schema of the answer' }),
  }),
]);

const tokens = z.number().int().min(1).max(1_000_000);

/**
 * A Chat Completions request as OpenAI's protocol defines it. Every parameter of the protocol that
 * Studio passes on is listed with its type and range; an unknown parameter is refused (400), as
 * OpenAI does, rather than dropped. `provider` is Studio's own (spec, routing table).
 */
export const chatRequestSchema = z.strictObject({
  /** {@link AUTO_MODEL} (or `auto`, or absent), a model family, or a channel name. */
  model: z
    .string()
    .min(1)
    .max(128)
    .optional()
    .meta({
      description:
        `\`${AUTO_MODEL}\` (or \`auto\`, or absent): Studio chooses model and provider (recommended). A model ` +
        `family name: any provider of that family may serve. A channel name: locks one provider, no fallback`,
    }),
  /** Troubleshooting only: one provider, no scoring, no fallback. */
  provider: z.string().min(1).max(128).optional().meta({
    description:
      'Troubleshooting only: the one provider to use, without scoring or fallback; `auto` or absent = routing chooses',
  }),
  messages: z
    .array(chatMessageSchema)
    .min(1, 'must hold at least one message')
    .max(MAX_CHAT_MESSAGES)
    .meta({ description: 'The conversation so far, oldest first: 1 to 2,048 messages' }),
  stream: z.boolean().nullable().optional().meta({
    description:
      'true = the answer arrives as server-sent `data:` chunks ending with `data: [DONE]`; false, null or absent = one JSON completion',
  }),
  stream_options: z
    .strictObject({
      include_usage: z
        .boolean()
        .optional()
        .meta({ description: 'true = a last chunk before `data: [DONE]` carries the token usage of the whole answer' }),
    })
    .nullable()
    .optional()
    .meta({ description: 'Options of a streamed answer; only allowed with `stream: true`' }),
  temperature: z
    .number()
    .min(0)
    .max(2)
    .nullable()
    .optional()
    .meta({ description: "Sampling temperature, 0 to 2: higher is more varied; null or absent = the model's default" }),
  top_p: z.number().min(0).max(1).nullable().optional().meta({
    description:
      "Nucleus sampling, 0 to 1: only tokens within this probability mass are considered; null or absent = the model's default",
  }),
  max_tokens: tokens
    .nullable()
    .optional()
    .meta({
      description:
        'Most tokens the answer may have (1 to 1,000,000); older name of `max_completion_tokens`, which wins ' +
        'when both are set. Also bounds the credits reserved before the call',
    }),
  max_completion_tokens: tokens.nullable().optional().meta({
    description:
      "Most tokens the answer may have (1 to 1,000,000); null or absent = the model's limit. Also bounds the credits reserved before the call",
  }),
  stop: z
    .union([z.string().max(256), z.array(z.string().max(256)).max(4)])
    .nullable()
    .optional()
    .meta({
      description:
        'Up to 4 texts (each at most 256 characters) at which the model stops writing; the stop text is not part of the answer',
    }),
  presence_penalty: z
    .number()
    .min(-2)
    .max(2)
    .nullable()
    .optional()
    .meta({ description: '-2 to 2: positive values push the model toward new topics' }),
  frequency_penalty: z
    .number()
    .min(-2)
    .max(2)
    .nullable()
    .optional()
    .meta({ description: '-2 to 2: positive values make the model repeat itself less' }),
  logit_bias: z
    .record(z.string().regex(/^\d{1,7}$/), z.number().min(-100).max(100))
    .nullable()
    .optional()
    .meta({ description: "Token id (as a string of digits) → bias from -100 to 100 added to that token's likelihood" }),
  logprobs: z.boolean().nullable().optional().meta({
    description: 'true = the answer includes the log probabilities of its tokens, when the upstream provides them',
  }),
  top_logprobs: z
    .number()
    .int()
    .min(0)
    .max(20)
    .nullable()
    .optional()
    .meta({ description: 'With `logprobs: true`: how many most likely alternatives to list for each token (0 to 20)' }),
  tools: z.array(chatToolSchema).max(MAX_CHAT_TOOLS).optional().meta({
    description:
      'Functions the model may call (at most 128); a request with tools goes only to upstreams that support tool calls',
  }),
  tool_choice: toolChoice.optional().meta({
    description:
      '`none` (never call a tool), `auto` (the model decides; default with tools), `required` (must call ' +
      "one), or `{type: 'function', function: {name}}` to force one function of `tools`",
  }),
  parallel_tool_calls: z
    .boolean()
    .optional()
    .meta({ description: 'false = the model calls at most one tool per answer; default true' }),
  response_format: responseFormat.optional().meta({
    description:
      'The form of the answer: `text` (default), `json_object`, or `json_schema`. JSON output goes only to upstreams that support it',
  }),
  seed: z
    .number()
    .int()
    .min(-(2 ** 53) + 1)
    .max(2 ** 53 - 1)
    .nullable()
    .optional()
    .meta({ description: 'Asks the model for repeatable sampling with this integer; best effort, not guaranteed' }),
  n: z
    .number()
    .int()
    .min(1)
    .max(MAX_CHAT_CHOICES)
    .nullable()
    .optional()
    .meta({ description: 'How many alternative answers to write (1 to 8; default 1); each is charged by its tokens' }),
  user: z.string().max(256).optional().meta({
    description: 'Your id of the end user (at most 256 characters), passed on to the upstream for abuse monitoring',
  }),
  metadata: z.record(z.string().max(64), z.string().max(512)).nullable().optional().meta({
    description: 'Key-value labels (keys at most 64, values at most 512 characters), passed on to the upstream',
  }),
  store: z
    .boolean()
    .nullable()
    .optional()
    .meta({ description: 'Passed on to the upstream: whether it may store the answer' }),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** OpenAI's model object, as `GET /api/models` lists it. */
export const modelObjectSchema = z.object({
  id: z.string(),
  object: z.literal('model'),
  created: z.number().int(),
  owned_by: z.string(),
});
export type ModelObject = z.infer<typeof modelObjectSchema>;
