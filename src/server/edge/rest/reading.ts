import { REMOVED_REVERSE_PARAMS } from '@/contracts/reading';
import { fieldError } from '@/server/errors';
import { reverseImage } from '@/server/domain/reading/reading';
import { requireScoped } from '@/server/domain/auth/guard';
import { admitKeyRequest } from '@/server/api/key-admission';
import type { SessionIdentity } from '@/server/api/context';
import { answerImageEndpoint, readImageRequest } from './image-request';

const removed = (name: string) =>
  fieldError(
    [name],
    `was removed from /api/reverse on 2026-08-16: image reading takes only the image. Template conversion ` +
      `(variables, labels, creating a template, asynchronous runs) is POST /api/image-to-template`,
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
export function handleReverseRequest(req: Request, session: SessionIdentity | null): Promise<Response> {
  return answerImageEndpoint(req, session, 'image reading', async (ctx) => {
    const who = requireScoped(ctx);
    await admitKeyRequest(ctx, who, 'reading');
    const { source } = await readImageRequest(req, ctx.config.maxBodyBytes, checkName);
    return Response.json(await reverseImage(ctx, who, source), { headers: { 'cache-control': 'no-store' } });
  });
}
