/**
 * Image job benchmark on PostgreSQL with the simulator. Prints:
 *  A. submission to upstream call start, P50 (target <= 25 ms);
 *  B. end-to-end throughput with the simulator at zero latency (target >= 300 jobs/s);
 *  C. 2,000 jobs in flight against 20-second upstream latency in one worker: peak worker RSS (target < 400 MB);
 *  D. GET /api/jobs?id= requests per second (target >= 800), measured with wrk.
 * Usage: npm run bench:jobs   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import postgres from 'postgres';
import { freePort, rssMb, scratchDatabase, startScript, waitHttp } from './lib';

const root = path.resolve(import.meta.dirname, '..');
const ADMIN = `sk-studio-bench${randomBytes(16).toString('hex')}`;
const children: ChildProcess[] = [];

// BENCH_PROFILE=1 writes a CPU profile of the worker into .data/ for a look at where time goes.
const start = (script: string, env: Record<string, string>, profile = false) => startScript(children, script, env, profile);

async function main(): Promise<void> {
  const scratch = await scratchDatabase();
  const { url, name: dbName } = scratch;
  const sql = postgres(url, { max: 4, onnotice: () => {} });
  try {
    const [port, simPort] = [await freePort(), await freePort()];
    const sim = `http://127.0.0.1:${simPort}`;
    const env: Record<string, string> = {
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      STUDIO_SIM_PORT: String(simPort),
      STUDIO_ADMIN_KEY: ADMIN,
      STUDIO_DEMO: '0',
      STUDIO_IMAGE_RATE_PER_HOUR: '100000000',
      STUDIO_WORKER_CONCURRENCY: '2500',
      STUDIO_DATA_DIR: path.join(root, '.data', `bench-${dbName}`),
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
    };
    start('src/sim/main.ts', env);
    await waitHttp(`${sim}/__sim/health`);
    start('scripts/start.ts', { ...env, STUDIO_WORKER: 'off' });
    const api = `http://127.0.0.1:${port}/api`;
    await waitHttp(`${api}/health`);
    const worker = start('src/worker/main.ts', env, process.env.BENCH_PROFILE === '1');
    await new Promise((r) => setTimeout(r, 3000));

    const created = (await (
      await fetch(`${api}/admin`, {
        method: 'POST',
        headers: { 'x-api-key': ADMIN, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'tenant-create', name: 'Bench 压测', credits: 10_000_000 }),
      })
    ).json()) as { api_key: string };
    const key = created.api_key;
    const post = (p: string, body: unknown) =>
      fetch(`${api}${p}`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
        async (r) => {
          if (!r.ok) throw new Error(`${p} ${r.status} ${await r.text()}`);
          return r.json() as Promise<{ jobId?: string; jobs?: { jobId: string }[] }>;
        },
      );
    const waitAllDone = async (n: number, ms: number) => {
      const end = Date.now() + ms;
      for (;;) {
        const [row] = await sql<{ n: number }[]>`select count(*)::int as n from jobs where status <> 'pending'`;
        if ((row?.n ?? 0) >= n) return;
        if (Date.now() > end) throw new Error(`only ${row?.n} of ${n} jobs finished`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const setLatency = async (ms: number) => {
      for (const channel of ['sim-image-a', 'sim-image-b', 'sim-image-c']) {
        await fetch(`${sim}/__sim/config`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ channel, latency_ms: ms }) });
      }
    };

    // Warm up: render caches, JIT, connections.
    await setLatency(0);
    await Promise.all(Array.from({ length: 4 }, () => post('/generate-batch', { items: Array.from({ length: 32 }, () => ({ prompt: 'bench', quality: 'low' })) })));
    await waitAllDone(128, 60_000);

    // A. Submission to upstream call start, one job at a time.
    for (let i = 0; i < 200; i++) await post('/generate', { prompt: 'bench', quality: 'low' });
    await waitAllDone(328, 60_000);
    const [lat] = await sql<{ p50: number; p95: number }[]>`
      select percentile_cont(0.5) within group (order by ms) as p50, percentile_cont(0.95) within group (order by ms) as p95
        from (select extract(epoch from (a.started_at - j.created_at)) * 1000 as ms
                from jobs j join upstream_attempts a on a.ref = j.id::text and a.try_no = 1 and a.chain_pos = 1
               order by j.created_at desc limit 200) x`;
    console.log(`A. submission to upstream call start (200 jobs): P50 ${Number(lat?.p50).toFixed(1)} ms, P95 ${Number(lat?.p95).toFixed(1)} ms (target P50 <= 25 ms)`);

    // B. Throughput: 3,008 jobs in batches of 32, eight batches in flight at a time.
    const before = 328;
    const total = 94 * 32;
    const t0 = Date.now();
    const batches = Array.from({ length: 94 }, () => ({ items: Array.from({ length: 32 }, () => ({ prompt: 'bench', quality: 'low' })) }));
    for (let i = 0; i < batches.length; i += 8) await Promise.all(batches.slice(i, i + 8).map((b) => post('/generate-batch', b)));
    await waitAllDone(before + total, 300_000);
    const seconds = (Date.now() - t0) / 1000;
    const [failed] = await sql<{ n: number }[]>`select count(*)::int as n from jobs where status = 'failed'`;
    console.log(`B. end-to-end throughput, simulator at 0 ms: ${total} jobs in ${seconds.toFixed(1)} s = ${(total / seconds).toFixed(0)} jobs/s, ${failed?.n ?? 0} failed (target >= 300 jobs/s)`);

    if (process.env.BENCH_ONLY === 'AB') return;

    // C. 2,000 in flight against 20 s upstream latency.
    await setLatency(20_000);
    const idle = rssMb(worker.pid);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(worker.pid))), 200);
    const c0 = Date.now();
    for (let i = 0; i < 63; i += 9) {
      await Promise.all(
        Array.from({ length: Math.min(9, 63 - i) }, () => post('/generate-batch', { items: Array.from({ length: 32 }, () => ({ prompt: 'bench slow', quality: 'low' })) })),
      );
    }
    let inFlight = 0;
    for (let i = 0; i < 100; i++) {
      const [row] = await sql<{ n: number }[]>`select count(*)::int as n from jobs where status = 'pending' and started_at is not null`;
      inFlight = Math.max(inFlight, row?.n ?? 0);
      if (inFlight >= 2000) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await waitAllDone(before + total + 2016, 180_000);
    clearInterval(sampler);
    console.log(
      `C. ${inFlight} jobs in flight at once against 20 s latency, all done in ${((Date.now() - c0) / 1000).toFixed(1)} s: worker RSS idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (target < 400 MB)`,
    );
    await setLatency(0);

    // D. Reads.
    const [one] = await sql<{ id: string }[]>`select id from jobs limit 1`;
    const wrk = spawnSync('wrk', ['-t2', '-c64', '-d10s', '-H', `X-API-Key: ${key}`, `${api}/jobs?id=${one?.id}`], { encoding: 'utf8' });
    const rps = /Requests\/sec:\s+([\d.]+)/.exec(wrk.stdout ?? '')?.[1];
    const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(wrk.stdout ?? '')?.[1] ?? '0';
    console.log(
      rps
        ? `D. GET /api/jobs?id= : ${Number(rps).toFixed(0)} requests/s with 64 connections, ${non2xx} errors (target >= 800)`
        : `D. wrk is not installed (apt-get install wrk); skipped`,
    );
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    await sql.end({ timeout: 5 });
    await scratch.drop();
    spawnSync('rm', ['-rf', path.join(root, '.data', `bench-${dbName}`)]);
  }
}

await main();
