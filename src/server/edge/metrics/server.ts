import { createServer, type Server } from 'node:http';
import type { Database } from '@/server/db/client';
import { logger } from '@/server/logger';
import { metricsText } from './endpoint';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Serves the metrics on their own port (STUDIO_METRICS_PORT) at `/metrics` (also `/api/metrics`),
 * without a key: keep that port on the private network Prometheus scrapes from. The worker process
 * has no other HTTP surface; in embedded mode the web process serves the worker's metrics too (one
 * process, one registry).
 */
export async function startMetricsServer(
  port: number,
  host: string,
  database: Pick<Database, 'db' | 'kind'>,
): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0];
    if (req.method !== 'GET' || (path !== '/metrics' && path !== '/api/metrics')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    metricsText({ database }).then(
      async (answer) => {
        res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(await answer.text());
      },
      (err: unknown) => {
        logger.error({ err }, 'metrics could not be rendered');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
