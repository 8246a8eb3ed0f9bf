import type { IncomingMessage, ServerResponse } from 'node:http';
import { getConfig } from '@/server/config';
import { drainNodeRequest } from '@/server/edge/http/body-limit';
import { errorResponseOf } from '@/server/edge/http/error-response';
import { fetchRequestOf, sendFetchResponse } from '@/server/edge/http/fetch-bridge';
import { serveMcp } from './serve';

/**
 * The two doors of `/api/mcp`, both key-only and both the one core (`serveMcp`): the Node door of
 * the front server (`npm start`), and the Next.js route (`src/app/api/mcp/route.ts`) for `next dev`.
 */

/** The front server's door: the request as a fetch `Request` whose signal ends when the client goes away. */
export async function serveMcpNode(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const gone = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  let response: Response;
  try {
    response = await serveMcp(fetchRequestOf(req, gone.signal), getConfig().maxBodyBytes);
  } catch (err) {
    response = errorResponseOf(err, 'MCP request');
  }
  // Refused before its body was read (no key, a wrong method): take the rest (bounded) so the client reads the answer.
  if (response.status >= 400 && !req.complete) await drainNodeRequest(req);
  if (res.destroyed) return;
  sendFetchResponse(req, res, response);
}

/** The Next.js route's door. */
export async function serveMcpWeb(request: Request): Promise<Response> {
  try {
    return await serveMcp(request, getConfig().maxBodyBytes);
  } catch (err) {
    return errorResponseOf(err, 'MCP request');
  }
}
