import type { SchemaObject } from 'openapi3-ts/oas31';
import { z } from 'zod';
import { REMOVED_REVERSE_PARAMS, reverseAnswerSchema } from '@/contracts/reading';
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { ACCESS_ERRORS } from '@/server/domain/auth/guard';
import { imageWorkErrors } from '@/server/domain/reading/admission';
import { IMAGE_INPUT_ERRORS } from '@/server/domain/reading/image-input';
import { allowedList } from '@/server/domain/uploads/file-types';
import { IMAGE_CHECK_ERRORS } from '@/server/domain/uploads/image-check';
import { UPLOAD_ERRORS } from '@/server/domain/uploads/uploads';
import { declared } from '@/server/errors';
import { actionBodyUnion } from './action-map';
import { chatPaths, chatSchemas } from './openapi-chat';
import { addResponsesApi } from './openapi-responses';
import { imagesPaths, imagesSchemas } from './openapi-images';
import { imageTemplatePost, imageTemplateSchemas } from './openapi-image-template';
import { ALWAYS, errorResponses } from './openapi-errors';
import { completeReference } from './openapi-reference';
import { appRouter } from './root';
import type { StudioMeta } from './trpc';

const ERROR_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['ok', 'error', 'code', 'reason'],
  properties: {
    ok: { type: 'boolean', const: false },
    error: { type: 'string', description: 'What went wrong, written for the caller' },
    code: { type: 'string', description: 'Machine-readable class of the status, e.g. BAD_REQUEST, FORBIDDEN' },
    reason: {
      type: 'string',
      description:
        'Machine-readable cause, finer than `code` (e.g. validation, insufficient_credits, capability_unsupported); stable for programs',
    },
    issues: {
      type: 'array',
      description: 'Validation errors only: each refused field, its path in the body and what is wrong',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: {
          path: { type: 'array', items: { type: ['string', 'integer'] } },
          message: { type: 'string' },
        },
      },
    },
    request_id: {
      type: 'string',
      description:
        'The id of the request (also its `X-Request-Id` header): the caller’s own when it sent a usable one, else made by Studio',
    },
  },
};

let cached: OpenAPIObject | undefined;

/**
 * The OpenAPI 3.1 document of the REST surface, generated from the procedures' contracts.
 * Error responses are rewritten to the one error body every endpoint really sends.
 */
export function openApiDocument(baseUrl: string): OpenAPIObject {
  cached ??= buildDocument();
  return { ...cached, servers: [{ url: `${baseUrl}/api` }] };
}

/** Procedures whose body is an action table: the document shows it as a union told apart by `action`. */
function actionBodies(): { name: string; path: string; method: string; schema: z.ZodType }[] {
  // At run time `procedures` is flat ('admin.action' → procedure), whatever its declared type says.
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: StudioMeta } }>;
  return Object.entries(procedures).flatMap(([key, procedure]) => {
    const meta = procedure._def.meta;
    if (!meta?.actions || !meta.openapi) return [];
    // Named after the REST operation id where one is set (it outlives a renamed router key), else after the key.
    const id = meta.openapi.operationId ?? key;
    const name = `${id
      .split(/[.-]/)
      .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
      .join('')}Body`;
    // A request body: defaults make fields optional for the caller (`input`), not required as in answers.
    const schema = actionBodyUnion(meta.actions).meta({ unusedIO: 'input' });
    return [{ name, path: meta.openapi.path, method: meta.openapi.method.toLowerCase(), schema }];
  });
}

/** Operations whose REST answer is a file (`file` in the meta): their 200 is that type, a string. */
function fileAnswers(doc: OpenAPIObject): void {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: StudioMeta } }>;
  for (const procedure of Object.values(procedures)) {
    const meta = procedure._def.meta;
    if (!meta?.file || !meta.openapi) continue;
    const op = (
      doc.paths?.[meta.openapi.path] as Record<string, { responses?: Record<string, unknown> }> | undefined
    )?.[meta.openapi.method.toLowerCase()];
    if (op?.responses)
      op.responses['200'] = {
        description: 'The file (UTF-8, a header row first), sent as an attachment',
        content: { [meta.file]: { schema: { type: 'string' } } },
      };
  }
}

