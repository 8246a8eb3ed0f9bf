import { getConfig } from '@/server/config';
import { boundHeapGrowth, dropImageCache } from '@/server/heap';
import { ensureSchema } from '@/server/db/migrate';
import { runProcess } from '@/server/lifecycle';
import { startMetricsServer } from '@/server/edge/metrics/server';
import { getRuntime } from '@/server/runtime';
import { startTracing } from '@/server/tracing/tracing';
import { startWorker } from './runner';
import { recurringTasksFor } from './tasks';

/** The worker as its own process (PostgreSQL only; embedded mode runs it inside `npm start`). */
async function main() {
  const config = getConfig();
  boundHeapGrowth(config.workerHeapGrowthPercent);
  dropImageCache();
  if (!config.databaseUrl) {
    console.error(
      'npm run worker needs DATABASE_URL: the embedded database allows one process per data folder, and `npm start` already runs the worker inside it.',
    );
    process.exit(1);
  }
  const stopTracing = await startTracing(config.tracing, 'studio-worker');
  const rt = await getRuntime();
  await ensureSchema(rt.database, config.databaseSessionUrl, { migrate: config.migrate });
  const worker = await startWorker(rt, recurringTasksFor(config));
  // The worker has no HTTP surface of its own: its metrics are on STUDIO_METRICS_PORT when set.
  const metricsServer = config.metricsPort
    ? await startMetricsServer(config.metricsPort, config.host, rt.database)
    : null;
  if (metricsServer) console.log(`worker metrics: http://${config.host}:${metricsServer.port}/metrics`);
  return {
    async stop(signal: string) {
      console.log(
        `${signal}: draining the worker (held tasks get up to ${config.drain.ms} ms, then go back to the queue)`,
      );
      await worker.stop(config.drain.ms);
      await metricsServer?.close();
      await stopTracing();
    },
  };
}

runProcess(main);
