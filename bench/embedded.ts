/**
 * The embedded single-process mode (`npm start` without DATABASE_URL: web, inline worker, simulator
 * and PGlite in one process) under a steady mixed load, its resident memory sampled as it goes.
 * Target (issue "Performance"): under 400 MB after an hour of mixed load.
 * The load, per second: balance and job polls, image submissions (some batches), template reads,
 * usage reports and a chat completion, from a few tenants and members.
 * Usage: npm run bench:embedded   BENCH_EMBEDDED_MINUTES (default 60) sets the length;
 * BENCH_EMBEDDED_SAMPLE_S (default 60) how often a line is printed.
 * Each line splits the resident memory (read in the server by bench/memory-probe.mjs): the JS heap V8
 * has reserved (and what of it is in use), PGlite's WebAssembly memory, and the rest (code, native
 * buffers, the allocator); and the server's CPU time so far. BENCH_EMBEDDED_GC=1 collects garbage
 * before each reading, so the heap in use is what is live (not for the CPU figures).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuMs, rssMb, startBenchServer } from './lib';

const MINUTES = Number(process.env.BENCH_EMBEDDED_MINUTES ?? 60);
const SAMPLE_S = Number(process.env.BENCH_EMBEDDED_SAMPLE_S ?? 60);
/** Requests kept in flight at once. */
const CONCURRENCY = 8;
const GC = process.env.BENCH_EMBEDDED_GC === '1';

/** What bench/memory-probe.mjs reports (MB). */
interface Probe {
  proc: { VmRSS?: number; VmHWM?: number; RssAnon?: number; RssFile?: number };
  usage: { rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number };
  wasmLiveMb: number;
  /** Resident MB by mapping (bench/memory-probe.mjs): WebAssembly memories, brk heap, other anonymous, files. */
  smaps: { wasmResident: number; brk: number; anon: number; files: number };
}

/** Asks the server's probe for a reading (SIGUSR2) and waits for it. */
async function probe(pid: number | undefined, dir: string): Promise<Probe | null> {
  if (!pid) return null;
  const file = path.join(dir, `mem-${pid}.json`);
  rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 50; i += 1) {
    await new Promise((r) => setTimeout(r, 100));
    if (existsSync(file)) {
      try {
        return JSON.parse(readFileSync(file, 'utf8')) as Probe;
      } catch {
        // being written
      }
    }
  }
  return null;
}

/**
 * A table row's memory cells: resident, peak, JS heap reserved (in use), WebAssembly resident (of its
 * size), mapped files (code), and the rest: native memory (malloc, V8's own) outside the JS heap.
 */
function memoryCells(rss: number, peak: number, p: Probe | null): string {
  if (!p) return `${rss.toFixed(0)} | ${peak.toFixed(0)} | ? | ? | ? | ?`;
  const rest = rss - p.usage.heapTotal - p.smaps.wasmResident - p.smaps.files;
  return `${rss.toFixed(0)} | ${peak.toFixed(0)} | ${p.usage.heapTotal.toFixed(0)} (${p.usage.heapUsed.toFixed(0)}) | ${p.smaps.wasmResident.toFixed(0)} (${p.wasmLiveMb.toFixed(0)}) | ${p.smaps.files.toFixed(0)} | ${rest.toFixed(0)}`;
}

