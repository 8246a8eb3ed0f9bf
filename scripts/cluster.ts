import { parseArgs } from 'node:util';
import { ensureBuild } from './ensure-build';
import { startTopology } from './cluster/topology';
import { startSimulator, type SimulatorProcess } from './simulator';
import { getConfig } from '@/server/config';
import { runMigrations } from '@/server/db/migrate';
import { closeDatabase } from '@/server/db/client';
import { getRuntime } from '@/server/runtime';

/**
 * The production topology on one machine: `npm run cluster -- --web 2 --workers 2`.
 * PostgreSQL from DATABASE_URL (required), files on S3 when S3_BUCKET is set, N web processes on
 * consecutive ports after PORT behind a round-robin front on PORT, M worker processes, and the upstream
 * simulator once (unless STUDIO_UPSTREAMS_FILE names real upstreams). A process that dies is started
 * again after a second, as a process manager would; SIGTERM drains them all.
 */
function options() {
  const { values } = parseArgs({
    options: { web: { type: 'string', default: '2' }, workers: { type: 'string', default: '2' } },
    allowPositionals: false,
  });
  const web = Number(values.web);
  const workers = Number(values.workers);
  if (!Number.isInteger(web) || web < 1 || web > 32) throw new Error('--web must be a whole number from 1 to 32');
  if (!Number.isInteger(workers) || workers < 0 || workers > 32)
    throw new Error('--workers must be a whole number from 0 to 32');
  return { web, workers };
}

async function main() {
  const { web, workers } = options();
  const config = getConfig();
  if (!config.databaseUrl) {
    console.error(
      'npm run cluster needs DATABASE_URL: several processes share one PostgreSQL (the embedded database is for one process).',
    );
    process.exit(1);
  }

  // Once, before anyone starts: the build and the migrations (each process would also take the lock).
  ensureBuild();
  const rt = await getRuntime();
  await runMigrations(rt.database, config.databaseSessionUrl);
  await closeDatabase();

  let sim: SimulatorProcess | null = null;
  if (!config.upstreamsFile && !config.simUrl) sim = await startSimulator(config.simPort);

  const topology = await startTopology({
    web,
    workers,
    port: config.port,
    host: config.host,
    env: {
      // Every web process reuses the one simulator (scripts/simulator.ts).
      STUDIO_SIM_PORT: String(config.simPort),
      STUDIO_CLIENT_IP_HEADER: 'x-forwarded-for',
      PUBLIC_BASE_URL: config.publicBaseUrl,
      STUDIO_DEMO: '0',
    },
    firstWebEnv: { STUDIO_DEMO: process.env.STUDIO_DEMO ?? '1' },
  });
  const members = [...topology.web, ...topology.workers];
  console.log(
    [
      '',
      `Studio cluster: ${web} web + ${workers} worker processes on PostgreSQL${config.s3 ? ' and S3' : ''}`,
      `  front:     http://${config.host}:${config.port} (round robin over ${topology.web.map((m) => m.origin).join(', ')})`,
      `  console:   ${config.publicBaseUrl}/login`,
      `  pids:      ${members.map((m) => `${m.name}=${m.child?.pid ?? '-'}`).join(' ')}`,
      config.upstreamsFile
        ? `  upstreams: ${config.upstreamsFile}`
        : `  upstreams: SIMULATED — the bundled simulator at ${sim?.origin ?? config.simUrl}`,
      '',
    ].join('\n'),
  );

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`[cluster] ${signal}: draining every process`);
    await topology.stop();
    await sim?.stop();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
