import type { SessionIdentity } from '@/server/api/context';
import { drainRequest } from '@/server/edge/http/body-limit';
import { crossSiteRefusal } from '@/server/edge/http/cross-site';
import { sessionOfRequest } from '@/server/edge/next-auth';
import { handleRestRequest } from './rest';
import { getConfig } from '@/server/config';

/**
 * The Next.js door of the streamed endpoints (uploads, image reading, image-to-template): the console
 * calls them on its session cookie, so a write must come from Studio's own pages; a key caller that
 * reaches Next.js directly (`next dev`) is served the same. Production key traffic takes the Node
 * server in front (src/server/edge/server.ts).
 */
export async function fromConsole(
  req: Request,
  handle: (req: Request, session: SessionIdentity | null) => Promise<Response>,
): Promise<Response> {
  const refused = crossSiteRefusal(req, { json: false });
  if (refused) {
    await drainRequest(req);
    return refused;
  }
  return handle(req, await sessionOfRequest(req));
}

/** Every other method of those paths (and the result read of an asynchronous run): the REST front. */
export function restOf(req: Request): Promise<Response> {
  return handleRestRequest(req, getConfig().maxBodyBytes);
}
