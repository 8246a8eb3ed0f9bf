import type { Server } from 'node:http';
import { beginDrain, isDraining } from '@/server/drain';
import { logger } from '@/server/logger';

export interface Drainer {
  /** Requests being answered now (an open event stream counts until it ends). */
  inFlight(): number;
  /**
   * Shuts the server down gracefully within `deadlineMs` of the call: readiness answers 503 at once
   * and event streams end with a reconnect hint; after `acceptMs` the listener closes (new connections
   * are refused) and idle keep-alive connections are closed; requests in flight may finish until the
   * deadline, when the remaining connections are cut. Answers how many requests were cut.
   */
  drain(deadlineMs: number, acceptMs?: number): Promise<number>;
}

/** Tracks the requests of `server` so that a shutdown can wait for them. Call before it listens. */
export function trackRequests(server: Server): Drainer {
  let active = 0;
  let idle: (() => void) | null = null;
  server.on('request', (req, res) => {
    active += 1;
    // While draining, every answer closes its connection: clients reconnect to another instance.
    if (isDraining() && !res.headersSent) res.setHeader('connection', 'close');
    res.once('close', () => {
      active -= 1;
      if (active === 0) idle?.();
    });
  });
  return {
    inFlight: () => active,
    async drain(deadlineMs, acceptMs = 0) {
      const deadline = Date.now() + deadlineMs;
      beginDrain();
      if (acceptMs > 0) await new Promise((r) => setTimeout(r, Math.min(acceptMs, deadlineMs)));
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // Connections that go idle later (a keep-alive client between requests) are closed as they do.
      const sweep = setInterval(() => server.closeIdleConnections(), 250);
      const allDone = active === 0 ? Promise.resolve() : new Promise<void>((resolve) => (idle = resolve));
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>(
        (resolve) => (timer = setTimeout(() => resolve('late'), Math.max(0, deadline - Date.now()))),
      );
      const outcome = await Promise.race([allDone.then(() => 'done' as const), late]);
      clearTimeout(timer);
      clearInterval(sweep);
      const cut = outcome === 'late' ? active : 0;
      if (cut > 0) logger.warn({ cut }, 'drain deadline passed: cutting the requests still in flight');
      server.closeAllConnections();
      await closed;
      return cut;
    },
  };
}
