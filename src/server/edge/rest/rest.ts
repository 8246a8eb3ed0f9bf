import type { z } from 'zod';
import { createContext } from '@/server/api/context';
import { restRoutes } from '@/server/api/openapi';
import { appRouter, createCaller } from '@/server/api/root';
import type { StudioMeta } from '@/server/api/trpc';
import { handleImageToTemplateRequest } from './image-template';
import { handleReverseRequest } from './reading';
import { handleUploadRequest } from './uploads';
import { bodyTooLargeAnswer, drainRequest, readBodyLimited } from '@/server/edge/http/body-limit';
import { errorAnswer, errorAnswerOf, toResponse, type JsonAnswer } from '@/server/edge/http/error-response';
import { isJsonContentType, type RequestHeaders } from '@/server/request-headers';

const PREFIX = '/api';
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** One REST operation: the procedure that serves it and the object schema of its input. */
interface Operation {
  procedure: string;
  input: z.ZodObject | undefined;
  file: StudioMeta['file'];
}

let routes: Map<string, Set<string>> | undefined;
let operations: Map<string, Operation> | undefined;

/** `METHOD /path` → the procedure serving it, from the procedures' OpenAPI meta. */
function operationTable(): Map<string, Operation> {
  // At run time `procedures` is flat ('jobs.get' → procedure), whatever its declared type says.
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { meta?: StudioMeta; inputs: unknown[] } }
  >;
  const table = new Map<string, Operation>();
  for (const [name, procedure] of Object.entries(procedures)) {
    const openapi = procedure._def.meta?.openapi;
    if (!openapi) continue;
    const input = procedure._def.inputs[0] as z.ZodType | undefined;
    const object = input?._zod.def.type === 'object' ? (input as z.ZodObject) : undefined;
    table.set(`${openapi.method} ${openapi.path}`, { procedure: name, input: object, file: procedure._def.meta?.file });
  }
  return table;
}

/** True when `pathname` (with the /api prefix) is a REST operation of the OpenAPI document. */
export function isRestPath(pathname: string): boolean {
  return matchRoute(pathname.replace(/\/+$/, '').slice(PREFIX.length) || '/') !== undefined;
}

/** The methods of a path (the spec's paths have no path parameters). */
function matchRoute(path: string): Set<string> | undefined {
  routes ??= restRoutes();
  return routes.get(path);
}

/** The innermost type of a field, under optional, default and nullable wrappers. */
function baseType(schema: z.ZodType): string {
  let def: { type: string; innerType?: z.ZodType } = schema._zod.def;
  while (
    def.innerType &&
    (def.type === 'optional' || def.type === 'default' || def.type === 'nullable' || def.type === 'catch')
  ) {
    def = def.innerType._zod.def;
  }
  return def.type;
}

const INTEGER_TEXT = /^-?(0|[1-9]\d{0,15})$/;

/**
 * Query parameters are text: each is turned into what its field expects, strictly. An integer
 * field takes decimal digits only (`10`, not `1e1`, `0x10` or ``), a boolean `true` or `false`;
 * anything else stays text so the schema refuses it, naming the field. A repeated parameter is a
 * list, which only list fields accept.
 */
function queryInput(params: URLSearchParams, schema: z.ZodObject | undefined): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    const field = schema?.shape[key] as z.ZodType | undefined;
    const kind = field ? baseType(field) : 'string';
    const convert = (text: string): unknown => {
      if (kind === 'number' && INTEGER_TEXT.test(text)) return Number(text);
      if (kind === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
      return text;
    };
    const [only, ...more] = values;
    input[key] = kind === 'array' ? values : only !== undefined && more.length === 0 ? convert(only) : values;
  }
  return input;
}

/** Calls the procedure at `name` ('jobs.get') on a caller. */
function procedureOf(caller: ReturnType<typeof createCaller>, name: string): (input: unknown) => Promise<unknown> {
  let target: unknown = caller;
  for (const part of name.split('.')) target = (target as Record<string, unknown>)[part];
  return target as (input: unknown) => Promise<unknown>;
}

/**
 * One REST call, whatever carried it: a fetch `Request` (the Next.js route handler) or Node's
 * `IncomingMessage` (the server in front of Next.js, which skips building fetch objects per call).
 */
export interface RestCall {
  method: string;
  /** The path under /api without a trailing slash ('/jobs'). */
  path: string;
  query: URLSearchParams;
  headers: RequestHeaders;
  /** The body's bytes, or null when over `limit` (the rest then drained). */
  readBody(limit: number): Promise<Buffer | null>;
}

/** The path under /api and the query of a request target ('/api/jobs/?id=1' → '/jobs', id=1). */
export function splitTarget(target: string): { path: string; query: URLSearchParams } {
  const hash = target.indexOf('#');
  const bare = hash === -1 ? target : target.slice(0, hash);
  const q = bare.indexOf('?');
  const pathname = q === -1 ? bare : bare.slice(0, q);
  return {
    path: pathname.replace(/\/+$/, '').slice(PREFIX.length) || '/',
    query: new URLSearchParams(q === -1 ? '' : bare.slice(q + 1)),
  };
}

