import { z } from 'zod';

/** The most messages one request may carry, and the most choices (`n`) one request may ask for. */
export const MAX_CHAT_MESSAGES = 2_048;
export const MAX_CHAT_CHOICES = 8;
export const MAX_CHAT_TOOLS = 128;

/** The messages of a chat request, as OpenAI's Chat Completions API takes them (OpenAI's API reference). */

const name = z.string().min(1).max(256);
const nameField = name
  .optional()
  .meta({ description: 'Optional name of the author of this message (1-256 characters), passed on to the model' });

/**
 * OpenAI's prompt cache marker on a content part. Accepted as OpenAI documents it and not sent on: a
 * cache hint changes no answer, and upstreams that do not know it refuse it.
 */
const cacheBreakpoint = z
  .strictObject({ mode: z.literal('explicit').meta({ description: 'Always `explicit`' }) })
  .optional()
  .meta({ description: "OpenAI's prompt cache breakpoint; accepted and not passed on" });

const textPart = z.strictObject({
  type: z.literal('text').meta({ description: '`text`: this part is text' }),
  text: z.string().meta({ description: 'The text of this part' }),
  prompt_cache_breakpoint: cacheBreakpoint,
});
const imagePart = z.strictObject({
  type: z.literal('image_url').meta({ description: '`image_url`: this part is an image (user messages only)' }),
  image_url: z
    .strictObject({
      url: z
        .string()
        .max(30_000_000)
        .refine((u) => /^https?:\/\//i.test(u) || /^data:image\/[a-z0-9.+-]+;base64,/i.test(u), {
          error: "must be an http(s) URL or a base64 'data:image/...' URL",
        })
        .meta({
          description:
            'The image: an http(s) URL the model can fetch, or a base64 `data:image/...;base64,` URL; at most 30,000,000 characters',
        }),
      detail: z.enum(['auto', 'low', 'high']).optional().meta({
        description:
          'How closely the model looks at the image: `auto` (default), `low` or `high`; passed on to the model',
      }),
    })
    .meta({
      description: 'The image of this part. A request with an image goes only to upstreams that accept image input',
    }),
  prompt_cache_breakpoint: cacheBreakpoint,
});
const refusalPart = z.strictObject({
  type: z.literal('refusal').meta({ description: '`refusal`: this part is a refusal the assistant gave earlier' }),
  refusal: z.string().meta({ description: 'The text of the refusal' }),
});

const userContent = z
  .union([z.string(), z.array(z.discriminatedUnion('type', [textPart, imagePart])).min(1)])
  .meta({ description: 'The message: a string, or a non-empty array of text and image parts' });
const textContent = z
  .union([z.string(), z.array(textPart).min(1)])
  .meta({ description: 'The message: a string, or a non-empty array of text parts' });

const functionCall = z.strictObject({
  name: z.string().min(1).max(64).meta({ description: 'The name of the function the model called' }),
  arguments: z.string().meta({ description: 'The arguments the model gave, as a JSON text' }),
});

export const toolCallSchema = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(256)
    .meta({ description: 'The id of the tool call, as the model gave it; a `tool` message answers it by this id' }),
  type: z.literal('function').meta({ description: "`function`: a call of one of the request's functions" }),
  function: functionCall.meta({ description: 'The function the model called and its arguments' }),
});

/** OpenAI's call of a custom (free-text input) tool, as an answer of OpenAI's may carry it. */
const customToolCall = z.strictObject({
  id: z.string().min(1).max(256).meta({ description: 'The id of the tool call, as the model gave it' }),
  type: z.literal('custom').meta({ description: '`custom`: a call of a custom tool' }),
  custom: z
    .strictObject({
      name: z.string().min(1).max(64).meta({ description: 'The name of the custom tool the model called' }),
      input: z.string().meta({ description: 'The input the model gave the tool' }),
    })
    .meta({ description: 'The custom tool the model called and its input' }),
});

/** A text an answer carries that the next request may bring back; accepted and not passed on. */
const echoedOnly = (description: string) => z.string().nullable().optional().meta({ description });

export const chatMessageSchema = z.discriminatedUnion('role', [
  z.strictObject({
    role: z.literal('system').meta({ description: '`system`: instructions for the model' }),
    content: textContent,
    name: nameField,
  }),
  z.strictObject({
    role: z
      .literal('developer')
      .meta({ description: "`developer`: instructions for the model (OpenAI's newer name for `system`)" }),
    content: textContent,
    name: nameField,
  }),
  z.strictObject({
    role: z.literal('user').meta({ description: '`user`: what the end user says; may carry images' }),
    content: userContent,
    name: nameField,
  }),
  z.strictObject({
    role: z.literal('assistant').meta({
      description:
        "`assistant`: an earlier answer of the model, sent back as conversation history; an answer's `message` " +
        '(of Studio or of OpenAI) is accepted as it came',
    }),
    content: z
      .union([z.string(), z.array(z.discriminatedUnion('type', [textPart, refusalPart]))])
      .nullable()
      .optional()
      .meta({
        description:
          'The earlier answer: a string, an array of text and refusal parts, or null when the answer was only tool calls',
      }),
    name: nameField,
    refusal: z
      .string()
      .nullable()
      .optional()
      .meta({ description: 'The refusal the model gave in that answer; null or absent when none' }),
    tool_calls: z
      .array(z.discriminatedUnion('type', [toolCallSchema, customToolCall]))
      .max(MAX_CHAT_TOOLS)
      .nullable()
      .optional()
      .meta({ description: `The tool calls the model made in that answer (at most ${MAX_CHAT_TOOLS}); null = none` }),
    function_call: functionCall
      .nullable()
      .optional()
      .meta({ description: 'Deprecated by OpenAI for `tool_calls`: the function the model called; null = none' }),
    audio: z
      .strictObject({
        id: z.string().min(1).max(256).meta({ description: 'The id of an earlier audio answer of the model' }),
      })
      .nullable()
      .optional()
      .meta({ description: "OpenAI's reference to an earlier audio answer; null = none" }),
    annotations: z
      .array(z.record(z.string(), z.unknown()))
      .nullable()
      .optional()
      .meta({ description: "The answer's annotations (e.g. URL citations), as it carried them; not passed on" }),
    reasoning_content: echoedOnly("The answer's reasoning text, as some models send it; not passed on"),
    reasoning: echoedOnly("The answer's reasoning text, as some models send it; not passed on"),
  }),
  z.strictObject({
    role: z.literal('tool').meta({ description: '`tool`: the result of a tool call, for the model to continue with' }),
    content: textContent,
    tool_call_id: z.string().min(1).max(256).meta({ description: 'The `id` of the tool call this message answers' }),
    name: name.optional().meta({
      description: 'The name of the function that was called (sent by LangChain and others); not passed on',
    }),
  }),
  z.strictObject({
    role: z.literal('function').meta({
      description: "`function`: deprecated by OpenAI for `tool`: the result of an assistant's `function_call`",
    }),
    content: z.string().nullable().meta({ description: 'The result of the function' }),
    name: z.string().min(1).max(64).meta({ description: 'The name of the function that was called' }),
  }),
]);
export type ChatMessage = z.infer<typeof chatMessageSchema>;
