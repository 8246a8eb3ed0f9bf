import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { getConfig } from '@/server/config';

/**
 * A Node request as a fetch `Request`, for the handlers that read one (multipart uploads, image
 * reading, MCP's transport): the body streamed, not read ahead; `signal` ends with the client.
 */
export function fetchRequestOf(req: IncomingMessage, signal?: AbortSignal): Request {
  const host = req.headers.host ?? `localhost:${getConfig().port}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(`http://${host}${req.url ?? '/'}`, {
    method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
    ...(signal ? { signal } : {}),
  });
}

/** Writes a fetch `Response` to a Node response, streaming its body. */
export function sendFetchResponse(req: IncomingMessage, res: ServerResponse, response: Response): void {
  const out: Record<string, string | string[]> = {};
  response.headers.forEach((v, k) => {
    out[k] = v;
  });
  // Answered before the whole body arrived: close rather than leave unread bytes before the next request.
  if (!req.complete) out.connection = 'close';
  res.writeHead(response.status, out);
  if (!response.body) {
    res.end();
    return;
  }
  Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>).pipe(res);
}
