import { presentedKey } from '@/server/api/context';
import { consoleSessionIdentity } from '@/server/auth/next-auth';
import { chatModelsWeb } from '@/server/http/chat-web';

export const dynamic = 'force-dynamic';

/** OpenAI's model retrieve. */
export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  return chatModelsWeb(req, presentedKey(req.headers) ? null : await consoleSessionIdentity(), id);
}
