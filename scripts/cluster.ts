import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuild } from './ensure-build';
import { startFront } from './cluster/front';
import { startSimulator, type SimulatorProcess } from './simulator';
import { getConfig } from '../src/server/config';
import { runMigrations } from '../src/server/db/migrate';
import { closeDatabase } from '../src/server/db/client';
import { getRuntime } from '../src/server/runtime';

/**
 * The production topology on one machine: `npm run cluster -- --web 2 --workers 2`.
 * PostgreSQL from DATABASE_URL (required), files on S3 when S3_BUCKET is set, N web processes on
 * consecutive ports after PORT behind a round-robin front on PORT, M worker processes, and the upstream
 * simulator once (unless STUDIO_UPSTREAMS_FILE names real upstreams). A process that dies is started
 * again after a second, as a process manager would; SIGTERM drains them all.
 */
const root = path.resolve(import.meta.dirname, '..');

interface Member {
  name: string;
  entry: string;
  env: Record<string, string>;
  child: ChildProcess | null;
}

function options() {
  const { values } = parseArgs({
    options: { web: { type: 'string', default: '2' }, workers: { type: 'string', default: '2' } },
    allowPositionals: false,
  });
  const web = Number(values.web);
  const workers = Number(values.workers);
  if (!Number.isInteger(web) || web < 1 || web > 32) throw new Error('--web must be a whole number from 1 to 32');
  if (!Number.isInteger(workers) || workers < 0 || workers > 32) throw new Error('--workers must be a whole number from 0 to 32');
  return { web, workers };
}

async function main() {
  const { web, workers } = options();
  const config = getConfig();
  if (!config.databaseUrl) {
    console.error('npm run cluster needs DATABASE_URL: several processes share one PostgreSQL (the embedded database is for one process).');
    process.exit(1);
  }

  // Once, before anyone starts: the build and the migrations (each process would also take the lock).
  ensureBuild();
  const rt = await getRuntime();
  await runMigrations(rt.database, config.databaseUrl);
  await closeDatabase();

  let sim: SimulatorProcess | null = null;
  if (!config.upstreamsFile) sim = await startSimulator(config.simPort);

  const backends = Array.from({ length: web }, (_, i) => `http://127.0.0.1:${config.port + 1 + i}`);
  const shared = {
    // Every web process reuses the one simulator on STUDIO_SIM_PORT (scripts/simulator.ts).
    STUDIO_SIM_PORT: String(config.simPort),
    STUDIO_CLIENT_IP_HEADER: 'x-forwarded-for',
    PUBLIC_BASE_URL: config.publicBaseUrl,
  };
  const members: Member[] = [
    ...backends.map((origin, i) => ({
      name: `web-${i + 1}`,
      entry: 'scripts/start.ts',
      env: { ...shared, PORT: new URL(origin).port, HOST: '127.0.0.1', STUDIO_WORKER: 'off', STUDIO_DEMO: i === 0 ? (process.env.STUDIO_DEMO ?? '1') : '0' },
      child: null,
    })),
    ...Array.from({ length: workers }, (_, i) => ({ name: `worker-${i + 1}`, entry: 'src/worker/main.ts', env: shared, child: null })),
  ];

  let stopping = false;
  const launch = (m: Member) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, m.entry)], {
      cwd: root,
      env: { ...process.env, ...m.env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    m.child = child;
    console.log(`[cluster] ${m.name} started (pid ${child.pid})`);
    child.once('exit', (code, signal) => {
      m.child = null;
      if (stopping) return;
      console.log(`[cluster] ${m.name} exited (${signal ?? `code ${code}`}); starting it again in 1 s`);
      setTimeout(() => !stopping && launch(m), 1000);
    });
  };
  // The first web process creates the demo tenant and admin key; the others start after it.
  const [first, ...rest] = members;
  if (first) {
    launch(first);
    await waitReady(backends[0] ?? '');
  }
  for (const m of rest) launch(m);

  const front = await startFront(config.port, config.host, { backends });
  console.log(
    [
      '',
      `Studio cluster: ${web} web + ${workers} worker processes on PostgreSQL${config.s3 ? ' and S3' : ''}`,
      `  front:     http://${config.host}:${config.port} (round robin over ${backends.join(', ')})`,
      `  console:   ${config.publicBaseUrl}/login`,
      `  pids:      ${members.map((m) => `${m.name}=${m.child?.pid ?? '-'}`).join(' ')}`,
      config.upstreamsFile ? `  upstreams: ${config.upstreamsFile}` : `  upstreams: SIMULATED — the bundled simulator at ${sim?.origin}`,
      '',
    ].join('\n'),
  );

  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`[cluster] ${signal}: draining every process`);
    await Promise.all(
      members.map(
        (m) =>
          new Promise<void>((resolve) => {
            if (!m.child) return resolve();
            m.child.once('exit', () => resolve());
            m.child.kill('SIGTERM');
          }),
      ),
    );
    await front.close();
    await sim?.stop();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

async function waitReady(origin: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      const res = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${origin} did not become ready within 180 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
