import { createContext, type SessionIdentity } from '@/server/api/context';
import type { Context } from '@/server/api/trpc';
import { drainRequest } from '@/server/edge/http/body-limit';
import { errorResponseOf } from '@/server/edge/http/error-response';

/**
 * Answers one of the endpoints served outside tRPC on a fetch `Request` (uploads, image reading,
 * image-to-template): the caller resolved from the key or the console session, `run` given the
 * context, whatever it throws answered as every REST error is (`errorResponseOf`). A refusal is
 * answered only after the rest of the body was taken (bounded), so the client reads it.
 * `onError` may answer an error its own way first (null to leave it to the common mapping).
 */
export async function answerEndpoint(
  req: Request,
  session: SessionIdentity | null,
  what: string,
  run: (ctx: Context) => Promise<Response>,
  onError: (err: unknown, ctx: Context) => Response | null = () => null,
): Promise<Response> {
  let ctx: Context | null = null;
  let response: Response;
  try {
    ctx = await createContext(req.headers, session);
    response = await run(ctx);
  } catch (err) {
    response = (ctx && onError(err, ctx)) ?? errorResponseOf(err, what);
  }
  if (response.status >= 400) await drainRequest(req);
  return response;
}
