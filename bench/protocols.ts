/**
 * Mixed-protocol image benchmark on PostgreSQL with the simulator: the same load on a family served by
 * channels of one protocol (OpenAI Images, today's case) and on a family spread over four protocols, two
 * of them asynchronous (OpenAI Images, the Gemini API, DashScope tasks, fal's queue). Printed side by side
 * for both families, each with its ratio to the single-protocol figure (target: within 20 %):
 *  A. end-to-end throughput at simulator latency 0: jobs/s, and dispatch (submission to the first upstream
 *     call) P50/P95 over those jobs;
 *  B. jobs in flight against a 2-second simulator latency: the worker's RSS above its idle RSS, per job.
 * Usage: npm run bench:protocols   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_PROTOCOLS_SIZE=small  a short run (fewer jobs in each part).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import postgres from 'postgres';
import { SIM_CHANNELS } from '@/sim/channels';
import { SIM_PROTOCOL_CHANNELS } from '@/sim/protocol-channels';
import { simulatorUpstreams } from '@/server/upstreams/registry';
import type { UpstreamConfig } from '@/server/upstreams/types';
import { freePort, percentile, rssMb, scratchDatabase, startScript, waitHttp } from './lib';

const root = path.resolve(import.meta.dirname, '..');
const ADMIN = `sk-studio-bench${randomBytes(16).toString('hex')}`;
const children: ChildProcess[] = [];
const SMALL = process.env.BENCH_PROTOCOLS_SIZE === 'small';
const SIZE = SMALL ? { batches: 16, inFlight: 512 } : { batches: 94, inFlight: 3_000 };

/** The two families under test and the simulated channels serving each (one model per channel). */
const FAMILIES = {
  single: ['sim-image-b', 'sim-image-c'],
  mixed: ['sim-image-a', 'sim-gemini-image', 'sim-wan', 'sim-fal'],
} as const;
type Family = keyof typeof FAMILIES;

/** The upstreams file: each channel's first model, renamed into its bench family. */
function upstreamsFile(origin: string): UpstreamConfig[] {
  const all = simulatorUpstreams(origin, [...SIM_CHANNELS, ...SIM_PROTOCOL_CHANNELS]);
  return (Object.keys(FAMILIES) as Family[]).flatMap((family) =>
    FAMILIES[family].map((name) => {
      const ch = all.find((u) => u.name === name);
      const model = ch?.models.find((m) => m.media.includes('image'));
      if (!ch || !model) throw new Error(`no simulated image channel ${name}`);
      return { ...ch, models: [{ ...model, family: `bench-${family}` }] };
    }),
  );
}

const ratio = (value: number, base: number) => (base > 0 ? `${(value / base).toFixed(2)}x` : 'n/a');

