/**
 * Video task benchmark on PostgreSQL with the simulator. Prints:
 *  A. submission → upstream task created, P50/P95 over 200 tasks one at a time, against a floor measured in
 *     the same run (creating a task on the simulator directly, without Studio);
 *  B. 2,000 video tasks in flight at once against a 3-minute simulated upstream time in one worker process:
 *     worker RSS idle (the floor) and peak (target < 400 MB), status checks (polls) per task per minute,
 *     and how long until all are done.
 * Usage: npm run bench:videos   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
 * BENCH_VIDEO_TASKS and BENCH_VIDEO_LATENCY_MS shrink the run for a quick look.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import postgres from 'postgres';
import { freePort, percentile, rssMb, scratchDatabase, startScript, waitHttp } from './lib';

const root = path.resolve(import.meta.dirname, '..');
const ADMIN = `sk-studio-bench${randomBytes(16).toString('hex')}`;
const TASKS = Number(process.env.BENCH_VIDEO_TASKS ?? 2000);
const LATENCY_MS = Number(process.env.BENCH_VIDEO_LATENCY_MS ?? 180_000);
const TIER = 'videomodel-2-0-fast-260801';
const children: ChildProcess[] = [];

const start = (script: string, env: Record<string, string>) => startScript(children, script, env);

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
      STUDIO_VIDEO_RATE_PER_HOUR: '100000000',
      STUDIO_DATA_DIR: path.join(root, '.data', `bench-${dbName}`),
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
    };
    start('src/sim/main.ts', env);
    await waitHttp(`${sim}/__sim/health`);
    start('scripts/start.ts', { ...env, STUDIO_WORKER: 'off' });
    const api = `http://127.0.0.1:${port}/api`;
    await waitHttp(`${api}/health`);
    const worker = start('src/worker/main.ts', env);
    await new Promise((r) => setTimeout(r, 3000));

    const created = (await (
      await fetch(`${api}/admin`, {
        method: 'POST',
        headers: { 'x-api-key': ADMIN, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'tenant-create', name: 'Bench 视频', credits: 100_000_000 }),
      })
    ).json()) as { api_key: string };
    const key = created.api_key;
    const submit = async (prompt: string) => {
      const r = await fetch(`${api}/videos`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ prompt, model: TIER, duration: 4, resolution: '480p' }),
      });
      if (!r.ok) throw new Error(`POST /videos ${r.status} ${await r.text()}`);
      return ((await r.json()) as { id: string }).id;
    };
    const setSim = async (body: Record<string, unknown>) => {
      const r = await fetch(`${sim}/__sim/config`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ channel: '*', ...body }),
      });
      if (!r.ok) throw new Error(`sim config ${r.status}`);
    };
    const waitAllDone = async (n: number, ms: number) => {
      const end = Date.now() + ms;
      for (;;) {
        const [row] = await sql<{ n: number }[]>`select count(*)::int as n from jobs where status <> 'pending'`;
        if ((row?.n ?? 0) >= n) return;
        if (Date.now() > end) throw new Error(`only ${row?.n} of ${n} video jobs finished`);
        await new Promise((r) => setTimeout(r, 250));
      }
    };

    // Warm-up: connections, JIT, the simulator's MP4 cache.
    await setSim({ latency_ms: 0 });
    await Promise.all(Array.from({ length: 20 }, (_, i) => submit(`warm ${i}`)));
    await waitAllDone(20, 120_000);

    // A. Submission to upstream task created, one at a time; the floor is a direct task creation on the simulator.
    const floor: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      const r = await fetch(`${sim}/sim-video-a/api/v3/contents/generations/tasks`, {
        method: 'POST',
        headers: { authorization: 'Bearer sim-key-sim-video-a', 'content-type': 'application/json' },
        body: JSON.stringify({
          model: TIER,
          content: [{ type: 'text', text: 'floor --duration 4 --resolution 480p' }],
        }),
      });
      await r.text();
      floor.push(performance.now() - t0);
    }
    floor.sort((a, b) => a - b);
    const ids: string[] = [];
    for (let i = 0; i < 200; i++) ids.push(await submit(`latency ${i}`));
    await waitAllDone(220, 120_000);
    const [lat] = await sql<{ p50: number; p95: number }[]>`
      select percentile_cont(0.5) within group (order by ms) as p50, percentile_cont(0.95) within group (order by ms) as p95
        from (select extract(epoch from (v.upstream_created_at - j.created_at)) * 1000 as ms
                from jobs j join video_tasks v on v.id = j.id
               where j.id = any(${ids}::uuid[])) x`;
    console.log(
      `A. submission → upstream task created (200 tasks): P50 ${Number(lat?.p50).toFixed(1)} ms, P95 ${Number(lat?.p95).toFixed(1)} ms; floor (task creation on the simulator alone): P50 ${percentile(floor, 50).toFixed(1)} ms, P95 ${percentile(floor, 95).toFixed(1)} ms`,
    );

    // B. TASKS in flight against LATENCY_MS of upstream time, one worker process.
    await setSim({ latency_ms: LATENCY_MS });
    await new Promise((r) => setTimeout(r, 2000));
    const idle = rssMb(worker.pid);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(worker.pid))), 250);
    const b0 = Date.now();
    const bIds: string[] = [];
    for (let i = 0; i < TASKS; i += 50) {
      bIds.push(
        ...(await Promise.all(Array.from({ length: Math.min(50, TASKS - i) }, (_, j) => submit(`slow ${i + j}`)))),
      );
    }
    const submittedS = (Date.now() - b0) / 1000;
    let inFlight = 0;
    for (let i = 0; i < 600; i++) {
      const [row] = await sql<
        { n: number }[]
      >`select count(*)::int as n from video_tasks where upstream_task_id is not null and state in ('queued', 'running') and id = any(${bIds}::uuid[])`;
      inFlight = Math.max(inFlight, row?.n ?? 0);
      if (inFlight >= TASKS) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await waitAllDone(220 + TASKS, LATENCY_MS + 300_000);
    clearInterval(sampler);
    const [polls] = await sql<{ polls: number; minutes: number; failed: number; tasks: number }[]>`
      select sum(v.polls + 1)::float as polls,
             sum(extract(epoch from (j.finished_at - v.upstream_created_at)) / 60)::float as minutes,
             count(*) filter (where j.status = 'failed')::int as failed, count(*)::int as tasks
        from jobs j join video_tasks v on v.id = j.id where j.id = any(${bIds}::uuid[])`;
    const perTaskMinute = Number(polls?.polls) / Number(polls?.minutes);
    console.log(
      `B. ${TASKS} video tasks submitted in ${submittedS.toFixed(1)} s, ${inFlight} upstream tasks in flight at once against ${(LATENCY_MS / 1000).toFixed(0)} s upstream time, all done in ${((Date.now() - b0) / 1000).toFixed(1)} s, ${polls?.failed ?? 0} failed`,
    );
    console.log(
      `   worker RSS: floor (idle, same run) ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (target < 400 MB); status checks: ${(Number(polls?.polls) / Number(polls?.tasks)).toFixed(1)} per task = ${perTaskMinute.toFixed(2)} per task per minute`,
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
