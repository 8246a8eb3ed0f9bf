import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { handleRestRequest, isRestPath } from '../api/rest';
import { getConfig } from '../config';
import { logger } from '../logger';
import { currentRequestId } from '../request-id';

/**
 * Paths under /api that stay with Next.js: the console's tRPC, sign-in, the session-aware feed, and
 * chat on a console session (chat with a key is served by src/server/http/chat.ts before this).
 */
const NEXT_ONLY = /^\/api\/(trpc|auth|jobs-stream|chat|models)(\/|$|\?)/;
const UPLOAD = /^\/api\/(upload-ref|reverse|image-to-template)\/?(\?|$)/;

/**
 * Serves the REST surface straight from the Node HTTP server, in front of Next.js. The procedures
 * and the REST front are the same code the Next.js route handler runs; skipping the framework's
 * routing cuts the per-request CPU several-fold for API clients.
 */
export function isDirectPath(url: string, headers: IncomingMessage['headers'] = {}): boolean {
  if (!url.startsWith('/api/') || NEXT_ONLY.test(url)) return false;
  // A console upload or image reading carries a session cookie, not a key: Next.js resolves the session.
  if (UPLOAD.test(url) && !headers['x-api-key'] && !headers.authorization) return false;
  return isRestPath(url.split('?')[0] ?? url);
}

export async function serveDirect(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const config = getConfig();
  const host = req.headers.host ?? `localhost:${config.port}`;
  const url = `http://${host}${req.url ?? '/'}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  try {
    const request = new Request(url, {
      method: req.method,
      headers,
      body: hasBody ? (Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>) : undefined,
      duplex: 'half',
    } as RequestInit);
    const response = await handleRestRequest(request, config.maxBodyBytes);
    const out: Record<string, string | string[]> = {};
    response.headers.forEach((v, k) => {
      out[k] = v;
    });
    // Answered before the whole body arrived (413, 415, 404): close the connection rather than leave
    // unread bytes in front of the client's next request on it.
    if (hasBody && !req.complete) out.connection = 'close';
    res.writeHead(response.status, out);
    if (!response.body || req.method === 'HEAD') {
      res.end();
      return;
    }
    Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>).pipe(res);
  } catch (err) {
    logger.error({ err }, 'direct API request failed');
    if (!res.headersSent) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: false, error: 'Internal error; it has been logged', code: 'INTERNAL', reason: 'internal', request_id: currentRequestId() }));
    } else {
      res.destroy();
    }
  }
}
