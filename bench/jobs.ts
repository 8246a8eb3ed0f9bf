/**
 * Image job benchmark on PostgreSQL with the simulator. Each figure is printed with its target and,
 * where one exists, a floor measured in the same run and the ratio to it:
 *  A. submission to upstream call start, P50 <= 5 ms and P95 <= 15 ms; floor: a raw `postgres`
 *     insert + NOTIFY in one transaction until a LISTENing connection hears it;
 *  B. end-to-end throughput with the simulator at zero latency, >= 1,000 jobs/s; floor (a ceiling,
 *     really): the simulator's own answer rate for the same image request, called directly;
 *  C. 10,000 jobs in flight in one worker against 20-second upstream latency: peak worker RSS
 *     < 500 MB; beside it the worker's idle RSS and the memory per job in flight;
 *  D. GET /api/jobs?id= requests per second (target >= 800), measured with wrk;
 *  then the mixed-protocol run (bench/mixed-protocols.ts): the same image load on one protocol and on four
 *     (two asynchronous) at simulator latency 0 and 2 s, jobs/s, dispatch P50/P95 and worker RSS per job in
 *     flight side by side (target: the mixed figures within 20 % of the one-protocol ones).
 * Usage: npm run bench:jobs   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_JOBS_SIZE=small  a short run for CI (fewer jobs everywhere, 1,000 in flight in C);
 *   BENCH_ONLY=AB          stops after B;   BENCH_MIXED=0 skips the mixed-protocol run;   BENCH_PROFILE=1 (or worker) writes a worker CPU profile into .data/profiles,
 *   BENCH_PROFILE=web      the web server's.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import postgres from 'postgres';
import { Agent, request } from 'undici';
import { cpuMs, freePort, percentile, rssMb, scratchDatabase, startScript, waitHttp } from './lib';
import { MIXED_SIZES, mixedProtocols } from './mixed-protocols';

const root = path.resolve(import.meta.dirname, '..');
const ADMIN = `sk-studio-bench${randomBytes(16).toString('hex')}`;
const children: ChildProcess[] = [];

const SMALL = process.env.BENCH_JOBS_SIZE === 'small';
/** Jobs timed one at a time (A), batches of 32 for throughput (B), jobs held in flight (C). */
const SIZE = SMALL
  ? { latencyJobs: 50, throughputBatches: 24, inFlight: 1_000 }
  : { latencyJobs: 200, throughputBatches: 188, inFlight: 10_000 };
const TARGET = { p50: 5, p95: 15, jobsPerSecond: 1_000, rssMb: 500, readsPerSecond: 800 };

// BENCH_PROFILE=1 (or worker) writes a CPU profile of the worker into .data/ for a look at where time goes; web: the web server's.
const PROFILE = process.env.BENCH_PROFILE === '1' ? 'worker' : process.env.BENCH_PROFILE;
const start = (script: string, env: Record<string, string>, profile = false) =>
  startScript(children, script, env, profile);
const ratio = (value: number, floor: number) => (floor > 0 ? `${(value / floor).toFixed(2)}x` : 'n/a');

/** Floor of A: insert a row and pg_notify in one transaction, until a LISTENing connection hears it. */
async function notifyFloor(url: string, n: number): Promise<{ p50: number; p95: number }> {
  const writer = postgres(url, { max: 1, onnotice: () => {} });
  const listener = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await writer`create table if not exists bench_notify_floor (id bigserial primary key, payload jsonb not null)`;
    let heard: (() => void) | null = null;
    await listener.listen('bench_floor', () => heard?.());
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const got = new Promise<void>((r) => (heard = r));
      const t0 = performance.now();
      await writer.begin(async (tx) => {
        await tx`insert into bench_notify_floor (payload) values (${tx.json({ jobId: randomBytes(16).toString('hex') })})`;
        await tx`select pg_notify('bench_floor', 'x')`;
      });
      await got;
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p95: percentile(times, 95) };
  } finally {
    await writer.end({ timeout: 5 });
    await listener.end({ timeout: 5 });
  }
}