async function main(): Promise<void> {
  // DATABASE_URL set to nothing: the embedded database, whatever the calling shell has.
  const probeDir = mkdtempSync(path.join(os.tmpdir(), 'studio-embedded-probe-'));
  const nodeOptions = [
    process.env.NODE_OPTIONS ?? '',
    `--import=${path.join(import.meta.dirname, 'memory-probe.mjs')}`,
    GC ? '--expose-gc' : '',
  ]
    .join(' ')
    .trim();
  const server = await startBenchServer({
    DATABASE_URL: '',
    STUDIO_WORKER: 'inline',
    STUDIO_IMAGE_RATE_PER_HOUR: '100000000',
    // The load sends more chat requests per key than the default per-minute limit allows.
    STUDIO_CHAT_RATE_PER_MINUTE: '100000000',
    NODE_OPTIONS: nodeOptions,
    STUDIO_MEMORY_PROBE_DIR: probeDir,
    STUDIO_MEMORY_PROBE_GC: GC ? '1' : '0',
  });
  const counts = { ok: 0, failed: 0 };
  /** Failed answers by path and status, so a failure is seen for what it is. */
  const failures = new Map<string, number>();
  try {
    const tenants = await Promise.all([server.tenant('嵌入式一', 10_000_000), server.tenant('嵌入式二', 10_000_000)]);
    const call = async (key: string, path: string, body?: unknown): Promise<Record<string, unknown> | null> => {
      const res = await fetch(`${server.api}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = (await res.json().catch(() => null)) as Record<string, unknown> | null;
      if (res.ok) counts.ok += 1;
      else {
        counts.failed += 1;
        const what = `${path.split('?')[0]} ${res.status}`;
        failures.set(what, (failures.get(what) ?? 0) + 1);
      }
      return res.ok ? answer : null;
    };
    // Each tenant polls its own jobs (another tenant's are 404, as they should be).
    const jobIdsOf = new Map<string, string[]>();
    let turn = 0;
    const step = async (): Promise<void> => {
      turn += 1;
      const key = tenants[turn % tenants.length]?.key ?? '';
      const jobIds = jobIdsOf.get(key) ?? [];
      jobIdsOf.set(key, jobIds);
      switch (turn % 10) {
        case 0: {
          const sent = await call(key, '/generate', { prompt: `嵌入式负载 ${turn}`, quality: 'low' });
          if (typeof sent?.jobId === 'string') jobIds.push(sent.jobId);
          if (jobIds.length > 200) jobIds.splice(0, 100);
          break;
        }
        case 1:
          await call(key, '/generate-batch', {
            items: Array.from({ length: 4 }, (_, i) => ({ prompt: `批量 ${turn}-${i}`, quality: 'low' })),
          });
          break;
        case 2:
        case 3:
        case 4: {
          const id = jobIds[turn % Math.max(1, jobIds.length)];
          await call(key, id ? `/jobs?id=${id}` : '/jobs');
          break;
        }
        case 5:
          await call(key, '/templates');
          break;
        case 6:
          await call(key, '/tenant-usage');
          break;
        case 7:
          await call(key, '/chat/completions', {
            model: 'studio-auto',
            messages: [{ role: 'user', content: `你好 ${turn}` }],
          });
          break;
        default:
          await call(key, '/balance');
      }
    };

    const start = Date.now();
    const end = start + MINUTES * 60_000;
    const startRss = rssMb(server.pid);
    const cpuAtStart = cpuMs(server.pid);
    const startProbe = await probe(server.pid, probeDir);
    let peak = startRss;
    console.log(
      `\nEmbedded mode (PGlite, inline worker, simulator), ${CONCURRENCY} requests in flight, ${MINUTES} min${GC ? ' (collected before each reading)' : ''}\n`,
    );
    console.log(
      `start-up: ${(cpuAtStart / 1000).toFixed(1)} s of CPU, highest resident ${startProbe?.proc.VmHWM?.toFixed(0) ?? '?'} MB\n`,
    );
    console.log(
      '| minute | requests ok | failed | resident MB | peak MB | JS heap MB (in use) | WASM resident MB (size) | files MB | native rest MB | CPU s |',
    );
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    console.log(`| 0 | 0 | 0 | ${memoryCells(startRss, startRss, startProbe)} | ${(cpuAtStart / 1000).toFixed(1)} |`);
    let sampling = false;
    const sampler = setInterval(() => {
      if (sampling) return;
      sampling = true;
      void (async () => {
        const p = await probe(server.pid, probeDir);
        const rss = rssMb(server.pid);
        peak = Math.max(peak, rss);
        console.log(
          `| ${((Date.now() - start) / 60_000).toFixed(1)} | ${counts.ok} | ${counts.failed} | ${memoryCells(rss, peak, p)} | ${(cpuMs(server.pid) / 1000).toFixed(1)} |`,
        );
      })().finally(() => (sampling = false));
    }, SAMPLE_S * 1000);
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (Date.now() < end) await step().catch(() => (counts.failed += 1));
      }),
    );
    clearInterval(sampler);
    const final = rssMb(server.pid);
    const finalProbe = await probe(server.pid, probeDir);
    const cpuLoad = (cpuMs(server.pid) - cpuAtStart) / 1000;
    if (failures.size > 0)
      console.log(`failed answers: ${[...failures].map(([what, n]) => `${what} ×${n}`).join(', ')}`);
    console.log(
      `\nafter ${MINUTES} min: ${counts.ok} requests answered, ${counts.failed} failed; resident ${final.toFixed(0)} MB (peak ${Math.max(peak, final).toFixed(0)} MB; target < 400 MB)`,
    );
    if (finalProbe)
      console.log(
        `  of which: JS heap ${finalProbe.usage.heapTotal.toFixed(0)} MB (${finalProbe.usage.heapUsed.toFixed(0)} in use), WebAssembly ${finalProbe.smaps.wasmResident.toFixed(0)} MB resident (${finalProbe.wasmLiveMb.toFixed(0)} MB in size), mapped files ${finalProbe.smaps.files.toFixed(0)} MB, external ${finalProbe.usage.external.toFixed(0)} MB; highest resident since start ${finalProbe.proc.VmHWM?.toFixed(0) ?? '?'} MB`,
      );
    console.log(
      `  CPU under load: ${cpuLoad.toFixed(0)} s in ${MINUTES} min (${((cpuLoad / (MINUTES * 60)) * 100).toFixed(0)}% of a core); ${(counts.ok / Math.max(cpuLoad, 0.001)).toFixed(0)} requests per CPU second`,
    );
  } finally {
    await server.stop();
    rmSync(probeDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