function buildDocument(): OpenAPIObject {
  const unions = actionBodies();
  const doc = generateOpenApiDocument(appRouter, {
    defs: Object.fromEntries(unions.map((u) => [u.name, u.schema])),
    title: 'Studio API',
    version: '1.0.0',
    description:
      'Multi-tenant AI generation service. Authenticate with `X-API-Key: sk-studio-...` or `Authorization: ' +
      'Bearer sk-studio-...`. Every error is JSON `{ok: false, error, code, reason}`; a refused body adds ' +
      '`issues: [{path, message}]`, one per refused field.',
    baseUrl: '/api',
    securitySchemes: {
      ApiKey: {
        type: 'apiKey',
        in: 'header',
        name: 'X-API-Key',
        description: 'Tenant, member or super-administrator key',
      },
      Bearer: { type: 'http', scheme: 'bearer', description: 'The same key as a bearer token' },
    },
  });
  // Plain route handlers outside trpc-to-openapi, described by hand.
  doc.paths = {
    ...doc.paths,
    '/image-to-template': { ...doc.paths?.['/image-to-template'], post: imageTemplatePost() },
    '/upload-ref': {
      post: {
        operationId: 'uploads-proxy',
        tags: ['Uploads'],
        summary: 'Upload a file (reference image, audio or video)',
        description:
          `multipart/form-data with \`file\` and optional \`workspace_id\`. The type is decided from the ` +
          `leading bytes, not the name or declared type (${allowedList()}); unrecognised bytes: 400; over the ` +
          `limit of its type: 413, and nothing is stored. Streams to the store. 120 files per hour per owner ` +
          `(the tenant for its key, the member for a member key): 429 with Retry-After.`,
        security: [{ ApiKey: [] }, { Bearer: [] }],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: {
                  file: {
                    type: 'string',
                    format: 'binary',
                    description: 'The file: image, audio or video, its type decided from the leading bytes',
                  },
                  workspace_id: {
                    type: 'string',
                    pattern: '^[A-Za-z0-9_-]{1,64}$',
                    description: 'Optional sub-folder of your uploads (1-64 letters, digits, underscores or dashes)',
                  },
                },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'Stored',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['ok', 'url', 'media_type', 'mime', 'key', 'size'],
                  properties: {
                    ok: { type: 'boolean', const: true },
                    url: { type: 'string', description: 'Public address of the file; pass it as a reference URL' },
                    media_type: {
                      type: 'string',
                      enum: ['image', 'audio', 'video'],
                      description: 'The type, decided from the bytes',
                    },
                    mime: {
                      type: 'string',
                      description: 'The MIME type, decided from the bytes (a jpeg named .png is stored as jpg)',
                    },
                    key: { type: 'string', description: 'The stored object key' },
                    size: { type: 'integer', description: 'Size of the stored file, bytes' },
                  },
                },
              },
            },
          },
          ...errorResponses([...ACCESS_ERRORS.scoped, ...UPLOAD_ERRORS, ...IMAGE_CHECK_ERRORS, ...ALWAYS]),
        },
      },
    },
    '/reverse': {
      post: {
        operationId: 'reverse',
        tags: ['Images'],
        summary: 'Read an image (synchronous, one model call)',
        description:
          `Exactly one of \`image_url\` (JSON body; any public http(s) address, fetched by Studio with its ` +
          `address checked and the connection pinned, or a file Studio serves that is yours) or a multipart ` +
          `\`file\`. png, jpg or webp decided from the bytes, at most 6 MB, decoding in full. No other ` +
          `parameter: \`${REMOVED_REVERSE_PARAMS.join('`, `')}\` were removed on 2026-08-16 (400; use POST ` +
          `/api/image-to-template). The answer has exactly the fields below; \`ratio\` is the ratio POST ` +
          `/api/generate accepts nearest to the image's real aspect. Charged \`STUDIO_PRICES.reverse\` credits ` +
          `under \`reverse\`, refunded when every upstream failed. Members may call it.`,
        security: [{ ApiKey: [] }, { Bearer: [] }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['image_url'],
                additionalProperties: false,
                properties: {
                  image_url: {
                    type: 'string',
                    format: 'uri',
                    maxLength: 2048,
                    description:
                      'The image: a public http(s) address, or the URL of a file Studio serves that is yours',
                  },
                },
              },
            },
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: {
                  file: {
                    type: 'string',
                    format: 'binary',
                    description: 'The image file: png, jpg or webp, at most 6 MB',
                  },
                },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'The reading',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ReverseAnswer' } } },
          },
          ...errorResponses([
            ...ACCESS_ERRORS.scoped,
            ...IMAGE_INPUT_ERRORS,
            ...IMAGE_CHECK_ERRORS,
            ...imageWorkErrors('reading'),
            declared('UNAVAILABLE', 'Every vision upstream failed; refunded'),
            ...ALWAYS,
          ]),
        },
      },
    },
    '/jobs-stream': {
      get: {
        operationId: 'jobs-stream',
        tags: ['Images'],
        summary: 'Server-sent events of your jobs',
        description:
          'Events `job.created`, `job.updated` (e.g. a backup channel note), `job.done`, `job.failed`, each ' +
          'with `id` and the job as `GET /api/jobs?id=` shows it in `data`; `heartbeat` every 15 s; `ready` ' +
          'once caught up. Reconnect with `Last-Event-ID` to receive what was missed (kept 24 hours). Tenant ' +
          'keys see every job of the tenant, member keys their own. The stream lives as long as its key: when ' +
          'the key is replaced (rekey), its member account or tenant disabled, a last `revoked` event `{error}` ' +
          'is sent and the stream ends, before any later job is delivered.',
        security: [{ ApiKey: [] }, { Bearer: [] }],
        parameters: [
          {
            name: 'Last-Event-ID',
            in: 'header',
            required: false,
            description:
              'The `id` of the last event received, to get the events missed since (kept 24 hours); browsers send it themselves on reconnect',
            schema: { type: 'string' },
          },
        ],
        responses: {
          '200': { description: 'An event stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
          ...errorResponses([...ACCESS_ERRORS.scoped, ...ALWAYS]),
        },
      },
    },
  };
  fileAnswers(doc);
  doc.components ??= {};
  const reverseAnswer = z.toJSONSchema(reverseAnswerSchema, { io: 'output' }) as SchemaObject & { $schema?: string };
  delete reverseAnswer.$schema;
  doc.components.schemas = {
    ...doc.components.schemas,
    Error: ERROR_SCHEMA,
    ReverseAnswer: reverseAnswer,
    ...imageTemplateSchemas(),
  };
  for (const u of unions) {
    const op = (doc.paths?.[u.path] as Record<string, { requestBody?: unknown }> | undefined)?.[u.method];
    if (op)
      op.requestBody = {
        required: true,
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${u.name}` } } },
      };
  }
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(
      item as Record<string, { responses?: Record<string, unknown>; security?: unknown[] }>,
    )) {
      if (!op || typeof op !== 'object' || !op.responses) continue;
      // Either header works, so each scheme alone satisfies the requirement; a public operation says
      // so with an empty list (generators and linters read a missing one as "unknown").
      op.security = op.security ? [{ ApiKey: [] }, { Bearer: [] }] : [];
    }
  }
  // trpc-to-openapi's own error bodies (`error.BAD_REQUEST`, …): no answer of Studio has that shape.
  for (const name of Object.keys(doc.components.schemas ?? {}))
    if (name.startsWith('error.')) delete doc.components.schemas?.[name];
  // Chat keeps its own error objects (OpenAI's on /chat/completions), so it joins after the rewrite.
  doc.paths = { ...doc.paths, ...chatPaths(), ...imagesPaths() };
  doc.components.schemas = { ...doc.components.schemas, ...chatSchemas(), ...imagesSchemas() };
  addResponsesApi(doc);
  completeReference(doc);
  return doc;
}

/** Path templates and their methods, for 404 and 405 answers in front of the REST handler. */
export function restRoutes(): Map<string, Set<string>> {
  const routes = new Map<string, Set<string>>();
  for (const [path, item] of Object.entries(openApiDocument('').paths ?? {})) {
    routes.set(path, new Set(Object.keys(item as object).map((m) => m.toUpperCase())));
  }
  return routes;
}
