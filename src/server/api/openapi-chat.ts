import type { PathsObject, SchemaObject } from 'openapi3-ts/oas31';
import { z } from 'zod';
import { AUTO_MODEL, chatRequestSchema } from '@/contracts/chat';
import { ACCESS_ERRORS } from '@/server/domain/auth/guard';
import { KEY_SPEND_CAP_ERROR } from '@/server/domain/keys/kinds';
import { INSUFFICIENT_CREDITS_ERROR } from '@/server/domain/credits/ledger';
import { rateLimitedError } from '@/server/domain/limits/rate-limit';
import { declared } from '@/server/errors';
import { ROUTING_ERRORS } from '@/server/upstreams/engine';
import { ALWAYS, errorResponses } from './openapi-errors';

/**
 * The chat surface in the OpenAPI document. It is served outside trpc-to-openapi (a streamed answer
 * is not a procedure's return value), so its paths are described here from the same zod contract
 * the server checks requests with.
 */

export const OPENAI_ERROR_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['error'],
  description: "OpenAI's error object, so the OpenAI SDKs raise their typed errors",
  properties: {
    error: {
      type: 'object',
      required: ['message', 'type', 'code'],
      properties: {
        message: { type: 'string' },
        type: {
          type: 'string',
          examples: ['invalid_request_error', 'insufficient_quota', 'permission_error', 'requests', 'server_error'],
        },
        param: { type: ['string', 'null'] },
        code: {
          type: 'string',
          examples: [
            'invalid_request',
            'invalid_api_key',
            'insufficient_credits',
            'permission_denied',
            'rate_limit_exceeded',
            'upstream_unavailable',
          ],
        },
      },
    },
  },
};

const COMPLETION_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['id', 'object', 'created', 'model', 'choices', 'usage', 'credits'],
  properties: {
    id: { type: 'string', description: "Studio's id of this answer (`chatcmpl-...`)" },
    object: { type: 'string', const: 'chat.completion', description: 'Always `chat.completion`' },
    created: { type: 'integer', description: 'When the answer was made, Unix time in seconds' },
    model: {
      type: 'string',
      description: `\`${AUTO_MODEL}\`, or the family the caller asked for; never a provider's model`,
    },
    choices: {
      type: 'array',
      description: 'The answers, one per choice asked for with `n` (default 1)',
      items: {
        type: 'object',
        properties: {
          index: { type: 'integer', description: 'Position of this choice, from 0' },
          message: {
            type: 'object',
            description: "The model's message",
            properties: {
              role: { type: 'string', description: 'Always `assistant`' },
              content: {
                type: ['string', 'null'],
                description: 'The text of the answer; null when the model only called tools',
              },
              tool_calls: {
                type: 'array',
                items: { type: 'object' },
                description:
                  'The tools the model calls, each `{id, type: "function", function: {name, arguments}}` (arguments as JSON text); absent when none',
              },
            },
          },
          finish_reason: {
            type: ['string', 'null'],
            description:
              'Why the model stopped: `stop` (done or a stop text), `length` (token limit reached), `tool_calls`, `content_filter`',
          },
        },
      },
    },
    usage: {
      type: 'object',
      description: 'Tokens of this request; the charge is computed from them',
      properties: {
        prompt_tokens: { type: 'integer', description: 'Tokens of the messages sent' },
        completion_tokens: { type: 'integer', description: 'Tokens of the answer, all choices together' },
        total_tokens: { type: 'integer', description: 'prompt_tokens + completion_tokens' },
      },
    },
    credits: { type: 'integer', description: 'Credits this answer cost (also in the `X-Studio-Credits` header)' },
  },
};

const MODEL_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['id', 'object', 'created', 'owned_by'],
  properties: {
    id: { type: 'string', description: `The model name to put in \`model\`: \`${AUTO_MODEL}\` or a chat family` },
    object: { type: 'string', const: 'model', description: 'Always `model`' },
    created: { type: 'integer', description: 'Unix time in seconds (a fixed date; kept for OpenAI compatibility)' },
    owned_by: { type: 'string', description: 'Always `studio`; never the provider' },
  },
};

const security: Record<string, string[]>[] = [{ ApiKey: [] }, { Bearer: [] }];

