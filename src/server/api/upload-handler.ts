import { AppError } from '@/server/domain/errors';
import { proxyUpload } from '@/server/domain/uploads/uploads';
import { logger } from '@/server/logger';
import { createContext, type SessionIdentity } from './context';
import { drainRequest } from '@/server/http/body-limit';
import { authFailureResponse, errorResponse } from './rest';

/**
 * `POST /api/upload-ref` (multipart): outside tRPC because the body is streamed to the store rather
 * than parsed whole. Called by the REST front for key callers and by the console's route for sessions.
 */
export async function handleUploadRequest(req: Request, session: SessionIdentity | null): Promise<Response> {
  const response = await answerUpload(req, session);
  // A refusal before or while reading: the client may still be sending; take the rest so it reads the answer.
  if (response.status >= 400) await drainRequest(req);
  return response;
}

async function answerUpload(req: Request, session: SessionIdentity | null): Promise<Response> {
  const ctx = await createContext(req.headers, session);
  const who = ctx.identity;
  if (!who) return authFailureResponse(ctx.authFailure);
  if (who.kind === 'admin') return errorResponse(403, 'The super-administrator key belongs to no tenant; upload with a tenant or member key', 'FORBIDDEN');
  try {
    const answer = await proxyUpload(ctx, who, req);
    return Response.json(answer, { headers: { 'cache-control': 'no-store' } });
  } catch (err) {
    if (err instanceof AppError) {
      return errorResponse(err.status, err.message, err.code, err.retryAfter ? { 'retry-after': String(err.retryAfter) } : {}, undefined, err.reason);
    }
    logger.error({ err }, 'upload failed');
    return errorResponse(500, 'Internal error; it has been logged', 'INTERNAL');
  }
}
