/**
 * Video task benchmark on PostgreSQL with the simulator, five protocols side by side (ark-video, Kling,
 * MiniMax, DashScope's Wan, Gemini Veo: one channel each, see video-fleet.ts). Prints, per protocol, each
 * figure beside a floor measured in the same run:
 *  A. submission → upstream task created, P50/P95, tasks submitted one at a time (the protocols taking
 *     turns) at simulator latency 0; floor: the protocol's adapter creating a task on the simulator directly;
 *  B. `tasks` video tasks in flight at once (the protocols in equal shares) against a simulated render of
 *     `latency` (the simulator's per-channel latency), one worker process, submitted at a steady `rate` a
 *     second (open loop: each at its time, whether or not the earlier ones were answered): worker RSS at its
 *     peak (target < 400 MB) beside its idle RSS before them (the floor); status checks per task per minute
 *     beside the floor of one check per render; submission → upstream task created P50 (target ≤ 25 ms) and
 *     P95 under that load, beside floor A. Before B, two tasks per protocol render at `latency` (not
 *     measured), so the worker has learned the tiers' render time, as a tier in service has.
 *  C. a burst: 50 submissions at once by one tenant (at simulator latency 0): creation P50/P95, the
 *     submissions' answer times, the time per submission (the burst's last creation / 50) beside floor A,
 *     and what the database's sessions did meanwhile (sampled: waiting on a lock, on the WAL, running, or
 *     waiting for the processes), so a queue on a row shows as lock waits.
 * Usage: npm run bench:videos   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_VIDEOS_SIZE=small   a short run for CI (about half a minute: 100 tasks of 10 s);
 *   BENCH_VIDEO_TASKS, BENCH_VIDEO_LATENCY_MS, BENCH_VIDEO_RATE override the size's figures of B.
 *   BENCH_PROFILE=videos      writes a CPU profile of the worker into .data/profiles (videos-web: of the web process).
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { cpuMs, freePort, ROOT, rssMb, scratchDatabase, startScript, waitHttp } from './lib';
import { creationFloor, PROTOCOLS, ratio, tierOf, videoFleet, type Spread, type VideoAsk } from './video-fleet';

const SIZES = {
  small: { tasks: 100, latencyMs: 10_000, rate: 20, oneAtATime: 5, floor: 5 },
  full: { tasks: 2_000, latencyMs: 180_000, rate: 25, oneAtATime: 40, floor: 40 },
};
const SIZE = SIZES[process.env.BENCH_VIDEOS_SIZE === 'small' ? 'small' : 'full'];
const TASKS = Number(process.env.BENCH_VIDEO_TASKS ?? SIZE.tasks);
const LATENCY_MS = Number(process.env.BENCH_VIDEO_LATENCY_MS ?? SIZE.latencyMs);
const RATE = Number(process.env.BENCH_VIDEO_RATE ?? SIZE.rate);
const BURST = 50;
const children: ChildProcess[] = [];

async function main(): Promise<void> {
  const began = Date.now();
  const admin = `sk-studio-bench${randomBytes(16).toString('hex')}`;
  const scratch = await scratchDatabase();
  const sql = postgres(scratch.url, { max: 4, onnotice: () => {} });
  const dataDir = path.join(ROOT, '.data', `bench-${scratch.name}`);
  try {
    const [port, simPort] = [await freePort(), await freePort()];
    const sim = `http://127.0.0.1:${simPort}`;
    const { upstreams, asks } = videoFleet(sim);
    mkdirSync(dataDir, { recursive: true });
    const file = path.join(dataDir, 'upstreams.json');
    writeFileSync(file, JSON.stringify({ upstreams }, null, 2));
    const env: Record<string, string> = {
      DATABASE_URL: scratch.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      STUDIO_SIM_PORT: String(simPort),
      STUDIO_UPSTREAMS_FILE: file,
      STUDIO_ADMIN_KEY: admin,
      STUDIO_DEMO: '0',
      STUDIO_VIDEO_RATE_PER_HOUR: '100000000',
      STUDIO_DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
    };
    startScript(children, 'src/sim/main.ts', env);
    const web = startScript(
      children,
      'scripts/start.ts',
      { ...env, STUDIO_WORKER: 'off' },
      process.env.BENCH_PROFILE === 'videos-web',
    );
    const api = `http://127.0.0.1:${port}/api`;
    await Promise.all([waitHttp(`${sim}/__sim/health`), waitHttp(`${api}/health`)]);
    const worker = startScript(children, 'src/worker/main.ts', env, process.env.BENCH_PROFILE === 'videos');
    await new Promise((r) => setTimeout(r, 2000));

    const created = (await (
      await fetch(`${api}/admin`, {
        method: 'POST',
        headers: { 'x-api-key': admin, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'tenant-create', name: 'Bench 视频', credits: 100_000_000 }),
      })
    ).json()) as { api_key: string };
    /** How long each submission's answer took, by job id. */
    const answered = new Map<string, number>();
    const submit = async (ask: VideoAsk, prompt: string) => {
      const t0 = performance.now();
      const r = await fetch(`${api}/videos`, {
        method: 'POST',
        headers: { 'x-api-key': created.api_key, 'content-type': 'application/json' },
        body: JSON.stringify({ prompt, model: ask.tier, duration: ask.duration, resolution: ask.resolution }),
      });
      if (!r.ok) throw new Error(`POST /videos (${ask.protocol}) ${r.status} ${await r.text()}`);
      const id = ((await r.json()) as { id: string }).id;
      answered.set(id, performance.now() - t0);
      return id;
    };
    const setLatency = async (ms: number) => {
      const r = await fetch(`${sim}/__sim/config`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ channel: '*', latency_ms: ms }),
      });
      if (!r.ok) throw new Error(`sim config ${r.status}`);
    };
    const waitDone = async (ids: string[], ms: number) => {
      const end = Date.now() + ms;
      for (;;) {
        const [row] = await sql<{ n: number }[]>`
          select count(*)::int as n from jobs where status <> 'pending' and id = any(${ids}::uuid[])`;
        if ((row?.n ?? 0) >= ids.length) return;
        if (Date.now() > end) throw new Error(`only ${row?.n} of ${ids.length} video jobs finished`);
        await new Promise((r) => setTimeout(r, 500));
      }
    };
    /** Submission → upstream task created per protocol, over the jobs `ids`. */
    const creation = async (ids: string[]) => {
      const rows = await sql<{ tier: string; p50: number; p95: number; n: number }[]>`
        select tier, count(*)::int as n,
               percentile_cont(0.5) within group (order by ms) as p50, percentile_cont(0.95) within group (order by ms) as p95
          from (select j.input->>'tier' as tier, extract(epoch from (v.upstream_created_at - j.created_at)) * 1000 as ms
                  from jobs j join video_tasks v on v.id = j.id
                 where j.id = any(${ids}::uuid[]) and v.upstream_created_at is not null) x
         group by tier`;
      return new Map(rows.map((r) => [r.tier, { p50: Number(r.p50), p95: Number(r.p95), n: r.n }]));
    };
    /** `n` submissions per protocol, `parallel` at a time, the protocols taking turns. */
    const submitMany = async (n: number, parallel: number, label: string) => {
      const order = Array.from({ length: n * asks.length }, (_, i) => asks[i % asks.length] as VideoAsk);
      const ids: string[] = [];
      for (let i = 0; i < order.length; i += parallel)
        ids.push(
          ...(await Promise.all(order.slice(i, i + parallel).map((ask, j) => submit(ask, `${label} ${i + j}`)))),
        );
      return ids;
    };
    /** `n` submissions per protocol at `perSecond` a second, each at its time (open loop). */
    const submitSteady = async (n: number, perSecond: number, label: string) => {
      const order = Array.from({ length: n * asks.length }, (_, i) => asks[i % asks.length] as VideoAsk);
      const t0 = performance.now();
      return Promise.all(
        order.map(async (ask, i) => {
          const wait = t0 + (i * 1000) / perSecond - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          return submit(ask, `${label} ${i}`);
        }),
      );
    };

    // Warm-up: connections, JIT, the simulator's MP4 cache, each protocol's path.
    await setLatency(0);
    await waitDone(await submitMany(4, asks.length, 'warm'), 120_000);

    // A. One at a time at latency 0; the floor: each adapter creating tasks on the simulator directly.
    const floor = await creationFloor(upstreams, asks, SIZE.floor);
    const aIds = await submitMany(SIZE.oneAtATime, 1, 'latency');
    await waitDone(aIds, 120_000);
    const a = await creation(aIds);
    const spread = (s: Spread | undefined) =>
      `P50 ${(s?.p50 ?? NaN).toFixed(1)} ms, P95 ${(s?.p95 ?? NaN).toFixed(1)} ms`;
    console.log(
      `A. submission → upstream task created, one at a time (${SIZE.oneAtATime} per protocol), simulator at 0 ms:`,
    );
    for (const p of PROTOCOLS) {
      const m = a.get(tierOf(p));
      const f = floor.get(p);
      console.log(
        `  ${p.padEnd(16)}: ${spread(m)}; floor (the adapter creating a task on the simulator alone): ${spread(f)}; ` +
          `P50 ${ratio(m?.p50 ?? 0, f?.p50 ?? 0)} of the floor`,
      );
    }

    // B. TASKS in flight against LATENCY_MS of simulated render, one worker process.
    await setLatency(LATENCY_MS);
    // A tier in service has rendered before: two tasks per protocol at this render time first, so the
    // worker has learned it (its first status checks go near the end of it: domain/videos/render-times.ts).
    await waitDone(await submitMany(2, asks.length, 'learn'), LATENCY_MS + 120_000);
    await new Promise((r) => setTimeout(r, 2000));
    const idle = rssMb(worker.pid);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(worker.pid))), 250);
    const b0 = Date.now();
    const bIds = await submitSteady(Math.ceil(TASKS / asks.length), RATE, 'slow');
    const submittedS = (Date.now() - b0) / 1000;
    await waitDone(bIds, LATENCY_MS + 300_000);
    clearInterval(sampler);
    // The most upstream tasks open at once: +1 at each task's creation upstream, -1 when its job finished.
    const [open] = await sql<{ n: number }[]>`
      select coalesce(max(running), 0)::int as n from (
        select sum(step) over (order by at, step) as running from (
          select v.upstream_created_at as at, 1 as step from video_tasks v where v.id = any(${bIds}::uuid[]) and v.upstream_created_at is not null
          union all
          select j.finished_at, -1 from jobs j join video_tasks v on v.id = j.id
           where j.id = any(${bIds}::uuid[]) and v.upstream_created_at is not null) e) r`;
    const inFlight = open?.n ?? 0;
    const b = await creation(bIds);
    const checks = await sql<{ tier: string; polls: number; minutes: number; failed: number; tasks: number }[]>`
      select j.input->>'tier' as tier, sum(v.polls + 1)::float as polls,
             sum(extract(epoch from (j.finished_at - v.upstream_created_at)) / 60)::float as minutes,
             count(*) filter (where j.status = 'failed')::int as failed, count(*)::int as tasks
        from jobs j join video_tasks v on v.id = j.id where j.id = any(${bIds}::uuid[]) group by 1`;
    const byTier = new Map(checks.map((c) => [c.tier, c]));
    const failed = checks.reduce((s, c) => s + c.failed, 0);
    // The floor of status checks: one per task, the one that finds its render done.
    const checkFloor = 60_000 / LATENCY_MS;
    console.log(
      `B. ${bIds.length} video tasks (${bIds.length / asks.length} per protocol) submitted in ${submittedS.toFixed(1)} s, ${RATE} a second; ` +
        `${inFlight} upstream tasks in flight at once against ${(LATENCY_MS / 1000).toFixed(0)} s of simulated render; ` +
        `all done in ${((Date.now() - b0) / 1000).toFixed(1)} s, ${failed} failed`,
    );
    console.log(
      `  worker RSS: peak ${peak.toFixed(0)} MB (target < 400 MB); floor (idle, same run) ${idle.toFixed(0)} MB; ` +
        `${(((peak - idle) * 1024) / Math.max(1, inFlight)).toFixed(1)} KB per task in flight`,
    );
    for (const p of PROTOCOLS) {
      const c = byTier.get(tierOf(p));
      const m = b.get(tierOf(p));
      const perMinute = Number(c?.polls) / Number(c?.minutes);
      console.log(
        `  ${p.padEnd(16)}: status checks ${(Number(c?.polls) / Number(c?.tasks)).toFixed(1)} per task = ${perMinute.toFixed(2)} per task per minute ` +
          `(floor, one check per render: ${checkFloor.toFixed(2)}; ${ratio(perMinute, checkFloor)}); ` +
          `submission → upstream task created under load ${spread(m)} (target P50 ≤ 25 ms; ${ratio(m?.p50 ?? 0, floor.get(p)?.p50 ?? 0)} of floor A); ` +
          `${c?.failed ?? 0} failed`,
      );
    }
    await burst(floor);
    console.log(`  (run took ${((Date.now() - began) / 1000).toFixed(0)} s)`);
    if (failed > 0) process.exitCode = 1;

    /** C. 50 submissions at once by one tenant, at simulator latency 0, with the database's sessions sampled. */
    async function burst(floorA: Map<string, Spread>) {
      await setLatency(0);
      const states = new Map<string, number>();
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const rows = await sql<{ state: string }[]>`
            select case when wait_event_type = 'Lock' then 'waiting on a lock (' || wait_event || ')'
                        when wait_event_type in ('LWLock', 'IO') and wait_event like 'WAL%' then 'writing the WAL'
                        when wait_event_type is null then 'running'
                        else 'waiting for the processes (' || wait_event || ')' end as state
              from pg_stat_activity
             where datname = current_database() and pid <> pg_backend_pid() and state = 'active'`;
          for (const r of rows) states.set(r.state, (states.get(r.state) ?? 0) + 1);
          await new Promise((r) => setTimeout(r, 2));
        }
      })();
      const cpu0 = [cpuMs(web.pid), cpuMs(worker.pid)];
      const c0 = performance.now();
      let ids: string[] = [];
      let answerMs = 0;
      try {
        ids = await submitMany(BURST / asks.length, BURST, 'burst');
        answerMs = performance.now() - c0;
        await waitDone(ids, 120_000);
      } finally {
        // Stopped whatever happened, so a failure above is reported as itself, not as the sampler's
        // query on a closed connection.
        sampling = false;
        await sampler.catch(() => undefined);
      }
      const [webCpu, workerCpu] = [cpuMs(web.pid) - (cpu0[0] ?? 0), cpuMs(worker.pid) - (cpu0[1] ?? 0)];
      const created = await creation(ids);
      const [span] = await sql<{ ms: number }[]>`
        select extract(epoch from (max(v.upstream_created_at) - min(j.created_at))) * 1000 as ms
          from jobs j join video_tasks v on v.id = j.id where j.id = any(${ids}::uuid[])`;
      const answers = ids.map((id) => answered.get(id) ?? NaN).sort((x, y) => x - y);
      const all = [...created.values()];
      const floorP50 = Math.min(...[...floorA.values()].map((f) => f.p50));
      const perSubmission = Number(span?.ms) / ids.length;
      console.log(
        `C. a burst of ${ids.length} submissions at once by one tenant, simulator at 0 ms: answered in ${answerMs.toFixed(0)} ms ` +
          `(P50 ${answers[Math.floor(answers.length / 2)]?.toFixed(1)} ms); submission → upstream task created ` +
          `P50 ${Math.min(...all.map((m) => m.p50)).toFixed(1)}–${Math.max(...all.map((m) => m.p50)).toFixed(1)} ms, ` +
          `P95 ${Math.min(...all.map((m) => m.p95)).toFixed(1)}–${Math.max(...all.map((m) => m.p95)).toFixed(1)} ms per protocol; ` +
          `the last created ${Number(span?.ms).toFixed(0)} ms after the first submission = ${perSubmission.toFixed(2)} ms per submission ` +
          `(floor A, the adapter alone: P50 ${floorP50.toFixed(1)} ms)`,
      );
      console.log(
        `  CPU per submission meanwhile: web process ${(webCpu / ids.length).toFixed(2)} ms, worker ${(workerCpu / ids.length).toFixed(2)} ms ` +
          `(the two together ${((webCpu + workerCpu) / ids.length).toFixed(2)} ms beside the ${perSubmission.toFixed(2)} ms per submission above)`,
      );
      const total = [...states.values()].reduce((a, b) => a + b, 0);
      console.log(
        `  the database's sessions during the burst (${total} samples of active sessions): ` +
          [...states.entries()]
            .sort((a, b) => b[1] - a[1])
            .map(([k, n]) => `${k} ${((100 * n) / Math.max(1, total)).toFixed(0)} %`)
            .join(', '),
      );
    }
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    await sql.end({ timeout: 5 });
    await scratch.drop();
    spawnSync('rm', ['-rf', dataDir]);
  }
}

await main();
