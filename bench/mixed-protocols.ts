/**
 * The mixed-protocol image run that `bench:jobs` and `bench:routing` both end with (issue 36): the same
 * image load on a family served by channels of one protocol (OpenAI Images, today's case) and on a family
 * spread over four protocols, two of them asynchronous (OpenAI Images, the Gemini API, DashScope tasks,
 * fal's queue), on PostgreSQL with the simulator. Every mixed figure is printed beside the one-protocol
 * figure of the same run and their ratio (target: within 20 %):
 *  - at simulator latency 0: jobs/s end to end, dispatch (submission to the first upstream call) P50/P95
 *    under that load, CPU per job of the worker, the web server and the simulator, and the share of each
 *    protocol; beside them the floor: the same images asked of the simulator directly through Studio's
 *    upstream clients (no queue, no database), with the simulator's CPU per image;
 *  - at simulator latency 2 s: jobs/s, dispatch P50/P95, and the worker's RSS per job in flight (RSS at
 *    the most jobs in flight, above the idle RSS before them).
 * It runs its own simulator, web server and worker (an upstreams file names the two families), so the
 * calling benchmark's figures are not disturbed. `BENCH_MIXED=0` skips it; its size follows the caller's
 * (`small`: about 20 s, for CI).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync, type ChildProcess } from 'node:child_process';
import postgres from 'postgres';
import { cpuMs, freePort, percentile, ROOT, rssMb, scratchDatabase, startScript, waitHttp } from './lib';
import { BOTH, clientFloor, LABEL, upstreamsFile, type Family } from './mixed-fleet';

export { FAMILIES } from './mixed-fleet';

const ratio = (value: number, base: number) => (base > 0 ? `${(value / base).toFixed(2)}x` : 'n/a');

export interface MixedSize {
  /** Batches of 32 per family at latency 0. */
  batches: number;
  /** Jobs per family at latency 2 s. */
  slow: number;
  /** Images per family asked of the simulator directly (the floor). */
  floor: number;
  /** Rounds at latency 0 (and of the floor), alternating between the families; the best of each is shown. */
  rounds: number;
  /** A fresh worker for each family at 2 s (its RSS not grown by the earlier parts); the small size keeps one. */
  freshWorkers: boolean;
}
export const MIXED_SIZES = {
  small: { batches: 8, slow: 192, floor: 192, rounds: 2, freshWorkers: false },
  full: { batches: 64, slow: 3_000, floor: 2_000, rounds: 2, freshWorkers: true },
} satisfies Record<string, MixedSize>;

