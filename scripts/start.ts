import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import next from 'next';
import { bootstrap } from '../src/server/domain/setup/bootstrap';
import { ConfigError, getConfig } from '../src/server/config';
import { closeDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { getRuntime } from '../src/server/runtime';
import { startWorker, type WorkerHandle } from '../src/worker/runner';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the web app when there is no build yet or the sources changed since the last one. */
export function ensureBuild(): void {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  const stale = !existsSync(buildId) || newestMtime(path.join(root, 'src')) > statSync(buildId).mtimeMs;
  if (!stale) return;
  console.log('Building the web app (first start, or the sources changed)...');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error('next build failed');
}

async function main(): Promise<void> {
  const config = getConfig();
  ensureBuild();
  const rt = await getRuntime();
  await runMigrations(rt.database, config.databaseUrl);
  const report = await bootstrap(rt.db, config);

  const app = next({ dev: false, dir: root, hostname: config.host, port: config.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  let worker: WorkerHandle | null = null;
  if (config.worker === 'inline') worker = startWorker(rt);

  const base = config.publicBaseUrl;
  const lines = [
    '',
    `Studio is running (${rt.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}; worker ${worker ? 'in this process' : 'off: run `npm run worker`'})`,
    `  console:   ${base}/login`,
    `  API:       ${base}/api  (reference: ${base}/docs, OpenAPI: ${base}/api/openapi.json)`,
    `  listening: http://${config.host}:${port}`,
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

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    server.close();
    await worker?.stop();
    await app.close();
    await closeDatabase();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
