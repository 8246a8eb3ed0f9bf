import type { OperationObject, PathsObject, SchemaObject, SecurityRequirementObject } from 'openapi3-ts/oas31';
import { z } from 'zod';
import { AUTO_MODEL } from '@/contracts/chat';
import { imageEditFormSchema, imageEditJsonSchema, imageGenerationSchema, SIZES_TEXT } from '@/contracts/images';
import { MAX_REFERENCE_IMAGES } from '@/contracts/jobs';
import { ACCESS_ERRORS } from '@/server/domain/auth/guard';
import { KEY_SPEND_CAP_ERROR } from '@/server/domain/keys/kinds';
import { INSUFFICIENT_CREDITS_ERROR } from '@/server/domain/credits/ledger';
import { rateLimitedError } from '@/server/domain/limits/rate-limit';
import { declared } from '@/server/errors';
import { OPENAI_ERROR_SCHEMA } from './openapi-chat';
import { ALWAYS, errorResponses } from './openapi-errors';

/**
 * OpenAI's Images API in the OpenAPI document (`src/server/edge/images/serve.ts` serves it outside
 * tRPC: it waits for jobs and answers OpenAI's shapes), written from the zod contract the server
 * checks requests with (`src/contracts/images.ts`).
 */

const jsonSchemaOf = (schema: z.ZodType): SchemaObject => {
  const out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as SchemaObject & { $schema?: string };
  delete out.$schema;
  return out;
};

const IMAGES_RESPONSE: SchemaObject = {
  type: 'object',
  required: ['created', 'data', 'output_format', 'quality', 'studio'],
  properties: {
    created: { type: 'integer', description: 'When the request was accepted, Unix time in seconds' },
    data: {
      type: 'array',
      description: 'The images made, one per job that succeeded (a failed job of a batch is refunded and left out)',
      items: {
        type: 'object',
        description: 'One image: `url` or `b64_json`, as `response_format` asked',
        properties: {
          url: { type: 'string', description: 'Studio’s address of the result (response_format url)' },
          b64_json: { type: 'string', description: 'The image itself, base64 (response_format b64_json)' },
        },
      },
    },
    background: { type: 'string', enum: ['transparent', 'opaque'], description: 'The background asked for, if any' },
    output_format: {
      type: 'string',
      enum: ['png', 'jpeg', 'webp'],
      description: 'The format of the images answered',
    },
    quality: { type: 'string', description: 'The quality made: low, medium or high' },
    studio: {
      type: 'object',
      description: 'Studio’s own facts: the jobs, as GET /api/jobs shows them, and what they cost',
      required: ['job_ids', 'batch_id', 'credits'],
      properties: {
        job_ids: { type: 'array', items: { type: 'string' }, description: 'The jobs made, in order' },
        batch_id: { type: ['string', 'null'], description: 'The batch when n > 1' },
        credits: { type: 'integer', description: 'Credits charged, less what failed jobs gave back' },
      },
    },
  },
};

const PENDING_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['error'],
  description: 'OpenAI’s error object, with the jobs still being made',
  properties: {
    error: {
      type: 'object',
      description: 'What happened and where the jobs are',
      required: ['message', 'type', 'code', 'job_ids'],
      properties: {
        message: { type: 'string', description: 'What to do: fetch the jobs, or repeat with the same Idempotency-Key' },
        type: { type: 'string', description: 'Always `server_error`' },
        param: { type: ['string', 'null'], description: 'Always null' },
        code: { type: 'string', const: 'job_pending', description: 'Always `job_pending`' },
        job_ids: { type: 'array', items: { type: 'string' }, description: 'The jobs, for GET /api/jobs?id=' },
        batch_id: { type: ['string', 'null'], description: 'The batch when n > 1' },
      },
    },
  },
};

