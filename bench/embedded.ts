/**
 * The embedded single-process mode (`npm start` without DATABASE_URL: web, inline worker, simulator
 * and PGlite in one process) under a steady mixed load, its resident memory sampled as it goes.
 * Target (issue "Performance"): under 400 MB after an hour of mixed load.
 * The load, per second: balance and job polls, image submissions (some batches), template reads,
 * usage reports and a chat completion, from a few tenants and members.
 * Usage: npm run bench:embedded   BENCH_EMBEDDED_MINUTES (default 60) sets the length;
 * BENCH_EMBEDDED_SAMPLE_S (default 60) how often a line is printed.
 */
import { rssMb, startBenchServer } from './lib';

const MINUTES = Number(process.env.BENCH_EMBEDDED_MINUTES ?? 60);
const SAMPLE_S = Number(process.env.BENCH_EMBEDDED_SAMPLE_S ?? 60);
/** Requests kept in flight at once. */
const CONCURRENCY = 8;

async function main(): Promise<void> {
  // DATABASE_URL set to nothing: the embedded database, whatever the calling shell has.
  const server = await startBenchServer({ DATABASE_URL: '', STUDIO_WORKER: 'inline', STUDIO_IMAGE_RATE_PER_HOUR: '100000000' });
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
          await call(key, '/generate-batch', { items: Array.from({ length: 4 }, (_, i) => ({ prompt: `批量 ${turn}-${i}`, quality: 'low' })) });
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
          await call(key, '/chat/completions', { model: 'studio-auto', messages: [{ role: 'user', content: `你好 ${turn}` }] });
          break;
        default:
          await call(key, '/balance');
      }
    };

    const start = Date.now();
    const end = start + MINUTES * 60_000;
    const startRss = rssMb(server.pid);
    let peak = startRss;
    console.log(`\nEmbedded mode (PGlite, inline worker, simulator), ${CONCURRENCY} requests in flight, ${MINUTES} min\n`);
    console.log('| minute | requests ok | failed | resident MB | peak MB |');
    console.log('|---:|---:|---:|---:|---:|');
    console.log(`| 0 | 0 | 0 | ${startRss.toFixed(0)} | ${startRss.toFixed(0)} |`);
    const sampler = setInterval(() => {
      const rss = rssMb(server.pid);
      peak = Math.max(peak, rss);
      console.log(`| ${((Date.now() - start) / 60_000).toFixed(1)} | ${counts.ok} | ${counts.failed} | ${rss.toFixed(0)} | ${peak.toFixed(0)} |`);
    }, SAMPLE_S * 1000);
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (Date.now() < end) await step().catch(() => (counts.failed += 1));
      }),
    );
    clearInterval(sampler);
    const final = rssMb(server.pid);
    if (failures.size > 0) console.log(`failed answers: ${[...failures].map(([what, n]) => `${what} ×${n}`).join(', ')}`);
    console.log(`\nafter ${MINUTES} min: ${counts.ok} requests answered, ${counts.failed} failed; resident ${final.toFixed(0)} MB (peak ${Math.max(peak, final).toFixed(0)} MB; target < 400 MB)`);
  } finally {
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
