import type { IncomingMessage, ServerResponse } from 'node:http';
import { defaultReason } from '@/server/errors';
import { currentRequestId } from '@/server/request-id';

/** The methods Studio answers; anything else (TRACE, CONNECT, WebDAV verbs) is refused up front. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

function refuse(
  res: ServerResponse,
  status: number,
  error: string,
  code: string,
  headers: Record<string, string> = {},
): true {
  const request_id = currentRequestId();
  const body = JSON.stringify({
    ok: false,
    error,
    code,
    reason: defaultReason(code),
    ...(request_id ? { request_id } : {}),
  });
  res.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    connection: 'close',
    ...headers,
  });
  res.end(body);
  return true;
}

/**
 * The first look at every request, before Next.js or the REST front: a method Studio does not
 * serve answers 405, a path whose percent-encoding does not decode (or decodes to a NUL) 400,
 * both as the one JSON error body. Answers true when it has answered.
 */
export function refuseMalformed(req: IncomingMessage, res: ServerResponse): boolean {
  const method = req.method ?? 'GET';
  if (!METHODS.has(method)) {
    return refuse(res, 405, `${method} is not supported; use ${[...METHODS].join(', ')}`, 'METHOD_NOT_ALLOWED', {
      allow: [...METHODS].join(', '),
    });
  }
  const raw = req.url ?? '/';
  const pathname = raw.split(/[?#]/, 1)[0] ?? '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return refuse(
      res,
      400,
      'The request path has a malformed percent-encoding (a % must be followed by two hex digits of valid UTF-8)',
      'BAD_REQUEST',
    );
  }
  if (decoded.includes('\u0000')) return refuse(res, 400, 'The request path contains a NUL character', 'BAD_REQUEST');
  return false;
}
