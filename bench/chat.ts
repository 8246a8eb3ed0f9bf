/**
 * Chat proxy benchmark on PostgreSQL against the simulator's chat channel at zero latency, with
 * authentication, routing, charging, rate limiting and logging all on, beside a floor measured in the
 * same run: a bare `node:http` forwarder to the same upstream (no key, no routing, no ledger).
 * Prints, for Studio and the floor:
 *  A. non-streamed requests at 32 concurrent clients: requests/s, CPU ms per request of the serving
 *     process and requests per second per core (target: at most 0.5 ms CPU per request);
 *  B. latency at concurrency 1, P50/P99, and what Studio adds over the floor;
 *  C. time to the first streamed byte, P50, and what Studio adds (target: at most 1 ms);
 *  D. resident memory of the web process with 1,000 concurrent slow streams (target: under 300 MB).
 * Usage: npm run bench:chat   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
 * BENCH_CHAT_SECONDS (default 10) and BENCH_CHAT_STREAMS (default 1000) change the run.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import postgres from 'postgres';
import { Agent, Pool, request } from 'undici';
import { cpuMs, freePort, percentile, ROOT, rssMb, scratchDatabase, startScript, waitHttp } from './lib';

const ADMIN = `sk-studio-bench${randomBytes(16).toString('hex')}`;
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 10);
const STREAMS = Number(process.env.BENCH_CHAT_STREAMS ?? 1000);
/** Which parts to run, e.g. `A` or `BC` (default all). */
const PARTS = process.env.BENCH_CHAT_PARTS ?? 'ABCD';
const children: ChildProcess[] = [];
/** Studio's answers (200) over every part: each must have exactly one charge in the ledger. */
let studioAnswered = 0;
const STUDIO = 'Studio';
const BODY = JSON.stringify({
  model: 'studio-auto',
  messages: [{ role: 'user', content: '用一句话介绍一下杭州西湖。' }],
  max_tokens: 64,
});
const STREAM_BODY = JSON.stringify({
  model: 'studio-auto',
  stream: true,
  messages: [{ role: 'user', content: '用一句话介绍一下杭州西湖。' }],
  max_tokens: 64,
});
const FLOOR_BODY = JSON.stringify({
  model: 'chatmodel-1',
  messages: [{ role: 'user', content: '用一句话介绍一下杭州西湖。' }],
  max_tokens: 64,
});
const FLOOR_STREAM_BODY = JSON.stringify({
  model: 'chatmodel-1',
  stream: true,
  messages: [{ role: 'user', content: '用一句话介绍一下杭州西湖。' }],
  max_tokens: 64,
});

