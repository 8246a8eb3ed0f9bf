import { presentedKey } from '@/server/api/context';
import { handleUploadRequest } from '@/server/api/upload-handler';
import { consoleSessionIdentity } from '@/server/auth/next-auth';
import { drainRequest } from '@/server/http/body-limit';
import { crossSiteRefusal } from '@/server/http/cross-site';

export const dynamic = 'force-dynamic';

/** Proxy upload for the console (session) and for key callers that reach Next.js directly. */
export async function POST(req: Request): Promise<Response> {
  // A console upload is a multipart form on the session cookie: it must come from Studio's own pages.
  const refused = crossSiteRefusal(req, { json: false });
  if (refused) {
    await drainRequest(req);
    return refused;
  }
  return handleUploadRequest(req, presentedKey(req.headers) ? null : await consoleSessionIdentity());
}
