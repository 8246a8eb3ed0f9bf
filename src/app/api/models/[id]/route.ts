import { serveChatWeb } from '@/server/edge/chat/web';
import { sessionOfRequest } from '@/server/edge/next-auth';

export const dynamic = 'force-dynamic';

/** OpenAI's model retrieve (and `auto`): src/server/edge/chat/ (GET and others answer 405 there). */
const handle = async (req: Request): Promise<Response> => serveChatWeb(req, await sessionOfRequest(req));
export { handle as DELETE, handle as GET, handle as PATCH, handle as POST, handle as PUT };
