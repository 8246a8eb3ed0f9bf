import { fromConsole } from '@/server/edge/rest/console';
import { handleReverseRequest } from '@/server/edge/rest/reading';

export const dynamic = 'force-dynamic';

/** Image reading (JSON or a multipart file): src/server/edge/rest/reading.ts. */
export const POST = (req: Request): Promise<Response> => fromConsole(req, handleReverseRequest);
