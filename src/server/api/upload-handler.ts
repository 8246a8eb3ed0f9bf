import { AppError } from '../domain/errors';
import { discardBody, proxyUpload } from '../domain/uploads/uploads';
import { logger } from '../logger';
import { getRuntime } from '../runtime';
import { createContext, type SessionIdentity } from './context';
import { errorResponse } from './rest';

/**
 * `POST /api/upload-ref` (multipart): outside tRPC because the body is streamed to the store rather
 * than parsed whole. Called by the REST front for key callers and by the console's route for sessions.
 */
export async function handleUploadRequest(req: Request, session: SessionIdentity | null): Promise<Response> {
  const response = await answerUpload(req, session);
  // A refusal before or while reading: the client may still be sending; take the rest so it reads the answer.
  if (response.status >= 400) await discardBody(req);
  return response;
}

async function answerUpload(req: Request, session: SessionIdentity | null): Promise<Response> {
  const ctx = await createContext(req.headers, session);
  const who = ctx.identity;
  if (!who) {
    const forbidden = ctx.authFailure === 'revoked' || ctx.authFailure === 'disabled';
    return errorResponse(
      forbidden ? 403 : 401,
      forbidden ? 'This key no longer works (replaced or disabled)' : 'Missing or invalid API key: send it in X-API-Key or as Authorization: Bearer <key>',
      forbidden ? 'FORBIDDEN' : 'UNAUTHORIZED',
    );
  }
  if (who.kind === 'admin') return errorResponse(403, 'The super-administrator key belongs to no tenant; upload with a tenant or member key', 'FORBIDDEN');
  try {
    const { files } = await getRuntime();
    const answer = await proxyUpload({ db: ctx.db, config: ctx.config, files }, who, req);
    return Response.json(answer, { headers: { 'cache-control': 'no-store' } });
  } catch (err) {
    if (err instanceof AppError) {
      return errorResponse(err.status, err.message, err.code, err.retryAfter ? { 'retry-after': String(err.retryAfter) } : {});
    }
    logger.error({ err }, 'upload failed');
    return errorResponse(500, 'Internal error; it has been logged', 'INTERNAL');
  }
}
