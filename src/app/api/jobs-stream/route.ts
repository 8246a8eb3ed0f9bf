import { createContext } from '@/server/api/context';
import { errorResponse } from '@/server/api/rest';
import { consoleSessionIdentity } from '@/server/auth/next-auth';
import { jobFeedHub, replayEvents, type FeedEvent } from '@/server/domain/jobs/events';
import { getRuntime } from '@/server/runtime';

export const dynamic = 'force-dynamic';

const HEARTBEAT_MS = 15_000;

/**
 * Server-sent events of the caller's jobs: `job.created`, `job.updated` (e.g. a backup channel note),
 * `job.done` and `job.failed`, each with the job as GET /api/jobs shows it, and `heartbeat` every
 * 15 s. Event ids resume: send Last-Event-ID (or ?last_event_id=) to get what was missed.
 */
export async function GET(req: Request): Promise<Response> {
  const ctx = await createContext(req.headers, await consoleSessionIdentity());
  const who = ctx.identity;
  if (!who) {
    const forbidden = ctx.authFailure === 'revoked' || ctx.authFailure === 'disabled';
    return errorResponse(forbidden ? 403 : 401, forbidden ? 'This key no longer works' : 'Missing or invalid API key', forbidden ? 'FORBIDDEN' : 'UNAUTHORIZED');
  }
  if (who.kind === 'admin') return errorResponse(403, 'The super-administrator key belongs to no tenant', 'FORBIDDEN');

  const url = new URL(req.url);
  const lastId = Number(req.headers.get('last-event-id') ?? url.searchParams.get('last_event_id') ?? '0');
  const { database } = await getRuntime();
  const encoder = new TextEncoder();
  let cleanup = () => {};

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      let lastSent = Number.isFinite(lastId) && lastId > 0 ? lastId : 0;
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          closed = true;
        }
      };
      const send = (e: FeedEvent) => {
        if (e.id <= lastSent) return;
        lastSent = e.id;
        write(`id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e.job)}\n\n`);
      };
      write('retry: 3000\n\n');
      // Subscribe before replaying so nothing falls between the two; `send` drops duplicates.
      const buffered: FeedEvent[] = [];
      let replaying = true;
      const unsubscribe = await jobFeedHub(database).subscribe(who, (e) => (replaying ? buffered.push(e) : send(e)));
      if (lastSent > 0) for (const e of await replayEvents(ctx.db, who, lastSent)) send(e);
      replaying = false;
      for (const e of buffered.sort((a, b) => a.id - b.id)) send(e);
      write(`event: ready\ndata: ${JSON.stringify({ last_event_id: lastSent })}\n\n`);
      const heartbeat = setInterval(() => write(`event: heartbeat\ndata: ${JSON.stringify({ time: new Date().toISOString() })}\n\n`), HEARTBEAT_MS);
      cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      req.signal.addEventListener('abort', () => cleanup());
    },
    cancel() {
      cleanup();
    },
  });

  return new Response(stream, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    },
  });
}
