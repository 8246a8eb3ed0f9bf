/**
 * Authenticated REST reads on PostgreSQL, beside a floor measured in the same run: a bare `node:http`
 * server that takes the key, hashes it (SHA-256), looks it up and reads the balance with the `postgres`
 * driver (two queries, no framework, no validation, no error conventions). For each, at 32 concurrent
 * clients: requests per second and CPU ms per request of the serving process, and Studio's ratio to the
 * floor (issue target: at most 2×).
 *  A. GET /api/balance
 *  B. GET /api/jobs?id=<a pending job>
 * Usage: npm run bench:rest   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
 * BENCH_REST_SECONDS (default 10) changes the run; BENCH_PROFILE=1 profiles the web process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Pool } from 'undici';
import { cpuMs, freePort, ROOT, scratchDatabase, startBenchServer, waitHttp } from './lib';

const SECONDS = Number(process.env.BENCH_REST_SECONDS ?? 10);
const CONCURRENCY = 32;

const FLOOR_SOURCE = `
const http = require('node:http');
const { createHash } = require('node:crypto');
const postgres = require('postgres');
const sql = postgres(process.env.DATABASE_URL, { max: 10 });
http.createServer(async (req, res) => {
  if (req.url === '/ready') { res.end('ok'); return; }
  try {
    const key = req.headers['x-api-key'] || '';
    const digest = createHash('sha256').update(key).digest('hex');
    const [k] = await sql\`select tenant_id from api_keys where digest = \${digest} and revoked_at is null\`;
    if (!k) { res.writeHead(401, { 'content-type': 'application/json' }); res.end('{"ok":false}'); return; }
    const [t] = await sql\`select credits from tenants where id = \${k.tenant_id}\`;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: true, credits: t.credits }));
  } catch (e) { res.writeHead(500); res.end(); }
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

interface Figure {
  rps: number;
  cpuPerReq: number;
  errors: number;
}

async function load(origin: string, path: string, key: string, pid: number | undefined): Promise<Figure> {
  const pool = new Pool(origin, { connections: CONCURRENCY, pipelining: 1 });
  // Warm up (JIT, connection pools, caches) before measuring.
  const warmEnd = Date.now() + 2000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < warmEnd) await (await pool.request({ path, method: 'GET', headers: { 'x-api-key': key } })).body.text();
    }),
  );
  let done = 0;
  let errors = 0;
  const end = Date.now() + SECONDS * 1000;
  const cpu0 = cpuMs(pid);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        const res = await pool.request({ path, method: 'GET', headers: { 'x-api-key': key } });
        await res.body.text();
        if (res.statusCode === 200) done += 1;
        else errors += 1;
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = cpuMs(pid) - cpu0;
  await pool.close();
  return { rps: done / elapsed, cpuPerReq: cpu / Math.max(1, done), errors };
}

const row = (name: string, f: Figure, floor?: Figure) =>
  `| ${name} | ${f.rps.toFixed(0)} | ${f.cpuPerReq.toFixed(3)} ms | ${floor ? `${(f.cpuPerReq / floor.cpuPerReq).toFixed(2)}×` : '1.00×'} | ${f.errors} |`;

async function main(): Promise<void> {
  const scratch = await scratchDatabase();
  const children: ChildProcess[] = [];
  const server = await startBenchServer({ DATABASE_URL: scratch.url });
  try {
    const tenant = await server.tenant('基准租户', 1000);
    const submitted = await fetch(`${server.api}/generate`, {
      method: 'POST',
      headers: { 'x-api-key': tenant.key, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: '基准 bench', quality: 'low' }),
    });
    const { jobId } = (await submitted.json()) as { jobId: string };

    const floorPort = await freePort();
    const floor = spawn(process.execPath, ['-e', FLOOR_SOURCE], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(floorPort), DATABASE_URL: scratch.url },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(floor);
    const floorOrigin = `http://127.0.0.1:${floorPort}`;
    await waitHttp(`${floorOrigin}/ready`, 10_000);
    const studioOrigin = server.api.replace(/\/api$/, '');

    const floorFigure = await load(floorOrigin, '/', tenant.key, floor.pid);
    const balance = await load(studioOrigin, '/api/balance', tenant.key, server.pid);
    const job = await load(studioOrigin, `/api/jobs?id=${jobId}`, tenant.key, server.pid);

    console.log(`\nAuthenticated REST reads on PostgreSQL (${CONCURRENCY} concurrent clients, ${SECONDS} s each)\n`);
    console.log('| target | requests/s | CPU per request | vs floor | errors |');
    console.log('|---|---|---|---|---|');
    console.log(row('floor: node:http + SHA-256 + two queries', floorFigure));
    console.log(row('A. GET /api/balance', balance, floorFigure));
    console.log(row('B. GET /api/jobs?id=', job, floorFigure));
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await server.stop();
    await scratch.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
