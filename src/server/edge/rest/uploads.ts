import type { SessionIdentity } from '@/server/api/context';
import { requireScoped } from '@/server/domain/auth/guard';
import { admitKeyRequest } from '@/server/api/key-admission';
import { proxyUpload } from '@/server/domain/uploads/uploads';
import { answerEndpoint } from './endpoint';

/**
 * `POST /api/upload-ref` (multipart): outside tRPC because the body is streamed to the store rather
 * than parsed whole. Called by the REST front for key callers and by the console's route for sessions.
 */
export function handleUploadRequest(req: Request, session: SessionIdentity | null): Promise<Response> {
  return answerEndpoint(req, session, 'upload', async (ctx) => {
    const who = requireScoped(ctx);
    await admitKeyRequest(ctx, who, null);
    const answer = await proxyUpload(ctx, who, req);
    return Response.json(answer, { headers: { 'cache-control': 'no-store' } });
  });
}