export async function mixedProtocols(size: MixedSize): Promise<void> {
  if (process.env.BENCH_MIXED === '0') return;
  const children: ChildProcess[] = [];
  const admin = `sk-studio-bench${randomBytes(16).toString('hex')}`;
  const scratch = await scratchDatabase();
  const sql = postgres(scratch.url, { max: 4, onnotice: () => {} });
  const dataDir = path.join(ROOT, '.data', `bench-${scratch.name}`);
  const began = Date.now();
  const phases: string[] = [];
  let phaseAt = began;
  const phase = (name: string) => {
    phases.push(`${name} ${((Date.now() - phaseAt) / 1000).toFixed(1)} s`);
    phaseAt = Date.now();
  };
  try {
    const [port, simPort] = [await freePort(), await freePort()];
    const sim = `http://127.0.0.1:${simPort}`;
    mkdirSync(dataDir, { recursive: true });
    const file = path.join(dataDir, 'upstreams.json');
    const upstreams = upstreamsFile(sim);
    writeFileSync(file, JSON.stringify({ upstreams }, null, 2));
    const env: Record<string, string> = {
      DATABASE_URL: scratch.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      STUDIO_SIM_PORT: String(simPort),
      STUDIO_UPSTREAMS_FILE: file,
      STUDIO_ADMIN_KEY: admin,
      STUDIO_DEMO: '0',
      STUDIO_IMAGE_RATE_PER_HOUR: '100000000',
      STUDIO_WORKER_CONCURRENCY: String(Math.max(size.slow, 1_000)),
      STUDIO_DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
    };
    // The simulator and the web server start side by side (the upstreams file names the simulator's address).
    const simulator = startScript(children, 'src/sim/main.ts', env);
    const server = startScript(children, 'scripts/start.ts', { ...env, STUDIO_WORKER: 'off' });
    const api = `http://127.0.0.1:${port}/api`;
    await Promise.all([waitHttp(`${sim}/__sim/health`), waitHttp(`${api}/health`)]);
    // BENCH_PROFILE=mixed writes a CPU profile of this run's worker into .data/profiles.
    const startWorker = () => startScript(children, 'src/worker/main.ts', env, process.env.BENCH_PROFILE === 'mixed');
    let worker = startWorker();
    await new Promise((r) => setTimeout(r, 2000));
    if (!simulator.pid || !worker.pid) throw new Error('a process did not start');

    const created = (await (
      await fetch(`${api}/admin`, {
        method: 'POST',
        headers: { 'x-api-key': admin, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'tenant-create', name: 'Bench 多协议', credits: 100_000_000 }),
      })
    ).json()) as { api_key: string };
    const post = async (body: unknown) => {
      const r = await fetch(`${api}/generate-batch`, {
        method: 'POST',
        headers: { 'x-api-key': created.api_key, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!r.ok) throw new Error(`generate-batch ${r.status} ${await r.text()}`);
    };
    const batch = (family: Family, n: number) => ({
      items: Array.from({ length: n }, () => ({ prompt: 'bench', model: `bench-${family}`, ratio: '1:1' })),
    });
    const setLatency = (ms: number) =>
      fetch(`${sim}/__sim/config`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ channel: '*', latency_ms: ms }),
      });
    const submitted: Record<Family, number> = { single: 0, mixed: 0 };
    const finished = async (family: Family) =>
      (
        await sql<{ n: number }[]>`
          select count(*)::int as n from jobs where status <> 'pending' and input->>'model' = ${`bench-${family}`}`
      )[0]?.n ?? 0;
    const waitDone = async (family: Family, ms: number) => {
      const end = Date.now() + ms;
      for (;;) {
        const n = await finished(family);
        if (n >= submitted[family]) return;
        if (Date.now() > end) throw new Error(`only ${n} of ${submitted[family]} ${family} jobs finished`);
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    /** `jobs` jobs in batches of 32, eight batches in flight at a time. */
    const send = async (family: Family, jobs: number) => {
      let left = jobs;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (left > 0) {
            const n = Math.min(32, left);
            left -= n;
            await post(batch(family, n));
          }
        }),
      );
      submitted[family] += jobs;
    };
    /** Submission to the first upstream call, per job since `since`: joined here, not in SQL (the planner's nested loop over thousands of rows took minutes). */
    const dispatch = async (family: Family, since: Date) => {
      const jobs = await sql<{ id: string; created: Date }[]>`
        select id::text as id, created_at as created from jobs
         where created_at >= ${since} and input->>'model' = ${`bench-${family}`}`;
      const calls = await sql<{ ref: string; started: Date }[]>`
        select ref, started_at as started from upstream_attempts
         where started_at >= ${since} and family = ${`bench-${family}`} and try_no = 1 and chain_pos = 1`;
      const firstCall = new Map(calls.map((c) => [c.ref, c.started.getTime()]));
      const times = jobs
        .map((j) => (firstCall.get(j.id) ?? NaN) - j.created.getTime())
        .filter((ms) => Number.isFinite(ms))
        .sort((x, y) => x - y);
      return { p50: percentile(times, 50), p95: percentile(times, 95) };
    };
    const failures = async (family: Family, since: Date) =>
      (
        await sql<{ n: number }[]>`
          select count(*)::int as n from jobs
           where status = 'failed' and created_at >= ${since} and input->>'model' = ${`bench-${family}`}`
      )[0]?.n ?? 0;

    phase('start');
    // Warm-up of both families: caches, JIT, connections.
    await setLatency(0);
    for (const family of BOTH) {
      await send(family, 32);
      await waitDone(family, 120_000);
    }

    phase('warm-up');
    // Latency 0: throughput, dispatch and CPU per job.
    const zero = {} as Record<
      Family,
      { rate: number; p50: number; p95: number; failed: number; cpu: number[]; shares: string; rounds: number[] }
    >;
    // Rounds alternate between the families, so a burst of load from elsewhere on the machine hits both;
    // each family's best round is reported (all rounds' rates beside it).
    for (let round = 0; round < size.rounds; round++)
      for (const family of BOTH) {
        const jobs = size.batches * 32;
        const since = new Date();
        const cpu0 = [worker, server, simulator].map((c) => cpuMs(c.pid));
        const t0 = Date.now();
        await send(family, jobs);
        await waitDone(family, 300_000);
        const seconds = (Date.now() - t0) / 1000;
        const cpu = [worker, server, simulator].map((c, i) => (cpuMs(c.pid) - (cpu0[i] ?? 0)) / jobs);
        const shares = await sql<{ name: string; n: number }[]>`
        select u.name, count(*)::int as n from upstream_attempts a join upstreams u on u.id = a.upstream_id
         where a.started_at >= ${since} and a.family = ${`bench-${family}`} group by u.name order by u.name`;
        const rounds = [...(zero[family]?.rounds ?? []), jobs / seconds];
        if ((zero[family]?.rate ?? 0) > jobs / seconds) {
          zero[family].rounds = rounds;
          continue;
        }
        zero[family] = {
          rounds,
          rate: jobs / seconds,
          ...(await dispatch(family, since)),
          failed: await failures(family, since),
          cpu,
          shares: shares
            .map(
              (s) =>
                `${s.name} ${Math.round(
                  (100 * s.n) /
                    Math.max(
                      1,
                      shares.reduce((a, b) => a + b.n, 0),
                    ),
                )} %`,
            )
            .join(', '),
        };
      }
    phase('latency 0');
    const floor = {} as Record<Family, Awaited<ReturnType<typeof clientFloor>>>;
    for (const family of BOTH) await clientFloor(upstreams, family, 64, simulator.pid); // this process's clients warmed up
    for (let round = 0; round < size.rounds; round++)
      for (const family of BOTH) {
        const f = await clientFloor(upstreams, family, size.floor, simulator.pid);
        if (f.rate > (floor[family]?.rate ?? 0)) floor[family] = f;
      }

    const s0 = zero.single;
    console.log(
      `Mixed protocols, simulator at 0 ms (${size.batches * 32} jobs per family, batches of 32, 8 at a time):`,
    );
    for (const family of BOTH) {
      const f = zero[family];
      const fl = floor[family];
      const [w, web, simCpu] = f.cpu.map((v) => v.toFixed(2));
      console.log(
        `  ${LABEL[family]}: ${f.rate.toFixed(0)} jobs/s (${ratio(f.rate, s0.rate)}; rounds ${f.rounds.map((r) => r.toFixed(0)).join(', ')}), ` +
          `dispatch P50 ${f.p50.toFixed(1)} ms ` +
          `(${ratio(f.p50, s0.p50)}), P95 ${f.p95.toFixed(1)} ms (${ratio(f.p95, s0.p95)}), ${f.failed} failed; ` +
          `CPU per job: worker ${w} ms, web ${web} ms, simulator ${simCpu} ms (${ratio(f.cpu[2] ?? 0, s0.cpu[2] ?? 0)}); ` +
          `floor, the simulator through Studio's upstream clients alone: ${fl.rate.toFixed(0)} images/s ` +
          `(${ratio(fl.rate, floor.single.rate)}), simulator CPU ${fl.simCpu.toFixed(2)} ms per image, ${fl.failed} failed; ` +
          `end to end at ${ratio(f.rate, fl.rate)} of its floor; channels: ${f.shares}`,
      );
    }

    phase('floor');
    // Latency 2 s: jobs/s, dispatch, and the worker's RSS per job in flight.
    const slow = {} as Record<
      Family,
      {
        rate: number;
        p50: number;
        p95: number;
        failed: number;
        idle: number;
        held: number;
        inFlight: number;
        kb: number;
      }
    >;
    for (const family of BOTH) {
      // A fresh worker for each family (full size), warmed up on its own family at this latency, as a worker
      // that has been running is (JIT, connections, the task times it has learned); so the RSS an earlier
      // part grew is not counted for either family. The small size keeps one worker: its RSS figures are
      // rough (grown by what ran before).
      if (size.freshWorkers) {
        const stopped = new Promise((r) => worker.once('exit', r));
        worker.kill('SIGTERM');
        await stopped;
        worker = startWorker();
      }
      await setLatency(2_000);
      await send(family, size.freshWorkers ? 64 : 32);
      await waitDone(family, 60_000);
      await new Promise((r) => setTimeout(r, 500));
      phase(`warm-up at 2 s (${family})`);
      const idle = rssMb(worker.pid);
      const since = new Date();
      const t0 = Date.now();
      let inFlight = 0;
      let held = idle;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const [row] = await sql<{ n: number }[]>`
            select count(*)::int as n from jobs
             where status = 'pending' and started_at is not null and input->>'model' = ${`bench-${family}`}`;
          const rss = rssMb(worker.pid);
          if ((row?.n ?? 0) >= inFlight) {
            inFlight = row?.n ?? 0;
            held = rss;
          }
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      await send(family, size.slow);
      await waitDone(family, 300_000);
      const seconds = (Date.now() - t0) / 1000;
      sampling = false;
      await sampler;
      slow[family] = {
        rate: size.slow / seconds,
        ...(await dispatch(family, since)),
        failed: await failures(family, since),
        idle,
        held,
        inFlight,
        kb: ((held - idle) * 1024) / Math.max(1, inFlight),
      };
    }
    phase('latency 2 s');
    await setLatency(0);
    const s2 = slow.single;
    console.log(`Mixed protocols, simulator at 2 s (${size.slow} jobs per family):`);
    for (const family of BOTH) {
      const f = slow[family];
      console.log(
        `  ${LABEL[family]}: ${f.rate.toFixed(0)} jobs/s (${ratio(f.rate, s2.rate)}), dispatch P50 ${f.p50.toFixed(1)} ms ` +
          `(${ratio(f.p50, s2.p50)}), P95 ${f.p95.toFixed(1)} ms (${ratio(f.p95, s2.p95)}), ${f.failed} failed; ` +
          `worker RSS ${f.idle.toFixed(0)} MB idle, ${f.held.toFixed(0)} MB with ${f.inFlight} jobs in flight: ` +
          `${f.kb.toFixed(1)} KB per job in flight (${ratio(f.kb, s2.kb)}${size.freshWorkers ? '' : '; rough at this size: one worker, grown before'})`,
      );
    }
    console.log(`  (mixed-protocol run took ${((Date.now() - began) / 1000).toFixed(0)} s: ${phases.join(', ')})`);
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    await sql.end({ timeout: 5 });
    await scratch.drop();
    spawnSync('rm', ['-rf', dataDir]);
  }
}
