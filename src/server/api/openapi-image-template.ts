import type { OperationObject, SchemaObject } from 'openapi3-ts/oas31';
import { z } from 'zod';
import { conversionAnswerSchema, conversionOptionsSchema, TEMPLATE_VARIABLE_NAMES } from '@/contracts/image-template';
import { ACCESS_ERRORS } from '@/server/domain/auth/guard';
import { imageWorkErrors } from '@/server/domain/reading/admission';
import { IMAGE_INPUT_ERRORS } from '@/server/domain/reading/image-input';
import { IMAGE_CHECK_ERRORS } from '@/server/domain/uploads/image-check';
import { declared } from '@/server/errors';
import { ALWAYS, errorResponses } from './openapi-errors';

/**
 * `POST /api/image-to-template` in the OpenAPI document: a hand-written operation (it takes JSON or a
 * multipart file, outside tRPC) whose schemas come from the same contracts the handler parses with.
 */

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): SchemaObject {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as SchemaObject & { $schema?: string };
  delete json.$schema;
  return json;
}

export function imageTemplateSchemas(): Record<string, SchemaObject> {
  return {
    ImageToTemplateAnswer: schemaOf(conversionAnswerSchema, 'output'),
    ImageToTemplateSubmitted: {
      type: 'object',
      required: ['ok', 'jobId', 'status', 'async'],
      properties: {
        ok: { type: 'boolean', const: true },
        jobId: {
          type: 'string',
          format: 'uuid',
          description:
            'The job: follow it with GET /api/jobs?id=, the jobs stream, and GET /api/image-to-template?job_id=',
        },
        status: { type: 'string', const: 'pending', description: 'Always `pending`' },
        async: { type: 'boolean', const: true, description: 'Always true: the conversion runs as a job' },
      },
    },
  };
}

export function imageTemplatePost(): OperationObject {
  const options = schemaOf(conversionOptionsSchema, 'input');
  const json: SchemaObject = {
    ...options,
    properties: {
      image_url: {
        type: 'string',
        format: 'uri',
        maxLength: 2048,
        description: 'The image: a public http(s) address, or the URL of a file Studio serves that is yours',
      },
      ...options.properties,
    },
  };
  const form: SchemaObject = {
    type: 'object',
    required: ['file'],
    properties: {
      file: { type: 'string', format: 'binary', description: 'The image file: png, jpg or webp, at most 6 MB' },
      variables: { type: 'string', description: 'Repeated fields, a comma-separated list or a JSON array' },
      variable_labels: { type: 'string', description: 'A JSON object' },
      create_template: {
        type: 'string',
        enum: ['true', 'false'],
        description: '`true` = also create the template (runs asynchronously)',
      },
      template: { type: 'string', description: 'A JSON object {zh_name, slug, category, domain}' },
      async: { type: 'string', enum: ['true', 'false'], description: '`true` = answer at once with a job to follow' },
    },
  };
  return {
    operationId: 'image-to-template',
    tags: ['Images'],
    summary: 'Turn an image into a template draft (or a template)',
    description:
      `Exactly one of \`image_url\` (JSON) or a multipart \`file\`, read as for POST /api/reverse (png, jpg ` +
      `or webp by the bytes, at most 6 MB). Synchronous (answers within ${40} s, else 504 and refunded) ` +
      `unless \`create_template\` or \`async\` is true: then \`{ok, jobId, status: "pending", async: ` +
      `true}\` at once; follow it with GET /api/jobs?id=, the jobs stream, and GET ` +
      `/api/image-to-template?job_id=. Variables come only from the platform's names ` +
      `(${TEMPLATE_VARIABLE_NAMES.join(', ')}); \`variables\` narrows them; several texts of one role are ` +
      `\`{role}\`, \`{role_2}\`, \`{role_3}\`. \`variable_labels\` changes \`fields[].label\` only. A taken ` +
      `\`template.slug\` is 409 and never overwrites. Charged \`STUDIO_PRICES.image_to_template\` credits ` +
      `under \`reverse\`; refunded in full when the image could not be read, by half when the text layers ` +
      `could not. Tenant key only: member keys 403.`,
    security: [{ ApiKey: [] }, { Bearer: [] }],
    requestBody: {
      required: true,
      content: { 'application/json': { schema: json }, 'multipart/form-data': { schema: form } },
    },
    responses: {
      '200': {
        description: 'The conversion (synchronous), or the job that runs it (asynchronous)',
        content: {
          'application/json': {
            schema: {
              oneOf: [
                { $ref: '#/components/schemas/ImageToTemplateAnswer' },
                { $ref: '#/components/schemas/ImageToTemplateSubmitted' },
              ],
            },
          },
        },
      },
      ...errorResponses([
        ...ACCESS_ERRORS.organization,
        ...IMAGE_INPUT_ERRORS,
        declared('BAD_REQUEST', 'A variable name outside the list'),
        ...IMAGE_CHECK_ERRORS,
        ...imageWorkErrors('image_template'),
        declared('CONFLICT', '`template.slug` is taken; nothing was created or charged'),
        declared('UNAVAILABLE', 'Every vision upstream failed to read the image; refunded'),
        declared('GATEWAY_TIMEOUT', 'A synchronous conversion did not finish in time; refunded'),
        ...ALWAYS,
      ]),
    },
  };
}
