import { serveChatWeb } from '@/server/edge/chat/web';
import { sessionOfRequest } from '@/server/edge/next-auth';

export const dynamic = 'force-dynamic';

/** OpenAI's Responses API (`POST /api/responses`, `GET /api/responses/<id>`; others answer OpenAI's 404/405): src/server/edge/chat/. */
const handle = async (req: Request): Promise<Response> => serveChatWeb(req, await sessionOfRequest(req));
export { handle as DELETE, handle as GET, handle as PATCH, handle as POST, handle as PUT };
