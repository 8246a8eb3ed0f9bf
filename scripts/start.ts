import { existsSync } from 'node:fs';
import path from 'node:path';
import next from 'next';
import { ensureBuild } from './ensure-build';
import { remoteSimulator, startSimulator, type SimulatorProcess } from './simulator';
import { bootstrap } from '@/server/domain/setup/bootstrap';
import { getConfig } from '@/server/config';
import { boundHeapGrowth, dropImageCache } from '@/server/heap';
import { ensureSchema } from '@/server/db/migrate';
import { closeCreditHolds } from '@/server/domain/credits/hold-registry';
import { flushCalls } from '@/server/domain/calls/record';
import { closeTokenShares } from '@/server/domain/limits/token-shares';
import { flushAttempts } from '@/server/upstreams/engine';
import { trackRequests } from '@/server/edge/graceful';
import { createFrontServer } from '@/server/edge/server';
import { runProcess } from '@/server/lifecycle';
import { startMetricsServer, type MetricsServer } from '@/server/edge/metrics/server';
import { getRuntime } from '@/server/runtime';
import { loadUpstreamsFile, simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { startTracing } from '@/server/tracing/tracing';
import { startWorker, type WorkerHandle } from '@/worker/runner';
import { recurringTasksFor } from '@/worker/tasks';

const root = path.resolve(import.meta.dirname, '..');

async function main() {
  const config = getConfig();
  boundHeapGrowth(config.heapGrowthPercent);
  dropImageCache();
  ensureBuild({ serve: true });
  // Before anything calls out, so every HTTP client call of a traced request is a span (when OTLP is configured).
  const stopTracing = await startTracing(config.tracing, 'studio-web');
  const rt = await getRuntime();
  // A database ahead of this code stops start-up; one behind is migrated (unless STUDIO_MIGRATE=off).
  await ensureSchema(rt.database, config.databaseSessionUrl, { migrate: config.migrate });
  const report = await bootstrap(rt.db, config);

  // Upstreams: the operator's file, or else the bundled simulator (always labelled as such).
  let sim: SimulatorProcess | null = null;
  if (config.upstreamsFile) {
    await syncUpstreams(rt.db, config.secret, loadUpstreamsFile(config.upstreamsFile), 'file');
  } else {
    // One simulator for all: another container's (STUDIO_SIM_URL), one already on STUDIO_SIM_PORT, or a new one.
    sim = config.simUrl ? remoteSimulator(config.simUrl) : await startSimulator(config.simPort);
    await syncUpstreams(rt.db, config.secret, simulatorUpstreams(sim.origin), 'simulator');
  }

  const app = next({ dev: false, dir: root, hostname: config.host, port: config.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = createFrontServer(config, handle);
  const drainer = trackRequests(server);
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  let worker: WorkerHandle | null = null;
  if (config.worker === 'inline') worker = await startWorker(rt, recurringTasksFor(config));
  // The separate metrics port (no key); in embedded mode it shows the inline worker's metrics too.
  const metricsServer: MetricsServer | null = config.metricsPort
    ? await startMetricsServer(config.metricsPort, config.host, rt.database)
    : null;

  const base = config.publicBaseUrl;
  const lines = [
    '',
    `Studio is running (${rt.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}; worker ${worker ? 'in this process' : 'off: run `npm run worker`'})`,
    `  console:   ${base}/login`,
    `  API:       ${base}/api  (reference: ${base}/docs, OpenAPI: ${base}/api/openapi.json)`,
    `  listening: http://${config.host}:${port}${metricsServer ? ` (metrics: http://${config.host}:${metricsServer.port}/metrics)` : ''}`,
    config.upstreamsFile
      ? `  upstreams: ${config.upstreamsFile}`
      : `  upstreams: SIMULATED — the bundled simulator at ${sim?.origin} serves every request; results are not real AI output. Set STUDIO_UPSTREAMS_FILE for real providers.`,
  ];
  if (report.generatedAdminKey) {
    lines.push('', '  Super-administrator key (shown once; keep it safe):', `    ${report.generatedAdminKey}`);
  }
  if (report.demo) {
    lines.push(
      '',
      `  Demo tenant "${report.demo.tenantName}" created:`,
      `    tenant key: ${report.demo.apiKey}`,
      `    console login: ${report.demo.email} / ${report.demo.password}`,
      `    (also saved in ${report.demo.file})`,
      `    try: curl -H "X-API-Key: ${report.demo.apiKey}" ${base}/api/balance`,
    );
  } else if (existsSync(path.join(config.dataDir, 'demo-login.txt'))) {
    lines.push('', `  Demo login and key: ${path.join(config.dataDir, 'demo-login.txt')}`);
  }
  console.log(lines.join('\n') + '\n');

  return {
    async stop(signal: string) {
      console.log(
        `${signal}: draining (readiness answers 503; requests in flight and held tasks get up to ${config.drain.ms} ms)`,
      );
      // The web side and the inline worker drain side by side, within the same deadline.
      const [cut] = await Promise.all([
        drainer.drain(config.drain.ms, config.drain.delayMs),
        worker?.stop(config.drain.ms),
      ]);
      // Chat charges still queued are written, the wallets' holds and the unspent rate-limit tokens given back.
      await Promise.all([closeCreditHolds(), closeTokenShares(), flushAttempts(), flushCalls()]).catch((err: unknown) =>
        console.error('could not write what chat still held:', err),
      );
      await metricsServer?.close();
      await sim?.stop();
      await app.close();
      await stopTracing();
      console.log(cut > 0 ? `${signal}: stopped (${cut} request(s) cut at the deadline)` : `${signal}: stopped`);
    },
  };
}

runProcess(main);
