import { presentedKey } from '@/server/api/context';
import { consoleSessionIdentity } from '@/server/auth/next-auth';
import { chatCompletionsWeb } from '@/server/http/chat-web';

export const dynamic = 'force-dynamic';

/** The same chat with Studio's error convention (`{ok: false, error, code}`). */
export async function POST(req: Request): Promise<Response> {
  return chatCompletionsWeb(req, presentedKey(req.headers) ? null : await consoleSessionIdentity(), 'studio');
}
