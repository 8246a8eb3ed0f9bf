import { handleRestRequest } from '@/server/api/rest';
import { getConfig } from '@/server/config';

export const dynamic = 'force-dynamic';

function handler(req: Request): Promise<Response> {
  return handleRestRequest(req, getConfig().maxBodyBytes);
}

export { handler as DELETE, handler as GET, handler as HEAD, handler as OPTIONS, handler as PATCH, handler as POST, handler as PUT };
