import { createContext, presentedKey } from '@/server/api/context';
import type { SessionIdentity } from '@/server/api/context';
import { requireScoped } from '@/server/domain/auth/guard';
import { admitKeyRequest } from '@/server/api/key-admission';
import { authFailureResponse, errorResponseOf } from '@/server/edge/http/error-response';
import { stillValid, type Credential } from '@/server/domain/auth/credentials';
import { jobFeedHub, latestEventId, replayEvents, type FeedEvent } from '@/server/domain/jobs/feed-hub';
import { onDrain, reconnectHintMs } from '@/server/drain';
import { sseOpened } from '@/server/metrics/registry';
import { getRuntime } from '@/server/runtime';

const HEARTBEAT_MS = 15_000;
const REVOKED =
  'The key or console session of this stream no longer works (replaced, disabled or signed out); the stream has ended';

/**
 * Server-sent events of the caller's jobs: `job.created`, `job.updated` (e.g. a backup channel note),
 * `job.done` and `job.failed`, each with the job as GET /api/jobs shows it, and `heartbeat` every
 * 15 s. Event ids resume: send Last-Event-ID (or ?last_event_id=) to get what was missed.
 * The stream lives only as long as its key or session: a rekey, a disabled member or tenant, or a
 * removed login ends it (an `revoked` event, then the end) on every instance, announced at once
 * and rechecked at every heartbeat.
 */
export async function serveJobFeed(req: Request, session: SessionIdentity | null): Promise<Response> {
  const ctx = await createContext(req.headers, session);
  let who: ReturnType<typeof requireScoped>;
  try {
    who = requireScoped(ctx);
    await admitKeyRequest(ctx, who, null);
  } catch (err) {
    return errorResponseOf(err, 'job feed');
  }
  const key = presentedKey(req.headers);
  const credential: Credential | null = key
    ? { kind: 'key', key }
    : session && 'tenantId' in session
      ? { kind: 'session', userId: session.userId, tenantId: session.tenantId }
      : null;
  if (!credential) return authFailureResponse('missing');
  const recheck = () => stillValid(ctx.db, { configured: ctx.config.adminKey }, credential, who);

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
          // The client is gone: end everything this stream holds (timer, subscription, gauge).
          cleanup();
        }
      };
      const send = (e: FeedEvent) => {
        if (e.id <= lastSent) return;
        lastSent = e.id;
        write(`id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e.job)}\n\n`);
      };
      let heartbeat: ReturnType<typeof setInterval> | undefined = undefined;
      let unsubscribe = () => {};
      const closedGauge = sseOpened('jobs');
      let stopDrain = () => {};
      let ended = false;
      cleanup = () => {
        if (ended) return;
        ended = true;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        stopDrain();
        closedGauge();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      const revoke = () => {
        write(`event: revoked\ndata: ${JSON.stringify({ error: REVOKED })}\n\n`);
        cleanup();
      };
      write('retry: 3000\n\n');
      // Shutting down: a last reconnect hint, then the end; the client reconnects (with Last-Event-ID) elsewhere.
      stopDrain = onDrain(() => {
        write(`retry: ${reconnectHintMs()}\n\n`);
        cleanup();
      });
      // Subscribe before replaying so nothing falls between the two; `send` drops duplicates. The
      // same catch-up runs again when the process's LISTEN connection came back after a drop.
      let buffered: FeedEvent[] | null = [];
      const catchUp = async () => {
        buffered ??= [];
        try {
          for (const e of await replayEvents(ctx.db, who, lastSent)) send(e);
        } finally {
          const waiting = buffered;
          buffered = null;
          for (const e of waiting.sort((a, b) => a.id - b.id)) send(e);
        }
      };
      unsubscribe = await jobFeedHub(database).subscribe(who, {
        send: (e) => (buffered ? buffered.push(e) : send(e)),
        recheck,
        catchUp,
        end: revoke,
      });
      if (closed) {
        unsubscribe();
        return;
      }
      // Without Last-Event-ID the feed starts now: its cursor is the newest event already logged, given
      // as the `ready` event's id, so a client that reconnects before its first job event misses nothing.
      if (lastSent === 0) lastSent = await latestEventId(ctx.db, who);
      await catchUp();
      write(`id: ${lastSent}\nevent: ready\ndata: ${JSON.stringify({ last_event_id: lastSent })}\n\n`);
      // The heartbeat also rechecks the identity, in case an announcement was missed (a reconnecting LISTEN).
      heartbeat = setInterval(() => {
        void recheck().then(
          (ok) =>
            ok ? write(`event: heartbeat\ndata: ${JSON.stringify({ time: new Date().toISOString() })}\n\n`) : revoke(),
          () => undefined,
        );
      }, HEARTBEAT_MS);
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
