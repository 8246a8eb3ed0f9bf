import type { OpenAPIObject, PathsObject, SchemaObject } from 'openapi3-ts/oas31';
import { z } from 'zod';
import { AUTO_MODEL } from '@/contracts/chat';
import { RESPONSE_RETENTION_DAYS, responseRequestSchema } from '@/contracts/responses';
import { ACCESS_ERRORS } from '@/server/domain/auth/guard';
import { KEY_SPEND_CAP_ERROR } from '@/server/domain/keys/kinds';
import { INSUFFICIENT_CREDITS_ERROR } from '@/server/domain/credits/ledger';
import { rateLimitedError } from '@/server/domain/limits/rate-limit';
import { declared } from '@/server/errors';
import { ROUTING_ERRORS } from '@/server/upstreams/engine';
import { ALWAYS, errorResponses } from './openapi-errors';

/**
 * OpenAI's Responses API in the OpenAPI document: served by the chat core outside trpc-to-openapi
 * (a streamed answer is not a procedure's return value), described here from the zod contract the
 * server checks requests with, with the statuses the chat core answers.
 */

const security: Record<string, string[]>[] = [{ ApiKey: [] }, { Bearer: [] }];

const OUTPUT_ITEM: SchemaObject = {
  type: 'object',
  required: ['type', 'id', 'status'],
  description:
    'A `message` item (`role: assistant`, `content` of `output_text` parts with `annotations: []`, or a `refusal`) or a ' +
    '`function_call` item (`call_id`, `name`, `arguments` as JSON text). Accepted back unchanged as input',
  properties: {
    type: { type: 'string', enum: ['message', 'function_call'], description: 'What the item is' },
    id: { type: 'string', description: '`msg_...` or `fc_...`; an `item_reference` may name it' },
    status: {
      type: 'string',
      enum: ['completed', 'incomplete', 'in_progress'],
      description: '`incomplete` when the answer was cut',
    },
    role: { type: 'string', const: 'assistant', description: 'A message: always `assistant`' },
    content: {
      type: 'array',
      items: { type: 'object' },
      description:
        'A message: `{type: "output_text", text, annotations: [], logprobs: []}` or `{type: "refusal", refusal}`',
    },
    call_id: { type: 'string', description: 'A function call: its id, which `function_call_output` answers' },
    name: { type: 'string', description: 'A function call: the function called' },
    arguments: { type: 'string', description: 'A function call: the arguments as JSON text' },
  },
};

const RESPONSE_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['id', 'object', 'created_at', 'status', 'model', 'output', 'usage'],
  properties: {
    id: { type: 'string', description: "Studio's id of the response (`resp_...`)" },
    object: { type: 'string', const: 'response', description: 'Always `response`' },
    created_at: { type: 'integer', description: 'Unix time in seconds' },
    status: {
      type: 'string',
      enum: ['completed', 'incomplete', 'failed', 'in_progress'],
      description: '`completed`, `incomplete` (cut by `max_output_tokens` or the content filter) or `failed`',
    },
    error: { type: ['object', 'null'], description: 'On `failed`: `{code, message}`' },
    incomplete_details: {
      type: ['object', 'null'],
      description: 'On `incomplete`: `{reason}`, `max_output_tokens` or `content_filter`',
    },
    model: { type: 'string', description: `\`${AUTO_MODEL}\`, or the family asked for; never a provider's model` },
    output: { type: 'array', items: OUTPUT_ITEM, description: 'The answer as output items' },
    previous_response_id: { type: ['string', 'null'], description: 'The response this one continues' },
    store: { type: 'boolean', description: `Whether it is kept ${RESPONSE_RETENTION_DAYS} days` },
    usage: {
      type: ['object', 'null'],
      description:
        '`input_tokens`, `output_tokens`, `total_tokens` and their details; the charge is computed from them',
    },
    credits: { type: 'integer', description: 'Credits the response cost (also `X-Studio-Credits` when not streamed)' },
  },
};

/** What `POST /api/responses` may answer besides its Response: chat's errors, in OpenAI's error object. */
const CREATE_ERRORS = [
  ...ACCESS_ERRORS.scoped,
  declared(
    'BAD_REQUEST',
    'Not a valid request (types, unknown parameters, a built-in tool, a file), an unknown or unstored ' +
      '`previous_response_id` or `item_reference`, or an unknown model: retrying does not help',
  ),
  ...ROUTING_ERRORS,
  INSUFFICIENT_CREDITS_ERROR,
  KEY_SPEND_CAP_ERROR,
  declared('PAYLOAD_TOO_LARGE', 'Body over the size limit'),
  declared('UNSUPPORTED_MEDIA_TYPE', 'Not JSON'),
  rateLimitedError('chat requests (per minute, per key)'),
  ...ALWAYS,
];

const RETRIEVE_ERRORS = [
  ...ACCESS_ERRORS.scoped,
  declared('NOT_FOUND', 'No stored response of yours has this id (unknown, not stored, expired or another caller’s)'),
  ...ALWAYS,
];

function responsesPaths(): PathsObject {
  return {
    '/responses': {
      post: {
        operationId: 'responses-create',
        tags: ['Chat'],
        summary: 'Create a response (OpenAI Responses API)',
        description:
          `OpenAI's Responses API: text and image input, \`instructions\`, function tools, \`text.format\` ` +
          `(JSON and JSON Schema output), \`previous_response_id\` and streaming with the Responses events. Served ` +
          `as a chat completion: routed, rate-limited and charged exactly as chat (one \`chat\` ledger row). With ` +
          `\`store\` not false the response is kept ${RESPONSE_RETENTION_DAYS} days. Built-in tools are refused.`,
        security,
        'x-studio-charges': true,
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ResponseCreateRequest' } } },
        },
        responses: {
          '200': {
            description:
              'The Response, or with `stream: true` server-sent events (`response.created` … `response.completed`)',
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/Response' } },
              'text/event-stream': { schema: { type: 'string' } },
            },
          },
          ...errorResponses(CREATE_ERRORS, 'OpenAIError'),
        },
      },
    },
    '/responses/{id}': {
      get: {
        operationId: 'responses-retrieve',
        tags: ['Chat'],
        summary: 'A stored response (OpenAI Responses API)',
        description:
          `A response made with \`store\` not false, within ${RESPONSE_RETENTION_DAYS} days, by this tenant ` +
          "(a member key: by this member). Any other id answers 404 in OpenAI's error shape.",
        security,
        parameters: [
          { name: 'id', in: 'path', required: true, description: 'The `resp_...` id', schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'The response as it was answered',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Response' } } },
          },
          ...errorResponses(RETRIEVE_ERRORS, 'OpenAIError'),
        },
      },
    },
  };
}

/** Adds the Responses paths and their schemas to the document (next to chat's). */
export function addResponsesApi(doc: OpenAPIObject): void {
  const request = z.toJSONSchema(responseRequestSchema, { io: 'input', unrepresentable: 'any' }) as SchemaObject & {
    $schema?: string;
  };
  delete request.$schema;
  doc.paths = { ...doc.paths, ...responsesPaths() };
  doc.components = doc.components ?? {};
  doc.components.schemas = { ...doc.components.schemas, ResponseCreateRequest: request, Response: RESPONSE_SCHEMA };
}
