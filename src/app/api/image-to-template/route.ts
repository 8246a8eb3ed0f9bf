import { presentedKey } from '@/server/api/context';
import { handleImageToTemplateRequest } from '@/server/api/image-template-handler';
import { handleRestRequest } from '@/server/api/rest';
import { consoleSessionIdentity } from '@/server/auth/next-auth';
import { getConfig } from '@/server/config';
import { drainRequest } from '@/server/http/body-limit';
import { crossSiteRefusal } from '@/server/http/cross-site';

export const dynamic = 'force-dynamic';

/** Image-to-template for the console (session) and for key callers that reach Next.js directly. */
export async function POST(req: Request): Promise<Response> {
  const refused = crossSiteRefusal(req, { json: false });
  if (refused) {
    await drainRequest(req);
    return refused;
  }
  return handleImageToTemplateRequest(req, presentedKey(req.headers) ? null : await consoleSessionIdentity());
}

/** The result of an asynchronous run for key callers (the console reads it through tRPC), and the REST front's 405s. */
function rest(req: Request): Promise<Response> {
  return handleRestRequest(req, getConfig().maxBodyBytes);
}

export { rest as DELETE, rest as GET, rest as HEAD, rest as PATCH, rest as PUT };