/** The floor: a node:http server that forwards the body to the upstream and pipes the answer back. */
const FLOOR_SOURCE = `
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 2048 });
const [host, port] = process.env.UPSTREAM_HOSTPORT.split(':');
http.createServer((req, res) => {
  const up = http.request({ host, port: Number(port), path: '/sim-chat-a/v1/chat/completions', method: 'POST', agent,
    headers: { 'content-type': 'application/json', authorization: 'Bearer sim-key-sim-chat-a' } }, (ur) => {
    res.writeHead(ur.statusCode, { 'content-type': ur.headers['content-type'] });
    ur.pipe(res);
  });
  up.on('error', () => { res.writeHead(502); res.end(); });
  res.on('close', () => { if (!res.writableFinished) up.destroy(); });
  req.pipe(up);
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

interface Target {
  name: string;
  origin: string;
  path: string;
  pid: number | undefined;
  headers: Record<string, string>;
  body: string;
  streamBody: string;
}

/** A: closed-loop load at `concurrency` for `seconds`; answers requests/s and CPU ms per request of the target process. */
async function throughput(
  t: Target,
  concurrency: number,
  seconds: number,
): Promise<{ rps: number; cpuPerReq: number; errors: number }> {
  const pool = new Pool(t.origin, { connections: concurrency, pipelining: 1 });
  let done = 0;
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  const cpu0 = cpuMs(t.pid);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const res = await pool.request({ path: t.path, method: 'POST', headers: t.headers, body: t.body });
        await res.body.text();
        if (res.statusCode === 200) done += 1;
        else errors += 1;
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = cpuMs(t.pid) - cpu0;
  await pool.close();
  if (t.name === STUDIO) studioAnswered += done;
  return { rps: done / elapsed, cpuPerReq: cpu / Math.max(1, done), errors };
}

/** B and C: one request at a time; answers the total latencies and the times to the first streamed byte. */
async function sequential(t: Target, n: number): Promise<{ latency: number[]; firstByte: number[] }> {
  const pool = new Pool(t.origin, { connections: 1 });
  const latency: number[] = [];
  const firstByte: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = performance.now();
    const res = await pool.request({ path: t.path, method: 'POST', headers: t.headers, body: t.body });
    await res.body.text();
    latency.push(performance.now() - a);
    if (t.name === STUDIO && res.statusCode === 200) studioAnswered += 1;
    const b = performance.now();
    const s = await pool.request({ path: t.path, method: 'POST', headers: t.headers, body: t.streamBody });
    let first = 0;
    let text = '';
    for await (const chunk of s.body) {
      if (!first && (chunk as Buffer).includes('data: ')) first = performance.now() - b;
      text += (chunk as Buffer).toString();
    }
    if (t.name === STUDIO && text.includes('[DONE]')) studioAnswered += 1;
    firstByte.push(first);
  }
  await pool.close();
  return { latency: latency.sort((x, y) => x - y), firstByte: firstByte.sort((x, y) => x - y) };
}

/** D: `count` streams open at once on a slow upstream; answers the peak resident memory of the process. */
async function slowStreams(t: Target, count: number): Promise<{ peakMb: number; idleMb: number; completed: number }> {
  const idleMb = rssMb(t.pid);
  const agent = new Agent({ connections: count + 10, pipelining: 0 });
  let peakMb = idleMb;
  let completed = 0;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(t.pid));
  }, 100);
  await Promise.all(
    Array.from({ length: count }, async () => {
      const res = await request(`${t.origin}${t.path}`, {
        method: 'POST',
        headers: t.headers,
        body: t.streamBody,
        dispatcher: agent,
      });
      const text = await res.body.text();
      if (text.includes('[DONE]')) completed += 1;
      if (t.name === STUDIO && text.includes('[DONE]')) studioAnswered += 1;
    }),
  );
  clearInterval(sampler);
  await agent.close();
  return { peakMb, idleMb, completed };
}

const ms = (n: number) => `${n.toFixed(2)} ms`;

async function main(): Promise<void> {
  const scratch = await scratchDatabase();
  try {
    const [port, simPort, floorPort] = [await freePort(), await freePort(), await freePort()];
    const sim = `http://127.0.0.1:${simPort}`;
    const env: Record<string, string> = {
      DATABASE_URL: scratch.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      STUDIO_SIM_PORT: String(simPort),
      STUDIO_ADMIN_KEY: ADMIN,
      STUDIO_DEMO: '0',
      STUDIO_WORKER: 'off',
      // The limit stays on (a database bucket per key on every request), high enough not to refuse the load.
      STUDIO_CHAT_RATE_PER_MINUTE: '100000000',
      STUDIO_DATA_DIR: path.join(ROOT, '.data', `bench-${scratch.name}`),
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    };
    startScript(children, 'src/sim/main.ts', env);
    await waitHttp(`${sim}/__sim/health`);
    const studio = startScript(children, 'scripts/start.ts', env, process.env.BENCH_PROFILE === '1');
    const api = `http://127.0.0.1:${port}/api`;
    await waitHttp(`${api}/health`);
    const { spawn } = await import('node:child_process');
    const floor = spawn(process.execPath, ['-e', FLOOR_SOURCE], {
      env: { ...process.env, PORT: String(floorPort), UPSTREAM_HOSTPORT: `127.0.0.1:${simPort}` },
      stdio: 'inherit',
    });
    children.push(floor);
    await new Promise((r) => setTimeout(r, 500));

    const created = (await (
      await fetch(`${api}/admin`, {
        method: 'POST',
        headers: { 'x-api-key': ADMIN, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'tenant-create', name: 'Bench 对话', credits: 1_000_000_000 }),
      })
    ).json()) as { api_key: string };
    const targets: Target[] = [
      {
        name: 'floor (node:http forwarder)',
        origin: `http://127.0.0.1:${floorPort}`,
        path: '/',
        pid: floor.pid,
        headers: { 'content-type': 'application/json' },
        body: FLOOR_BODY,
        streamBody: FLOOR_STREAM_BODY,
      },
      {
        name: STUDIO,
        origin: `http://127.0.0.1:${port}`,
        path: '/api/chat/completions',
        pid: studio.pid,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${created.api_key}` },
        body: BODY,
        streamBody: STREAM_BODY,
      },
    ];

    // Warm both paths (JIT, connection pools, prepared statements).
    for (const t of targets) await throughput(t, 8, 2);

    if (PARTS.includes('A')) {
      console.log(`\nA. non-streamed, 32 concurrent clients, ${SECONDS} s each`);
      const a: Record<string, Awaited<ReturnType<typeof throughput>>> = {};
      for (const t of targets) {
        a[t.name] = await throughput(t, 32, SECONDS);
        const r = a[t.name] as { rps: number; cpuPerReq: number; errors: number };
        console.log(
          `  ${t.name.padEnd(30)} ${r.rps.toFixed(0).padStart(6)} req/s   ${ms(r.cpuPerReq)} CPU/request   ${(1000 / r.cpuPerReq).toFixed(0)} req/s per core   ${r.errors} errors`,
        );
      }
      const [fa, sa] = [a[targets[0]?.name ?? ''], a[targets[1]?.name ?? '']];
      if (fa && sa)
        console.log(
          `  Studio/floor CPU per request: ${(sa.cpuPerReq / fa.cpuPerReq).toFixed(2)}x   Studio: ${ms(sa.cpuPerReq)} (target ≤ 0.50 ms)`,
        );
    }

    if (PARTS.includes('B') || PARTS.includes('C')) {
      console.log('\nB/C. one at a time, 300 requests and 300 streams each');
      const b: Record<string, Awaited<ReturnType<typeof sequential>>> = {};
      for (const t of targets) {
        b[t.name] = await sequential(t, 300);
        const r = b[t.name] as { latency: number[]; firstByte: number[] };
        console.log(
          `  ${t.name.padEnd(30)} latency P50 ${ms(percentile(r.latency, 50))} P99 ${ms(percentile(r.latency, 99))}   first streamed byte P50 ${ms(percentile(r.firstByte, 50))}`,
        );
      }
      const [fb, sb] = [b[targets[0]?.name ?? ''], b[targets[1]?.name ?? '']];
      if (fb && sb) {
        console.log(
          `  added by Studio: latency P50 ${ms(percentile(sb.latency, 50) - percentile(fb.latency, 50))}, P99 ${ms(percentile(sb.latency, 99) - percentile(fb.latency, 99))}; first streamed byte P50 ${ms(percentile(sb.firstByte, 50) - percentile(fb.firstByte, 50))} (target ≤ 1 ms)`,
        );
      }
    }

    if (PARTS.includes('D')) {
      console.log(`\nD. ${STREAMS} concurrent slow streams (the upstream waits 300 ms between chunks)`);
      const slow = await fetch(`${sim}/__sim/config`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ channel: '*', chunk_delay_ms: 300 }),
      });
      if (!slow.ok) throw new Error(`could not slow the simulator: ${await slow.text()}`);
      for (const t of targets) {
        const r = await slowStreams(t, STREAMS);
        console.log(
          `  ${t.name.padEnd(30)} resident ${r.idleMb.toFixed(0)} MB idle → ${r.peakMb.toFixed(0)} MB peak; ${r.completed}/${STREAMS} streams completed`,
        );
      }
      console.log('  target: Studio under 300 MB with 1,000 streams');
    }

    // The charges: Studio stops (writing its queued charges and giving its hold back), then every
    // answer must have exactly one charge row and the ledger must sum to the balance.
    studio.kill('SIGTERM');
    await new Promise((r) => studio.once('exit', r));
    const sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
    try {
      const [w] = await sql<
        { credits: number; held: number; ledger: string; charges: string; refs: string; holds: string }[]
      >`
        select t.credits, t.held,
               (select sum(amount) from ledger_entries l where l.tenant_id = t.id and l.account_id is null) as ledger,
               (select count(*) from ledger_entries l where l.tenant_id = t.id and l.category = 'chat') as charges,
               (select count(distinct ref) from ledger_entries l where l.tenant_id = t.id and l.category = 'chat') as refs,
               (select count(*) from credit_holds h where h.tenant_id = t.id) as holds
          from tenants t where t.name = 'Bench 对话'`;
      console.log(
        `\nCharges: ${w?.charges} chat charge rows (${w?.refs} distinct requests) for ${studioAnswered} answers (every part and the warm-up);` +
          ` ledger sum ${w?.ledger} = balance ${w?.credits}: ${String(w?.ledger) === String(w?.credits) ? 'yes' : 'NO'};` +
          ` held after stopping ${w?.held}, hold rows ${w?.holds}`,
      );
    } finally {
      await sql.end();
    }
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 800));
    await scratch.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  for (const c of children) c.kill('SIGKILL');
  process.exit(1);
});
