import { createOpenApiFetchHandler } from 'trpc-to-openapi';
import { errorStatus } from '../domain/errors';
import { createContext } from './context';
import { restRoutes } from './openapi';
import { appRouter } from './root';
import { handleUploadRequest } from './upload-handler';

const PREFIX = '/api';
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function errorResponse(status: number, error: string, code: string, headers: Record<string, string> = {}): Response {
  return Response.json({ ok: false, error, code }, { status, headers: { 'cache-control': 'no-store', ...headers } });
}

const codeForStatus = (status: number): string =>
  (Object.entries(errorStatus).find(([, s]) => s === status)?.[0] as string | undefined) ?? 'ERROR';

let routes: Map<string, Set<string>> | undefined;

/** True when `pathname` (with the /api prefix) is a REST operation of the OpenAPI document. */
export function isRestPath(pathname: string): boolean {
  return matchRoute(pathname.replace(/\/+$/, '').slice(PREFIX.length) || '/') !== undefined;
}

/** Finds the route template of a path (the spec's paths have no path parameters, but allow them). */
function matchRoute(path: string): Set<string> | undefined {
  routes ??= restRoutes();
  const exact = routes.get(path);
  if (exact) return exact;
  for (const [template, methods] of routes) {
    const re = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (re.test(path)) return methods;
  }
  return undefined;
}

/** Reads a body as text, stopping with null as soon as it exceeds the limit. */
async function readLimited(req: Request, limit: number): Promise<string | null> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > limit) return null;
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The REST surface: spec paths under /api served by the tRPC procedures through trpc-to-openapi.
 * In front of it: 404/405 for unknown paths and methods, 413/415/400 for bodies; behind it, every
 * error is rewritten to `{ok: false, error, code}`.
 */
export async function handleRestRequest(req: Request, maxBodyBytes: number): Promise<Response> {
  const url = new URL(req.url);
  const path = url.pathname.replace(/\/+$/, '').slice(PREFIX.length) || '/';
  const methods = matchRoute(path);
  if (!methods) return errorResponse(404, `No endpoint at ${PREFIX}${path}`, 'NOT_FOUND');
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  if (!methods.has(method)) {
    const allow = [...methods].join(', ');
    return errorResponse(405, `${req.method} is not allowed on ${PREFIX}${path}; use ${allow}`, 'METHOD_NOT_ALLOWED', { allow });
  }

  // Streamed multipart upload: handled outside tRPC so the body is never held whole.
  if (path === '/upload-ref' && method === 'POST') {
    return handleUploadRequest(req, null);
  }

  let forwarded = req;
  if (BODY_METHODS.has(method)) {
    const text = await readLimited(req, maxBodyBytes);
    if (text === null) return errorResponse(413, `The request body is larger than ${maxBodyBytes} bytes`, 'PAYLOAD_TOO_LARGE');
    const type = req.headers.get('content-type') ?? '';
    if (text.length > 0 || method !== 'DELETE') {
      if (!/^application\/json\b/i.test(type)) {
        return errorResponse(415, 'Send the body as JSON with Content-Type: application/json', 'UNSUPPORTED_MEDIA_TYPE');
      }
      try {
        JSON.parse(text || 'x');
      } catch {
        return errorResponse(400, 'The request body is not valid JSON', 'BAD_REQUEST');
      }
    }
    forwarded = new Request(req.url, { method: req.method, headers: req.headers, body: text || undefined });
  }

  const ctx = await createContext(req.headers);
  const response = await createOpenApiFetchHandler({
    endpoint: PREFIX,
    router: appRouter,
    req: forwarded,
    createContext: () => ctx,
    responseMeta: ({ errors }) => {
      const retryAfter = errors
        .map((e) => (e.cause as { retryAfter?: unknown } | undefined)?.retryAfter)
        .find((v): v is number => typeof v === 'number');
      return retryAfter ? { headers: { 'retry-after': String(retryAfter) } } : {};
    },
  });
  if (response.status < 400) {
    const headers = new Headers(response.headers);
    headers.set('cache-control', 'no-store');
    return new Response(response.body, { status: response.status, headers });
  }
  return reshapeError(response);
}

async function reshapeError(response: Response): Promise<Response> {
  let body: { message?: unknown; issues?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // Keep the status; the text below is generic.
  }
  const headers: Record<string, string> = {};
  const retryAfter = response.headers.get('retry-after');
  if (retryAfter) headers['retry-after'] = retryAfter;
  const status = response.status;
  // The error formatter already made `message` safe to show; validation errors carry their issues.
  const message = Array.isArray(body.issues)
    ? describeIssues(body.issues as { path?: PropertyKey[]; message?: string }[])
    : typeof body.message === 'string'
      ? body.message
      : 'Request failed';
  return errorResponse(status, message, codeForStatus(status), headers);
}

function describeIssues(issues: { path?: PropertyKey[]; message?: string }[]): string {
  const parts = issues.slice(0, 5).map((i) => `${i.path && i.path.length > 0 ? i.path.map(String).join('.') : 'body'}: ${i.message ?? 'invalid'}`);
  return `Invalid request: ${parts.join('; ')}${issues.length > 5 ? ` (and ${issues.length - 5} more)` : ''}`;
}
