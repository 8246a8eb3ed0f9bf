import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { createContext } from '@/server/api/context';
import { appRouter } from '@/server/api/root';
import { consoleSessionIdentity, getOperatorSession } from '@/server/auth/next-auth';
import type { SessionIdentity } from '@/server/api/context';
import { crossSiteRefusal } from '@/server/http/cross-site';

export const dynamic = 'force-dynamic';

async function handler(req: Request): Promise<Response> {
  // The console's calls ride on the session cookie: writes must be JSON from Studio's own pages.
  const refused = crossSiteRefusal(req, { json: true });
  if (refused) return refused;
  const tenant = await consoleSessionIdentity();
  const session: SessionIdentity | null = tenant
    ? tenant
    : (await getOperatorSession())
      ? { operator: true }
      : null;
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    createContext: () => createContext(req.headers, session),
  });
}

export { handler as GET, handler as POST };
