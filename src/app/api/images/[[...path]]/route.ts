import { serveImages } from '@/server/edge/images/serve';
import { fromConsole } from '@/server/edge/rest/console';

export const dynamic = 'force-dynamic';

/** OpenAI's Images API: src/server/edge/images/serve.ts (every path and method answers there). */
const handle = (req: Request): Promise<Response> => fromConsole(req, serveImages);
export { handle as DELETE, handle as GET, handle as PATCH, handle as POST, handle as PUT };
