import { getConfig } from '@/server/config';
import { openApiDocument } from '@/server/api/openapi';

export const dynamic = 'force-dynamic';

export function GET(): Response {
  return Response.json(openApiDocument(getConfig().publicBaseUrl));
}
