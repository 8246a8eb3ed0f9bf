import { fromConsole } from '@/server/edge/rest/console';
import { handleUploadRequest } from '@/server/edge/rest/uploads';

export const dynamic = 'force-dynamic';

/** Proxy upload (multipart, streamed): src/server/edge/rest/uploads.ts. */
export const POST = (req: Request): Promise<Response> => fromConsole(req, handleUploadRequest);
