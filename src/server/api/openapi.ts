import type { SchemaObject } from 'openapi3-ts/oas31';
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { allowedList } from '../domain/uploads/file-types';
import { appRouter } from './root';

const ERROR_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['ok', 'error', 'code'],
  properties: {
    ok: { type: 'boolean', const: false },
    error: { type: 'string', description: 'What went wrong, written for the caller' },
    code: { type: 'string', description: 'Machine-readable code, e.g. BAD_REQUEST, FORBIDDEN' },
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

function buildDocument(): OpenAPIObject {
  const doc = generateOpenApiDocument(appRouter, {
    title: 'Studio API',
    version: '1.0.0',
    description:
      'Multi-tenant AI generation service. Authenticate with `X-API-Key: sk-studio-...` or `Authorization: Bearer sk-studio-...`. Every error is JSON `{ok: false, error, code}`.',
    baseUrl: '/api',
    securitySchemes: {
      ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Tenant, member or super-administrator key' },
      Bearer: { type: 'http', scheme: 'bearer', description: 'The same key as a bearer token' },
    },
  });
  // Plain route handlers outside trpc-to-openapi, described by hand.
  const errorRef = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  doc.paths = {
    ...doc.paths,
    '/upload-ref': {
      post: {
        operationId: 'uploads-proxy',
        tags: ['Uploads'],
        summary: 'Upload a file (reference image, audio or video)',
        description: `multipart/form-data with \`file\` and optional \`workspace_id\`. The type is decided from the leading bytes, not the name or declared type (${allowedList()}); unrecognised bytes: 400; over the limit of its type: 413, and nothing is stored. Streams to the store. 120 files per hour per owner (the tenant for its key, the member for a member key): 429 with Retry-After.`,
        security: [{ ApiKey: [] }, { Bearer: [] }],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: { file: { type: 'string', format: 'binary' }, workspace_id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } },
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
                    url: { type: 'string' },
                    media_type: { type: 'string', enum: ['image', 'audio', 'video'] },
                    mime: { type: 'string' },
                    key: { type: 'string' },
                    size: { type: 'integer' },
                  },
                },
              },
            },
          },
          '400': { description: 'Unrecognised bytes, empty file or malformed form', ...errorRef },
          '401': { description: 'Missing or invalid key', ...errorRef },
          '413': { description: 'Larger than the limit of its type', ...errorRef },
          '415': { description: 'Not multipart/form-data', ...errorRef },
          '429': { description: 'Over 120 files an hour', ...errorRef },
        },
      },
    },
    '/jobs-stream': {
      get: {
        operationId: 'jobs-stream',
        tags: ['Images'],
        summary: 'Server-sent events of your jobs',
        description:
          'Events `job.created`, `job.updated` (e.g. a backup channel note), `job.done`, `job.failed`, each with `id` and the job as `GET /api/jobs?id=` shows it in `data`; `heartbeat` every 15 s; `ready` once caught up. Reconnect with `Last-Event-ID` to receive what was missed (kept 24 hours). Tenant keys see every job of the tenant, member keys their own.',
        security: [{ ApiKey: [] }, { Bearer: [] }],
        parameters: [{ name: 'Last-Event-ID', in: 'header', required: false, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'An event stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
          '401': { description: 'Missing or invalid key', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        },
      },
    },
  };
  doc.components ??= {};
  doc.components.schemas = { ...doc.components.schemas, Error: ERROR_SCHEMA };
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item as Record<string, { responses?: Record<string, unknown>; security?: unknown[] }>)) {
      if (!op || typeof op !== 'object' || !op.responses) continue;
      // Either header works, so each scheme alone satisfies the requirement.
      if (op.security) op.security = [{ ApiKey: [] }, { Bearer: [] }];
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        const description = (response as { description?: string }).description ?? 'Error';
        op.responses[status] = {
          description,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        };
      }
    }
  }
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
