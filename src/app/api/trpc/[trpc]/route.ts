import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { createContext } from '@/server/api/context';
import { appRouter } from '@/server/api/root';
import { getConsoleSession } from '@/server/auth/next-auth';

export const dynamic = 'force-dynamic';

async function handler(req: Request): Promise<Response> {
  const session = await getConsoleSession();
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    createContext: () => createContext(req.headers, session ? { tenantId: session.tenantId, userId: session.userId } : null),
  });
}

export { handler as GET, handler as POST };
