import type { OperationObject, PathsObject, SchemaObject, SecurityRequirementObject } from 'openapi3-ts/oas31';
import { z } from 'zod';
import { AUTO_MODEL } from '@/contracts/chat';
import { imageEditFormSchema, imageEditJsonSchema, imageGenerationSchema, SIZES_TEXT } from '@/contracts/images';
import { MAX_REFERENCE_IMAGES } from '@/contracts/jobs';
import { OPENAI_ERROR_SCHEMA } from './openapi-chat';

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
        type: 'array',
        maxItems: MAX_REFERENCE_IMAGES,
        items: { type: 'string', contentMediaType: 'application/octet-stream' },
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

const error = (description: string, schema = 'OpenAIError') => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
});

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
        '400': error(
          `A field refused (\`param\` names it): an unknown model, a size not made (${SIZES_TEXT}), a capability ` +
            'no upstream has (transparent background, mask), a missing form field; do not retry',
        ),
        '401': error('Missing or invalid key'),
        '402': error('Not enough credits'),
        '403': error('A gated template, or a key that may not use it'),
        '404': error('Another path under /api/images'),
        '409': error('An Idempotency-Key already used with another body'),
        '413': error('A body or file over its limit'),
        '415': error('Another media type than the operation takes'),
        '429': error('Over the image rate limit; Retry-After says when'),
        '503': error('No upstream can take it now, or the job failed upstream (refunded); retry later'),
        '504': error(
          'Not ready within STUDIO_IMAGES_WAIT_S: the jobs run on, charged once; fetch them (error.job_ids) or repeat ' +
            'with the same Idempotency-Key. Sent with x-should-retry: false',
          'ImagesPending',
        ),
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
