import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { createContext } from '@/server/api/context';
import { appRouter } from '@/server/api/root';
import { consoleSessionIdentity, getOperatorSession } from '@/server/edge/next-auth';
import type { SessionIdentity } from '@/server/api/context';
import { crossSiteRefusal } from '@/server/edge/http/cross-site';
import { bodyTooLarge, drainRequest, readBodyLimited } from '@/server/edge/http/body-limit';
import { getConfig } from '@/server/config';

/** The console's tRPC endpoint (`/api/trpc`): session cookie, JSON from Studio's own pages, bodies within the JSON limit. */
export async function serveTrpc(incoming: Request): Promise<Response> {
  // The console's calls ride on the session cookie: writes must be JSON from Studio's own pages.
  const refused = crossSiteRefusal(incoming, { json: true });
  if (refused) {
    await drainRequest(incoming);
    return refused;
  }
  // The body is read here, within the JSON limit, so an oversized one gets the 413 answer cleanly.
  let req = incoming;
  if (incoming.method === 'GET' || incoming.method === 'HEAD') {
    // A query has no body: a body's content type (a multipart one makes tRPC refuse in plain text) is
    // left out rather than read.
    if (incoming.headers.has('content-type')) {
      const headers = new Headers(incoming.headers);
      headers.delete('content-type');
      req = new Request(incoming.url, { method: incoming.method, headers });
    }
  } else {
    const limit = getConfig().maxBodyBytes;
    const body = await readBodyLimited(incoming, limit);
    if (body === null) return bodyTooLarge(limit);
    req = new Request(incoming.url, { method: incoming.method, headers: incoming.headers, body: new Uint8Array(body) });
  }
  const tenant = await consoleSessionIdentity();
  const operator = tenant ? null : await getOperatorSession();
  const session: SessionIdentity | null =
    tenant ?? (operator ? { operator: true, ...(operator.account ? { account: operator.account } : {}) } : null);
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    createContext: () => createContext(req.headers, session),
  });
}
