import { presentedKey } from '@/server/api/context';
import { consoleSessionIdentity } from '@/server/auth/next-auth';
import { chatModelsWeb } from '@/server/http/chat-web';

export const dynamic = 'force-dynamic';

/** OpenAI's model list: the routing model name first, then the chat families. */
export async function GET(req: Request): Promise<Response> {
  return chatModelsWeb(req, presentedKey(req.headers) ? null : await consoleSessionIdentity());
}
