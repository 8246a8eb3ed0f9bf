import { fromConsole, restOf } from '@/server/edge/rest/console';
import { handleImageToTemplateRequest } from '@/server/edge/rest/image-template';

export const dynamic = 'force-dynamic';

/** Image-to-template (JSON or a multipart file): src/server/edge/rest/image-template.ts; its result read is REST. */
export const POST = (req: Request): Promise<Response> => fromConsole(req, handleImageToTemplateRequest);
export { restOf as DELETE, restOf as GET, restOf as HEAD, restOf as PATCH, restOf as PUT };