/** Floor of B: the simulator's own answer rate for the image request Studio sends, `n` calls, 64 at a time. */
async function simulatorRate(sim: string, n: number): Promise<number> {
  const agent = new Agent({ connections: 64 });
  const body = JSON.stringify({ prompt: 'bench', n: 1, size: '1024x1024', output_format: 'png', quality: 'low' });
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (next++ < n) {
        const res = await request(`${sim}/sim-image-a/v1/images/generations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer sim-key-sim-image-a' },
          body,
          dispatcher: agent,
        });
        await res.body.arrayBuffer();
        if (res.statusCode !== 200) throw new Error(`simulator answered ${res.statusCode}`);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  await agent.close();
  return n / seconds;
}

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
      STUDIO_WORKER_CONCURRENCY: process.env.STUDIO_WORKER_CONCURRENCY ?? String(Math.max(SIZE.inFlight, 1_000)),
      STUDIO_DATA_DIR: path.join(root, '.data', `bench-${dbName}`),
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
    };
    const simulator = start('src/sim/main.ts', env);
    await waitHttp(`${sim}/__sim/health`);
    const server = start('scripts/start.ts', { ...env, STUDIO_WORKER: 'off' }, PROFILE === 'web');
    const api = `http://127.0.0.1:${port}/api`;
    await waitHttp(`${api}/health`);
    // The worker's own metrics port: its heap figures tell JavaScript objects from native memory in C.
    const metricsPort = await freePort();
    const worker = start(
      'src/worker/main.ts',
      { ...env, STUDIO_METRICS_PORT: String(metricsPort) },
      PROFILE === 'worker',
    );
    const heapMb = async () => {
      const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      const read = (name: string) =>
        Number(new RegExp(`^studio_${name}(?:\\{[^}]*\\})? ([\\d.e+]+)$`, 'm').exec(text)?.[1] ?? NaN) / 2 ** 20;
      return {
        used: read('nodejs_heap_size_used_bytes'),
        total: read('nodejs_heap_size_total_bytes'),
        external: read('nodejs_external_memory_bytes'),
      };
    };
    await new Promise((r) => setTimeout(r, 3000));
    const workerStartRss = rssMb(worker.pid);

    const created = (await (
      await fetch(`${api}/admin`, {
        method: 'POST',
        headers: { 'x-api-key': ADMIN, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'tenant-create', name: 'Bench 压测', credits: 100_000_000 }),
      })
    ).json()) as { api_key: string };
    const key = created.api_key;
    const post = (p: string, body: unknown) =>
      fetch(`${api}${p}`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (r) => {
        if (!r.ok) throw new Error(`${p} ${r.status} ${await r.text()}`);
        return r.json() as Promise<{ jobId?: string; jobs?: { jobId: string }[] }>;
      });
    const batch = (prompt: string, n = 32) => ({
      items: Array.from({ length: n }, () => ({ prompt, quality: 'low' })),
    });
    let submitted = 0;
    const waitAllDone = async (ms: number) => {
      const end = Date.now() + ms;
      for (;;) {
        const [row] = await sql<{ n: number }[]>`select count(*)::int as n from jobs where status <> 'pending'`;
        if ((row?.n ?? 0) >= submitted) return;
        if (Date.now() > end) throw new Error(`only ${row?.n} of ${submitted} jobs finished`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const setLatency = async (ms: number) => {
      for (const channel of ['sim-image-a', 'sim-image-b', 'sim-image-c']) {
        await fetch(`${sim}/__sim/config`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ channel, latency_ms: ms }),
        });
      }
    };

    // Warm up: render caches, JIT, connections.
    await setLatency(0);
    await Promise.all(Array.from({ length: 4 }, () => post('/generate-batch', batch('bench'))));
    submitted += 128;
    await waitAllDone(60_000);

    // A. Submission to upstream call start, one job at a time; its floor first, on the same server.
    const floorA = await notifyFloor(url, SIZE.latencyJobs);
    for (let i = 0; i < SIZE.latencyJobs; i++) {
      await post('/generate', { prompt: 'bench', quality: 'low' });
      submitted += 1;
      await waitAllDone(60_000);
    }
    const [lat] = await sql<{ p50: number; p95: number; run50: number; call50: number }[]>`
      select percentile_cont(0.5) within group (order by ms) as p50, percentile_cont(0.95) within group (order by ms) as p95,
             percentile_cont(0.5) within group (order by run) as run50, percentile_cont(0.5) within group (order by ms - run) as call50
        from (select extract(epoch from (a.started_at - j.created_at)) * 1000 as ms, extract(epoch from (j.started_at - j.created_at)) * 1000 as run
                from jobs j join upstream_attempts a on a.ref = j.id::text and a.try_no = 1 and a.chain_pos = 1
               order by j.created_at desc limit ${SIZE.latencyJobs}) x`;
    const p50 = Number(lat?.p50);
    const p95 = Number(lat?.p95);
    console.log(
      `A. submission to upstream call start (${SIZE.latencyJobs} jobs, one at a time): P50 ${p50.toFixed(1)} ms (target <= ${TARGET.p50}), P95 ${p95.toFixed(1)} ms (target <= ${TARGET.p95}); ` +
        `floor, insert + NOTIFY heard: P50 ${floorA.p50.toFixed(2)} ms, P95 ${floorA.p95.toFixed(2)} ms; ratio P50 ${ratio(p50, floorA.p50)}, P95 ${ratio(p95, floorA.p95)}; ` +
        `P50 of its parts: created to run marked ${Number(lat?.run50).toFixed(1)} ms, run marked to call ${Number(lat?.call50).toFixed(1)} ms`,
    );

    // B. Throughput: batches of 32, eight batches in flight at a time; then the simulator alone.
    const total = SIZE.throughputBatches * 32;
    const cpu = () => [worker, server, simulator].map((c) => cpuMs(c.pid));
    const cpu0 = cpu();
    const t0 = Date.now();
    let sent = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (sent < SIZE.throughputBatches) {
          sent += 1;
          await post('/generate-batch', batch('bench'));
        }
      }),
    );
    submitted += total;
    const submitSeconds = (Date.now() - t0) / 1000;
    await waitAllDone(300_000);
    const seconds = (Date.now() - t0) / 1000;
    const [workerCpu, serverCpu, simCpu] = cpu().map((v, i) => (v - (cpu0[i] ?? 0)) / total);
    const [failed] = await sql<{ n: number }[]>`select count(*)::int as n from jobs where status = 'failed'`;
    const simRate = await simulatorRate(sim, Math.min(total, 3_000));
    const rate = total / seconds;
    console.log(
      `B. end-to-end throughput, simulator at 0 ms: ${total} jobs in ${seconds.toFixed(1)} s = ${rate.toFixed(0)} jobs/s (target >= ${TARGET.jobsPerSecond}), ` +
        `${failed?.n ?? 0} failed; submissions alone ${(total / submitSeconds).toFixed(0)} jobs/s; floor, the simulator's own answer rate: ${simRate.toFixed(0)}/s; ratio ${ratio(rate, simRate)}; ` +
        `CPU per job: worker ${workerCpu?.toFixed(2)} ms, web server ${serverCpu?.toFixed(2)} ms, simulator ${simCpu?.toFixed(2)} ms`,
    );

    if (process.env.BENCH_ONLY === 'AB') return;

    // C. SIZE.inFlight jobs in flight against 20 s upstream latency.
    await setLatency(20_000);
    await new Promise((r) => setTimeout(r, 1000));
    const idle = rssMb(worker.pid);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(worker.pid))), 200);
    const c0 = Date.now();
    const batchesC = Math.ceil(SIZE.inFlight / 32);
    let sentC = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (sentC < batchesC) {
          const n = Math.min(32, SIZE.inFlight - sentC * 32);
          sentC += 1;
          await post('/generate-batch', batch('bench slow', n));
        }
      }),
    );
    submitted += SIZE.inFlight;
    const submittedIn = (Date.now() - c0) / 1000;
    let inFlight = 0;
    for (let i = 0; i < 200; i++) {
      const [row] = await sql<
        { n: number }[]
      >`select count(*)::int as n from jobs where status = 'pending' and started_at is not null`;
      inFlight = Math.max(inFlight, row?.n ?? 0);
      if (inFlight >= SIZE.inFlight) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const heap = await heapMb().catch(() => null);
    const rssHeld = rssMb(worker.pid);
    await waitAllDone(240_000);
    clearInterval(sampler);
    const [failedC] = await sql<{ n: number }[]>`select count(*)::int as n from jobs where status = 'failed'`;
    console.log(
      `C. ${inFlight} jobs in flight at once against 20 s latency (submitted in ${submittedIn.toFixed(1)} s, all done in ${((Date.now() - c0) / 1000).toFixed(1)} s, ` +
        `${(failedC?.n ?? 0) - (failed?.n ?? 0)} failed): worker RSS with all in flight ${rssHeld.toFixed(0)} MB (target < ${TARGET.rssMb} MB), ` +
        `JS heap used ${heap?.used.toFixed(0)} of ${heap?.total.toFixed(0)} MB, external ${heap?.external.toFixed(0)} MB; ` +
        `floor, the same worker idle before: ${idle.toFixed(0)} MB (${workerStartRss.toFixed(0)} MB at start), ratio ${ratio(rssHeld, idle)}, ` +
        `${(((rssHeld - idle) * 1024) / Math.max(1, inFlight)).toFixed(1)} KB per job in flight; peak RSS including the burst of answers ${peak.toFixed(0)} MB`,
    );
    await setLatency(0);

    // D. Reads.
    const [one] = await sql<{ id: string }[]>`select id from jobs limit 1`;
    const wrk = spawnSync('wrk', ['-t2', '-c64', '-d10s', '-H', `X-API-Key: ${key}`, `${api}/jobs?id=${one?.id}`], {
      encoding: 'utf8',
    });
    const rps = /Requests\/sec:\s+([\d.]+)/.exec(wrk.stdout ?? '')?.[1];
    const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(wrk.stdout ?? '')?.[1] ?? '0';
    console.log(
      rps
        ? `D. GET /api/jobs?id= : ${Number(rps).toFixed(0)} requests/s with 64 connections, ${non2xx} errors (target >= ${TARGET.readsPerSecond})`
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
// Its own simulator, web server and worker, once the processes above have stopped.
if (process.env.BENCH_ONLY !== 'AB') await mixedProtocols(SMALL ? MIXED_SIZES.small : MIXED_SIZES.full);
