import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * A small round-robin front for trying the production topology on one machine (`npm run cluster`).
 * In production put nginx, HAProxy or the cloud's load balancer here (docs/operations.md): this front
 * does what they do for Studio and nothing more.
 *
 * - Requests go to the ready backends in turn. A backend is ready while its `GET /api/health` answers
 *   200; a draining one answers 503 and stops getting new requests within one check.
 * - A request that never reached its backend (connection refused, or a kept-alive connection the
 *   backend had just closed) goes to the next one: nothing was processed, so this is safe for every
 *   method (the body is buffered up to `retryBodyBytes` for that; a larger one is streamed, not retried).
 *   A request that may have been processed is never sent twice.
 * - `X-Forwarded-For` carries the caller's address (Studio reads it with STUDIO_CLIENT_IP_HEADER).
 */
export interface FrontOptions {
  backends: string[];
  /** How often each backend's readiness is checked. */
  checkEveryMs?: number;
  retryBodyBytes?: number;
}

export interface Front {
  server: Server;
  /** Backends currently taking requests. */
  ready(): string[];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

function forwardHeaders(req: IncomingMessage): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  const caller = req.socket.remoteAddress ?? '';
  const previous = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = previous ? `${String(previous)}, ${caller}` : caller;
  return headers;
}

/** Reads the body when it is small enough to be sent again; otherwise null (stream it once). */
async function bufferedBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (req.method === 'GET' || req.method === 'HEAD') return Buffer.alloc(0);
  if (!req.headers['content-length'] || declared > limit) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function startFront(port: number, host: string, options: FrontOptions): Promise<Front> {
  const { backends, checkEveryMs = 1000, retryBodyBytes = 1024 * 1024 } = options;
  const readiness = new Map(backends.map((b) => [b, false]));
  let turn = 0;

  const check = async (backend: string) => {
    try {
      const res = await fetch(`${backend}/api/health`, { signal: AbortSignal.timeout(Math.max(500, checkEveryMs)) });
      await res.body?.cancel();
      readiness.set(backend, res.ok);
    } catch {
      readiness.set(backend, false);
    }
  };
  const checks = () => Promise.all(backends.map(check));
  const timer = setInterval(() => void checks(), checkEveryMs);
  timer.unref();

  /** The backends to try for one request: the ready ones from the next in turn, then the rest as a last resort. */
  const order = (): string[] => {
    const start = turn++ % backends.length;
    const rotated = [...backends.slice(start), ...backends.slice(0, start)];
    return [...rotated.filter((b) => readiness.get(b)), ...rotated.filter((b) => !readiness.get(b))];
  };

  const proxy = (req: IncomingMessage, res: ServerResponse, body: Buffer | null, candidates: string[]) => {
    const backend = candidates[0];
    if (!backend) {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end(
        JSON.stringify({ ok: false, error: 'No Studio instance is ready; try again shortly', code: 'UNAVAILABLE' }),
      );
      return;
    }
    const target = new URL(req.url ?? '/', backend);
    const upstream = request(target, { method: req.method, headers: forwardHeaders(req) }, (answer) => {
      const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
      res.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(res);
    });
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      // Nothing reached the backend: it refused the connection, or closed an idle kept-alive one as we
      // reused it (Node's reusedSocket). Anything else may have been processed and is not sent twice.
      const unsent =
        !res.headersSent &&
        (err.code === 'ECONNREFUSED' || (upstream.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE')));
      if (unsent && body) {
        readiness.set(backend, false);
        proxy(req, res, body, candidates.slice(1));
      } else if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: false, error: 'The Studio instance did not answer', code: 'BAD_GATEWAY' }));
      } else {
        res.destroy();
      }
    });
    // The caller went away: so does the request behind it (a chat stream stops upstream at once).
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    if (body) upstream.end(body);
    else req.pipe(upstream);
  };

  const server = createServer((req, res) => {
    bufferedBody(req, retryBodyBytes)
      .then((body) => proxy(req, res, body, order()))
      .catch(() => res.destroy());
  });
  // Long answers (SSE, slow generations) are the backends' business, not the front's.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;

  return new Promise((resolve) => {
    void checks().then(() =>
      server.listen(port, host, () =>
        resolve({
          server,
          ready: () => backends.filter((b) => readiness.get(b)),
          close: () =>
            new Promise<void>((done) => {
              clearInterval(timer);
              server.close(() => done());
              server.closeAllConnections();
            }),
        }),
      ),
    );
  });
}