const EDIT_FORM: SchemaObject = (() => {
  const form = jsonSchemaOf(imageEditFormSchema);
  const input = form.properties?.input as SchemaObject | undefined;
  return {
    ...form,
    required: ['image', 'prompt'],
    properties: {
      image: {
        anyOf: [
          { type: 'string', contentMediaType: 'application/octet-stream' },
          {
            type: 'array',
            maxItems: MAX_REFERENCE_IMAGES,
            items: { type: 'string', contentMediaType: 'application/octet-stream' },
          },
        ],
        description:
          'The images (field `image` or `image[]`, repeated): png, jpg, webp or gif up to 8 MB each, stored as your uploads',
      },
      mask: {
        type: 'string',
        contentMediaType: 'application/octet-stream',
        description: 'Mask over the first image: white is repainted (400 while no upstream can)',
      },
      ...form.properties,
      input: { type: 'string', description: input?.description ?? 'A JSON object of the recipe’s other fields' },
    },
  };
})();

const security: SecurityRequirementObject[] = [{ ApiKey: [] }, { Bearer: [] }];

/** What the two operations may answer besides the images, in OpenAI's error object (504 apart: it carries the jobs). */
const IMAGES_ERRORS = [
  ...ACCESS_ERRORS.scoped,
  declared(
    'BAD_REQUEST',
    `A field refused (\`param\` names it): an unknown model, a size not made (${SIZES_TEXT}), a capability ` +
      'no upstream has (transparent background, mask), a missing form field, or the job failed on its input ' +
      '(refunded); do not retry',
  ),
  INSUFFICIENT_CREDITS_ERROR,
  KEY_SPEND_CAP_ERROR,
  declared('FORBIDDEN', 'A gated template, or a key that may not use it'),
  declared('NOT_FOUND', 'Another path under /api/images'),
  declared('CONFLICT', 'An Idempotency-Key already used with another body'),
  declared('PAYLOAD_TOO_LARGE', 'A body or file over its limit'),
  declared('UNSUPPORTED_MEDIA_TYPE', 'Another media type than the operation takes'),
  rateLimitedError('images (per hour, per tenant, batch items counted)'),
  declared('UNAVAILABLE', 'No upstream can take it now, or the job failed upstream (refunded); retry later'),
  ...ALWAYS,
];

function operation(id: string, summary: string, description: string, body: OperationObject['requestBody']) {
  return {
    post: {
      operationId: id,
      tags: ['OpenAI Images API'],
      summary,
      description,
      security,
      requestBody: body,
      responses: {
        '200': {
          description: 'The images',
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/ImagesResponse' },
            },
          },
        },
        ...errorResponses(IMAGES_ERRORS, 'OpenAIError'),
        '504': {
          description:
            'Not ready within STUDIO_IMAGES_WAIT_S: the jobs run on, charged once; fetch them (error.job_ids) or repeat ' +
            'with the same Idempotency-Key. Sent with x-should-retry: false',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ImagesPending' } } },
        },
      },
    },
  };
}

export function imagesPaths(): PathsObject {
  const common =
    `OpenAI's Images API with a Studio key: \`model\` is \`${AUTO_MODEL}\`, a family or channel name, ` +
    '`template:<slug or id>` or `skill:<slug>` (`prompt` fills the first field, `input` the others). Submitted as ' +
    '/api/generate (n > 1 as /api/generate-batch: charges, limits, Idempotency-Key, callbacks alike), then waits for ' +
    'the job(s) up to STUDIO_IMAGES_WAIT_S (default 120 s). A caller that disconnects does not cancel the job.';
  return {
    '/images/generations': operation('images-generations', 'Generate images (OpenAI Images API)', common, {
      required: true,
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/ImageGenerationRequest' },
        },
      },
    }),
    '/images/edits': operation(
      'images-edits',
      'Edit or draw from images (OpenAI Images API)',
      `${common} The images become reference images (with a mask: the first is the masked image).`,
      {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { $ref: '#/components/schemas/ImageEditForm' },
          },
          'application/json': {
            schema: { $ref: '#/components/schemas/ImageEditRequest' },
          },
        },
      },
    ),
  };
}

export function imagesSchemas(): Record<string, SchemaObject> {
  return {
    ImageGenerationRequest: jsonSchemaOf(imageGenerationSchema),
    ImageEditRequest: jsonSchemaOf(imageEditJsonSchema),
    ImageEditForm: EDIT_FORM,
    ImagesResponse: IMAGES_RESPONSE,
    ImagesPending: PENDING_SCHEMA,
    OpenAIError: OPENAI_ERROR_SCHEMA,
  };
}