/** The body of a POST/PUT/PATCH (or DELETE) as a value, or the error answer. */
async function bodyInput(call: RestCall, maxBodyBytes: number): Promise<{ value: unknown } | JsonAnswer> {
  const bytes = await call.readBody(maxBodyBytes);
  if (bytes === null) return bodyTooLargeAnswer(maxBodyBytes);
  const text = bytes.toString('utf8');
  if (text.length === 0 && call.method === 'DELETE') return { value: undefined };
  const type = call.headers.get('content-type') ?? '';
  if (!isJsonContentType(type)) {
    return errorAnswer(415, 'Send the body as JSON with Content-Type: application/json', 'UNSUPPORTED_MEDIA_TYPE');
  }
  if (text.trim().length === 0) return errorAnswer(400, 'The request body is empty; send a JSON object', 'BAD_REQUEST');
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return errorAnswer(400, 'The request body is not valid JSON', 'BAD_REQUEST');
  }
}

/** Paths whose bodies are streamed (multipart) and handled outside tRPC, on a fetch `Request`. */
const STREAMED_PATHS = new Set(['/upload-ref', '/reverse', '/image-to-template']);

/** True for a POST to a path served by a streaming handler on a fetch `Request` rather than by `answerRest`. */
export function isStreamedCall(method: string, path: string): boolean {
  return method === 'POST' && STREAMED_PATHS.has(path);
}

/**
 * The REST surface: the spec's paths under /api, each served by the tRPC procedure whose OpenAPI
 * meta names it. In front: 404/405 for unknown paths and methods, 413/415/400 for bodies. A JSON
 * body reaches the procedure's schema as sent (no coercion: `"false"` is not a boolean); query
 * parameters are converted by `queryInput`. Every error leaves as `{ok: false, error, code, reason}`.
 */
export async function handleRestRequest(req: Request, maxBodyBytes: number): Promise<Response> {
  const response = await answerFetch(req, maxBodyBytes);
  // Refused before its body was read (unknown path, wrong method): take the rest so the client reads the answer.
  if (response.status >= 400) await drainRequest(req);
  return response;
}

async function answerFetch(req: Request, maxBodyBytes: number): Promise<Response> {
  const url = new URL(req.url);
  const { path, query } = splitTarget(url.pathname + url.search);
  const method = req.method;
  if (isStreamedCall(method, path) && matchRoute(path)?.has('POST')) {
    // Streamed multipart upload: handled outside tRPC so the body is never held whole.
    if (path === '/upload-ref') return handleUploadRequest(req, null);
    // A JSON body or a multipart file: image reading takes either.
    if (path === '/reverse') return handleReverseRequest(req, null);
    return handleImageToTemplateRequest(req, null);
  }
  const answer = await answerRest(
    { method, path, query, headers: req.headers, readBody: (limit) => readBodyLimited(req, limit) },
    maxBodyBytes,
  );
  return toResponse(answer);
}

/** A file answer (a CSV export): its content as sent, named for the browser's download. */
function fileAnswer(type: NonNullable<StudioMeta['file']>, data: { filename: string; content: string }): JsonAnswer {
  return {
    status: 200,
    headers: {
      'content-type': `${type}; charset=utf-8`,
      'content-disposition': `attachment; filename="${data.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
      'cache-control': 'no-store',
    },
    body: null,
    text: data.content,
  };
}

/** Answers a REST call (every path but the streamed ones): the status, headers and JSON body. */
export async function answerRest(call: RestCall, maxBodyBytes: number): Promise<JsonAnswer> {
  const { path } = call;
  const methods = matchRoute(path);
  if (!methods) return errorAnswer(404, `No endpoint at ${PREFIX}${path}`, 'NOT_FOUND');
  const method = call.method === 'HEAD' ? 'GET' : call.method;
  if (!methods.has(method)) {
    const allow = [...methods].join(', ');
    return errorAnswer(405, `${call.method} is not allowed on ${PREFIX}${path}; use ${allow}`, 'METHOD_NOT_ALLOWED', {
      allow,
    });
  }

  operations ??= operationTable();
  const operation = operations.get(`${method} ${path}`);
  if (!operation) return errorAnswer(404, `No endpoint at ${PREFIX}${path}`, 'NOT_FOUND');
  let input: unknown = queryInput(call.query, operation.input);
  if (BODY_METHODS.has(method)) {
    const body = await bodyInput(call, maxBodyBytes);
    if (!('value' in body)) return body;
    if (method !== 'DELETE') input = body.value;
    // DELETE names its object in the query; a JSON object body may name it instead.
    else if (body.value !== null && typeof body.value === 'object' && !Array.isArray(body.value))
      input = { ...body.value, ...(input as object) };
  }

  try {
    const ctx = await createContext(call.headers);
    const data = await procedureOf(createCaller(ctx), operation.procedure)(input);
    if (operation.file) return fileAnswer(operation.file, data as { filename: string; content: string });
    return { status: 200, headers: { 'cache-control': 'no-store' }, body: data };
  } catch (thrown) {
    // The database unreachable (even while resolving the key): 503 with Retry-After, not a 500.
    return errorAnswerOf(thrown, `REST ${operation.procedure}`);
  }
}
