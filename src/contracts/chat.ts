import { z } from 'zod';

/**
 * The routing model name: a caller that sends it lets Studio choose the model and provider for
 * every request. Callers put this constant in `model` and never a concrete model name.
 */
export const AUTO_MODEL = 'studio-auto';

/** `auto` means the same as {@link AUTO_MODEL} (spec, routing table). */
export const AUTO_ALIASES: readonly string[] = [AUTO_MODEL, 'auto'];

/** The most messages one request may carry, and the most choices (`n`) one request may ask for. */
export const MAX_CHAT_MESSAGES = 2_048;
export const MAX_CHAT_CHOICES = 8;
export const MAX_CHAT_TOOLS = 128;

const name = z.string().min(1).max(256);

const textPart = z.strictObject({ type: z.literal('text'), text: z.string() });
const imagePart = z.strictObject({
  type: z.literal('image_url'),
  image_url: z.strictObject({
    url: z
      .string()
      .max(30_000_000)
      .refine((u) => /^https?:\/\//i.test(u) || /^data:image\/[a-z0-9.+-]+;base64,/i.test(u), {
        error: "must be an http(s) URL or a base64 'data:image/...' URL",
      }),
    detail: z.enum(['auto', 'low', 'high']).optional(),
  }),
});
const refusalPart = z.strictObject({ type: z.literal('refusal'), refusal: z.string() });

const userContent = z.union([z.string(), z.array(z.discriminatedUnion('type', [textPart, imagePart])).min(1)]);
const textContent = z.union([z.string(), z.array(textPart).min(1)]);

export const toolCallSchema = z.strictObject({
  id: z.string().min(1).max(256),
  type: z.literal('function'),
  function: z.strictObject({ name: z.string().min(1).max(64), arguments: z.string() }),
});

export const chatMessageSchema = z.discriminatedUnion('role', [
  z.strictObject({ role: z.literal('system'), content: textContent, name: name.optional() }),
  z.strictObject({ role: z.literal('developer'), content: textContent, name: name.optional() }),
  z.strictObject({ role: z.literal('user'), content: userContent, name: name.optional() }),
  z.strictObject({
    role: z.literal('assistant'),
    content: z.union([z.string(), z.array(z.discriminatedUnion('type', [textPart, refusalPart]))]).nullable().optional(),
    name: name.optional(),
    refusal: z.string().nullable().optional(),
    tool_calls: z.array(toolCallSchema).max(MAX_CHAT_TOOLS).optional(),
  }),
  z.strictObject({ role: z.literal('tool'), content: textContent, tool_call_id: z.string().min(1).max(256) }),
]);
export type ChatMessage = z.infer<typeof chatMessageSchema>;

const FUNCTION_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

export const chatToolSchema = z.strictObject({
  type: z.literal('function'),
  function: z.strictObject({
    name: z.string().regex(FUNCTION_NAME, 'must be 1-64 letters, digits, underscores or dashes'),
    description: z.string().max(8_192).optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
    strict: z.boolean().nullable().optional(),
  }),
});

const toolChoice = z.union([
  z.enum(['none', 'auto', 'required']),
  z.strictObject({ type: z.literal('function'), function: z.strictObject({ name: z.string().regex(FUNCTION_NAME) }) }),
]);

const responseFormat = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text') }),
  z.strictObject({ type: z.literal('json_object') }),
  z.strictObject({
    type: z.literal('json_schema'),
    json_schema: z.strictObject({
      name: z.string().regex(FUNCTION_NAME, 'must be 1-64 letters, digits, underscores or dashes'),
      description: z.string().max(8_192).optional(),
      schema: z.record(z.string(), z.unknown()).optional(),
      strict: z.boolean().nullable().optional(),
    }),
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
  model: z.string().min(1).max(128).optional(),
  /** Troubleshooting only: one provider, no scoring, no fallback. */
  provider: z.string().min(1).max(128).optional(),
  messages: z.array(chatMessageSchema).min(1, 'must hold at least one message').max(MAX_CHAT_MESSAGES),
  stream: z.boolean().nullable().optional(),
  stream_options: z.strictObject({ include_usage: z.boolean().optional() }).nullable().optional(),
  temperature: z.number().min(0).max(2).nullable().optional(),
  top_p: z.number().min(0).max(1).nullable().optional(),
  max_tokens: tokens.nullable().optional(),
  max_completion_tokens: tokens.nullable().optional(),
  stop: z.union([z.string().max(256), z.array(z.string().max(256)).max(4)]).nullable().optional(),
  presence_penalty: z.number().min(-2).max(2).nullable().optional(),
  frequency_penalty: z.number().min(-2).max(2).nullable().optional(),
  logit_bias: z.record(z.string().regex(/^\d{1,7}$/), z.number().min(-100).max(100)).nullable().optional(),
  logprobs: z.boolean().nullable().optional(),
  top_logprobs: z.number().int().min(0).max(20).nullable().optional(),
  tools: z.array(chatToolSchema).max(MAX_CHAT_TOOLS).optional(),
  tool_choice: toolChoice.optional(),
  parallel_tool_calls: z.boolean().optional(),
  response_format: responseFormat.optional(),
  seed: z.number().int().min(-(2 ** 53) + 1).max(2 ** 53 - 1).nullable().optional(),
  n: z.number().int().min(1).max(MAX_CHAT_CHOICES).nullable().optional(),
  user: z.string().max(256).optional(),
  metadata: z.record(z.string().max(64), z.string().max(512)).nullable().optional(),
  store: z.boolean().nullable().optional(),
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