/** What both chat doors answer besides success (src/server/edge/chat/serve.ts, domain/chat/). */
const CHAT_ERRORS = [
  ...ACCESS_ERRORS.scoped,
  declared(
    'BAD_REQUEST',
    'Not a valid request (types, ranges, unknown parameters, not JSON) or an unknown model: retrying does not help',
  ),
  ...ROUTING_ERRORS,
  INSUFFICIENT_CREDITS_ERROR,
  KEY_SPEND_CAP_ERROR,
  declared('PAYLOAD_TOO_LARGE', 'Body over the size limit'),
  declared('UNSUPPORTED_MEDIA_TYPE', 'Not JSON'),
  rateLimitedError('chat requests (per minute, per key)'),
  ...ALWAYS,
];

/** What listing or reading the chat models answers besides success. */
const MODEL_ERRORS = [...ACCESS_ERRORS.scoped, ...ALWAYS];

function completionOperation(operationId: string, summary: string, description: string, errorRef: string) {
  return {
    post: {
      operationId,
      tags: ['Chat'],
      summary,
      description,
      security,
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ChatCompletionRequest' } } },
      },
      responses: {
        '200': {
          description:
            'The answer: one JSON completion, or with `stream: true` server-sent `data:` chunks ending with `data: [DONE]`',
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/ChatCompletion' } },
            'text/event-stream': { schema: { type: 'string' } },
          },
        },
        ...errorResponses(CHAT_ERRORS, errorRef),
      },
    },
  };
}

export function chatPaths(): PathsObject {
  return {
    '/chat/completions': completionOperation(
      'chat-completions',
      'Chat (OpenAI-compatible)',
      `OpenAI's Chat Completions: point an OpenAI SDK at {base_url} with a Studio key and model ` +
        `\`${AUTO_MODEL}\`. Streaming, image inputs, tools and JSON output pass through; the upstream is ` +
        `chosen by routing and never named. Charged by tokens (docs: Chat → Charging). Errors use OpenAI's ` +
        `error object.`,
      'OpenAIError',
    ),
    '/chat': completionOperation(
      'chat',
      'Chat (Studio error convention)',
      "The same request and answer as `/chat/completions`; errors use Studio's `{ok: false, error, code}`.",
      'Error',
    ),
    '/models': {
      get: {
        operationId: 'models-list',
        tags: ['Chat'],
        summary: 'Chat models (OpenAI list)',
        description: `\`${AUTO_MODEL}\` first (use it), then the chat families a caller may ask for by name.`,
        security,
        responses: {
          '200': {
            description: 'The list',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['object', 'data'],
                  properties: {
                    object: { type: 'string', const: 'list', description: 'Always `list`' },
                    data: {
                      type: 'array',
                      items: { $ref: '#/components/schemas/Model' },
                      description: `The models: \`${AUTO_MODEL}\` first, then the chat families`,
                    },
                  },
                },
              },
            },
          },
          ...errorResponses(MODEL_ERRORS, 'OpenAIError'),
        },
      },
    },
    '/models/{id}': {
      get: {
        operationId: 'models-retrieve',
        tags: ['Chat'],
        summary: 'One chat model (OpenAI retrieve)',
        description:
          'The model `id` names, as `GET /api/models` lists it; an id you may not use answers 404 in OpenAI’s error shape.',
        security,
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            description: `A model id from \`GET /api/models\`, e.g. \`${AUTO_MODEL}\``,
            schema: { type: 'string' },
          },
        ],
        responses: {
          '200': {
            description: 'The model',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Model' } } },
          },
          ...errorResponses([...MODEL_ERRORS, declared('NOT_FOUND', 'Not a model of this list')], 'OpenAIError'),
        },
      },
    },
  };
}

export function chatSchemas(): Record<string, SchemaObject> {
  const request = z.toJSONSchema(chatRequestSchema, { io: 'input', unrepresentable: 'any' }) as SchemaObject & {
    $schema?: string;
  };
  delete request.$schema;
  return {
    ChatCompletionRequest: request,
    ChatCompletion: COMPLETION_SCHEMA,
    Model: MODEL_SCHEMA,
    OpenAIError: OPENAI_ERROR_SCHEMA,
  };
}
