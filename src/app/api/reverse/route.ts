import { presentedKey } from '@/server/api/context';
import { handleReverseRequest } from '@/server/api/reverse-handler';
import { consoleSessionIdentity } from '@/server/auth/next-auth';
import { drainRequest } from '@/server/http/body-limit';
import { crossSiteRefusal } from '@/server/http/cross-site';

export const dynamic = 'force-dynamic';

/** Image reading for the console (session) and for key callers that reach Next.js directly. */
export async function POST(req: Request): Promise<Response> {
  const refused = crossSiteRefusal(req, { json: false });
  if (refused) {
    await drainRequest(req);
    return refused;
  }
  return handleReverseRequest(req, presentedKey(req.headers) ? null : await consoleSessionIdentity());
}
