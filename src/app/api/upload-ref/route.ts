import type { SessionIdentity } from '@/server/api/context';
import { presentedKey } from '@/server/api/context';
import { handleUploadRequest } from '@/server/api/upload-handler';
import { getConsoleSession } from '@/server/auth/next-auth';

export const dynamic = 'force-dynamic';

/** Proxy upload for the console (session) and for key callers that reach Next.js directly. */
export async function POST(req: Request): Promise<Response> {
  let session: SessionIdentity | null = null;
  if (!presentedKey(req.headers)) {
    const s = await getConsoleSession();
    session = s ? { tenantId: s.tenantId, userId: s.userId } : null;
  }
  return handleUploadRequest(req, session);
}
