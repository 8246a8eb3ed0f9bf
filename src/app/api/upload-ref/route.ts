import { presentedKey } from '@/server/api/context';
import { handleUploadRequest } from '@/server/api/upload-handler';
import { consoleSessionIdentity } from '@/server/auth/next-auth';

export const dynamic = 'force-dynamic';

/** Proxy upload for the console (session) and for key callers that reach Next.js directly. */
export async function POST(req: Request): Promise<Response> {
  return handleUploadRequest(req, presentedKey(req.headers) ? null : await consoleSessionIdentity());
}
