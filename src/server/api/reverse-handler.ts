import { REMOVED_REVERSE_PARAMS } from '@/contracts/reverse';
import { fieldError } from '@/server/domain/errors';
import { reverseImage } from '@/server/domain/reverse/reverse';
import { drainRequest } from '@/server/http/body-limit';
import type { SessionIdentity } from './context';
import { answerImageEndpoint, readImageRequest } from './image-request';
import { errorResponse } from './rest';

const removed = (name: string) =>
  fieldError(
    [name],
    `was removed from /api/reverse on 2026-08-16: image reading takes only the image. Template conversion (variables, labels, creating a template, asynchronous runs) is POST /api/image-to-template`,
  );

/** Every parameter but the image is refused; the removed ones say where they went. */
function checkName(name: string): never {
  if ((REMOVED_REVERSE_PARAMS as readonly string[]).includes(name)) throw removed(name);
  throw fieldError([name], 'is not a parameter of /api/reverse; it takes only image_url (JSON) or a multipart file');
}

/**
 * `POST /api/reverse`: outside tRPC because it takes a JSON body or a multipart file. Called by the
 * REST front for key callers and by the console's route for sessions.
 */
export async function handleReverseRequest(req: Request, session: SessionIdentity | null): Promise<Response> {
  const response = await answerImageEndpoint(req, session, 'image reading', async (ctx, who) => {
    if (who.kind === 'admin') return errorResponse(403, 'The super-administrator key belongs to no tenant; read images with a tenant or member key', 'FORBIDDEN');
    const { source } = await readImageRequest(req, ctx.config.maxBodyBytes, checkName);
    return Response.json(await reverseImage(ctx, who, source), { headers: { 'cache-control': 'no-store' } });
  });
  if (response.status >= 400) await drainRequest(req);
  return response;
}
