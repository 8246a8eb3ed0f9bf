import { consoleSessionIdentity } from '@/server/edge/next-auth';
import { serveJobFeed } from '@/server/edge/sse/jobs';

export const dynamic = 'force-dynamic';

/** The job feed (server-sent events): src/server/edge/sse/jobs.ts. */
export async function GET(req: Request): Promise<Response> {
  return serveJobFeed(req, await consoleSessionIdentity());
}