async function main(): Promise<void> {
  const scratch = await scratchDatabase();
  const sql = postgres(scratch.url, { max: 4, onnotice: () => {} });
  const dataDir = path.join(root, '.data', `bench-${scratch.name}`);
  try {
    const [port, simPort] = [await freePort(), await freePort()];
    const sim = `http://127.0.0.1:${simPort}`;
    mkdirSync(dataDir, { recursive: true });
    const file = path.join(dataDir, 'upstreams.json');
    writeFileSync(file, JSON.stringify({ upstreams: upstreamsFile(sim) }, null, 2));
    const env: Record<string, string> = {
      DATABASE_URL: scratch.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      STUDIO_SIM_PORT: String(simPort),
      STUDIO_UPSTREAMS_FILE: file,
      STUDIO_ADMIN_KEY: ADMIN,
      STUDIO_DEMO: '0',
      STUDIO_IMAGE_RATE_PER_HOUR: '100000000',
      STUDIO_WORKER_CONCURRENCY: String(Math.max(SIZE.inFlight, 1_000)),
      STUDIO_DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
    };
    const simulator = startScript(children, 'src/sim/main.ts', env);
    await waitHttp(`${sim}/__sim/health`);
    startScript(children, 'scripts/start.ts', { ...env, STUDIO_WORKER: 'off' });
    const api = `http://127.0.0.1:${port}/api`;
    await waitHttp(`${api}/health`);
    const worker = startScript(children, 'src/worker/main.ts', env);
    await new Promise((r) => setTimeout(r, 3000));
    if (!simulator.pid || !worker.pid) throw new Error('a process did not start');

    const created = (await (
      await fetch(`${api}/admin`, {
        method: 'POST',
        headers: { 'x-api-key': ADMIN, 'content-type': 'application/json' },
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
    const batch = (family: Family, n = 32) => ({
      items: Array.from({ length: n }, () => ({ prompt: 'bench', model: `bench-${family}`, ratio: '1:1' })),
    });
    const setLatency = (ms: number) =>
      fetch(`${sim}/__sim/config`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ channel: '*', latency_ms: ms }),
      });
    const waitDone = async (family: Family, total: number, ms: number) => {
      const end = Date.now() + ms;
      for (;;) {
        const [row] = await sql<{ n: number }[]>`
          select count(*)::int as n from jobs where status <> 'pending' and input->>'model' = ${`bench-${family}`}`;
        if ((row?.n ?? 0) >= total) return;
        if (Date.now() > end) throw new Error(`only ${row?.n} of ${total} ${family} jobs finished`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const submitted: Record<Family, number> = { single: 0, mixed: 0 };
    const sendBatches = async (family: Family, batches: number, n = 32) => {
      let sent = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (sent < batches) {
            sent += 1;
            await post(batch(family, n));
          }
        }),
      );
      submitted[family] += batches * n;
    };

    // Warm-up of both families: caches, JIT, connections.
    await setLatency(0);
    for (const family of ['single', 'mixed'] as const) {
      await sendBatches(family, 4);
      await waitDone(family, submitted[family], 120_000);
    }

    // A. Throughput and dispatch at latency 0.
    const a: Record<Family, { rate: number; p50: number; p95: number; failed: number }> = {
      single: { rate: 0, p50: 0, p95: 0, failed: 0 },
      mixed: { rate: 0, p50: 0, p95: 0, failed: 0 },
    };
    for (const family of ['single', 'mixed'] as const) {
      const since = new Date();
      const t0 = Date.now();
      await sendBatches(family, SIZE.batches);
      await waitDone(family, submitted[family], 300_000);
      const seconds = (Date.now() - t0) / 1000;
      const rows = await sql<{ ms: number }[]>`
        select extract(epoch from (a.started_at - j.created_at)) * 1000 as ms
          from jobs j join upstream_attempts a on a.ref = j.id::text and a.try_no = 1 and a.chain_pos = 1
         where j.created_at >= ${since} and j.input->>'model' = ${`bench-${family}`}`;
      const times = rows.map((r) => Number(r.ms)).sort((x, y) => x - y);
      const [failed] = await sql<{ n: number }[]>`
        select count(*)::int as n from jobs
         where status = 'failed' and created_at >= ${since} and input->>'model' = ${`bench-${family}`}`;
      a[family] = {
        rate: (SIZE.batches * 32) / seconds,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        failed: failed?.n ?? 0,
      };
    }
    for (const family of ['single', 'mixed'] as const) {
      const f = a[family];
      console.log(
        `A. ${family === 'single' ? 'one protocol (OpenAI Images)      ' : 'four protocols (two asynchronous)'}: ` +
          `${SIZE.batches * 32} jobs at ${f.rate.toFixed(0)} jobs/s (${ratio(f.rate, a.single.rate)} of one protocol), ` +
          `dispatch P50 ${f.p50.toFixed(1)} ms (${ratio(f.p50, a.single.p50)}), P95 ${f.p95.toFixed(1)} ms (${ratio(f.p95, a.single.p95)}), ${f.failed} failed`,
      );
    }

    // B. Memory per job in flight at latency 2 s.
    await setLatency(2_000);
    const b: Record<Family, number> = { single: 0, mixed: 0 };
    for (const family of ['single', 'mixed'] as const) {
      await new Promise((r) => setTimeout(r, 1000));
      const idle = rssMb(worker.pid);
      let peak = idle;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(worker.pid))), 100);
      await sendBatches(family, Math.ceil(SIZE.inFlight / 32));
      await waitDone(family, submitted[family], 300_000);
      clearInterval(sampler);
      b[family] = ((peak - idle) * 1024) / SIZE.inFlight;
      console.log(
        `B. ${family === 'single' ? 'one protocol      ' : 'four protocols    '}: ${SIZE.inFlight} jobs against 2 s latency: ` +
          `worker RSS idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, ${b[family].toFixed(1)} KB per job in flight` +
          (family === 'mixed' ? ` (${ratio(b.mixed, b.single)} of one protocol)` : ''),
      );
    }
    await setLatency(0);
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    await sql.end({ timeout: 5 });
    await scratch.drop();
    spawnSync('rm', ['-rf', dataDir]);
  }
}

await main();
