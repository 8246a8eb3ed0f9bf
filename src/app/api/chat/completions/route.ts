import { presentedKey } from '@/server/api/context';
import { consoleSessionIdentity } from '@/server/auth/next-auth';
import { chatCompletionsWeb } from '@/server/http/chat-web';

export const dynamic = 'force-dynamic';

/** OpenAI-compatible chat (the console's Chat page; key callers take the Node fast path in production). */
export async function POST(req: Request): Promise<Response> {
  return chatCompletionsWeb(req, presentedKey(req.headers) ? null : await consoleSessionIdentity(), 'openai');
}
