/**
 * Authenticated REST calls on PostgreSQL, beside floors measured in the same run. For each, at 32
 * concurrent clients: requests per second and CPU ms per request of the serving process, and Studio's
 * ratio to its floor.
 *  Reads (target at most 2× the read floor): a bare `node:http` server that takes the key, hashes it
 *  (SHA-256), looks it up and reads the balance with the `postgres` driver (two queries, no framework,
 *  no validation, no error conventions).
 *   A. GET /api/balance
 *   B. GET /api/jobs?id=<a pending job>
 *   C. GET /api/videos?id=<a queued video task>
 *  Submissions (target at most 3× the submission floor): the same server doing by hand what
 *  `POST /api/generate` does: the key look-up, the tenant's binding, then one statement taking a
 *  rate-limit token, charging the credits (ledger and daily usage), inserting the job and its task,
 *  waking the workers and logging the job event, the same statement Studio sends.
 *   D. POST /api/generate with a prompt
 * Usage: npm run bench:rest   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
 * BENCH_REST_SECONDS (default 10) changes each run; BENCH_REST_ONLY=D runs only call D; BENCH_PROFILE=1
 * profiles the web process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Pool } from 'undici';
import { cpuMs, freePort, ROOT, scratchDatabase, startBenchServer, waitHttp } from './lib';

const SECONDS = Number(process.env.BENCH_REST_SECONDS ?? 10);
const CONCURRENCY = 32;
/** BENCH_REST_ONLY=BD runs only calls B and D (for a profile of one path). */
const ONLY = process.env.BENCH_REST_ONLY;

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

const { randomUUID } = require('node:crypto');
const submit = async (req, res, body) => {
  const key = req.headers['x-api-key'] || '';
  const digest = createHash('sha256').update(key).digest('hex');
  const [k] = await sql\`select tenant_id, account_id from api_keys where digest = \${digest} and revoked_at is null\`;
  if (!k) { res.writeHead(401); res.end(); return; }
  const input = JSON.parse(body);
  if (typeof input.prompt !== 'string') { res.writeHead(400); res.end(); return; }
  await sql\`select bound_model from tenants where id = \${k.tenant_id}\`;
  const id = randomUUID();
  // The statement Studio sends: the rate-limit token gating the charge (ledger and daily usage), the
  // job past studio_refuse, its task queued and announced, its event logged under the tenant's lock.
  const bucket = 'image:' + k.tenant_id;
  const job = { prompt: input.prompt, quality: input.quality || 'low', source: { kind: 'prompt' }, ratio: '1:1', request: input };
  await sql\`with g as (insert into rate_buckets (key, tokens, updated_at) values (\${bucket}, 100000000::real - 1::real, now())
      on conflict (key) do update set tokens = least(100000000::real, rate_buckets.tokens + extract(epoch from (now() - rate_buckets.updated_at)) * 1000 * 27::real) - 1::real, updated_at = now()
      where least(100000000::real, rate_buckets.tokens + extract(epoch from (now() - rate_buckets.updated_at)) * 1000 * 27::real) >= 1::real returning tokens),
    w as (update tenants set credits = credits - 1 where id = \${k.tenant_id} and credits::bigint - 1 between 0 and 2147483647 and exists (select 1 from g) returning credits),
    l as (insert into ledger_entries (tenant_id, account_id, amount, balance_after, kind, category, actor_account_id, ref, note)
          select \${k.tenant_id}::uuid, null, -1, w.credits, 'charge', 'image', null, \${id}, null from w returning id),
    u as (insert into usage_daily (tenant_id, day, category, credits) select \${k.tenant_id}::uuid, (now() at time zone 'Asia/Shanghai')::date, 'image', 1 from w
          on conflict (tenant_id, day, category) do update set credits = usage_daily.credits + excluded.credits returning 1),
    j as (insert into jobs (id, tenant_id, kind, input, credits, cost_usd)
          select \${id}::uuid, \${k.tenant_id}::uuid, 'image', \${sql.json(job)}::jsonb, 1, 0.01
           where studio_refuse(case when not exists (select 1 from g) then 'rate' when not exists (select 1 from w) then 'credits' end)
          returning *),
    t as (insert into tasks (queue, payload, max_attempts) select 'image.job', jsonb_build_object('jobId', j.id), 3 from j
          returning pg_notify('studio_floor_tasks', queue)),
    lk as materialized (select pg_advisory_xact_lock(24189, hashtext(tenant_id::text)) from j),
    e as (insert into job_events (tenant_id, account_id, job_id, type) select tenant_id, null, id, 'job.created' from j where (select count(*) from lk) >= 0
          returning id, job_id)
    select pg_notify('studio_floor_jobs', json_build_object('id', e.id, 'job', e.job_id)::text), j.* from e join j on j.id = e.job_id\`;
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ ok: true, jobId: id, status: 'pending' }));
};
http.createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (c) => (body += c));
  req.on('end', () => submit(req, res, body).catch((e) => { console.error(e); res.writeHead(500); res.end(); }));
}).listen(Number(process.env.SUBMIT_PORT), '127.0.0.1');
`;

interface Figure {
  rps: number;
  cpuPerReq: number;
  errors: number;
}

interface Call {
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
}

/** One measured slice: requests answered 200, others, CPU ms of the serving process, seconds. */
interface Slice {
  done: number;
  errors: number;
  cpu: number;
  seconds: number;
}

/** A call kept in flight by `CONCURRENCY` clients against one process, measured in slices. */
class Load {
  private readonly pool: Pool;
  constructor(
    origin: string,
    private readonly call: Call,
    private readonly key: string,
    private readonly pid: number | undefined,
  ) {
    this.pool = new Pool(origin, { connections: CONCURRENCY, pipelining: 1 });
  }

  private request() {
    const headers: Record<string, string> = {
      'x-api-key': this.key,
      ...(this.call.body ? { 'content-type': 'application/json' } : {}),
    };
    return this.pool.request({
      path: this.call.path,
      method: this.call.method ?? 'GET',
      headers,
      body: this.call.body,
    });
  }

  async slice(ms: number): Promise<Slice> {
    let done = 0;
    let errors = 0;
    const end = Date.now() + ms;
    const cpu0 = cpuMs(this.pid);
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (Date.now() < end) {
          const res = await this.request();
          await res.body.text();
          if (res.statusCode === 200) done += 1;
          else errors += 1;
        }
      }),
    );
    return { done, errors, cpu: cpuMs(this.pid) - cpu0, seconds: (performance.now() - t0) / 1000 };
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

const SLICES = 5;

/**
 * Measures a call beside its floor, alternating slices of each (a shared machine's load changes
 * from second to second; alternating puts both under the same load). Warms both up first.
 */
async function compare(target: Load, floor: Load): Promise<{ target: Figure; floor: Figure }> {
  await Promise.all([target.slice(1500), floor.slice(1500)]);
  const sum = { target: { done: 0, errors: 0, cpu: 0, seconds: 0 }, floor: { done: 0, errors: 0, cpu: 0, seconds: 0 } };
  const add = (into: Slice, s: Slice) => {
    into.done += s.done;
    into.errors += s.errors;
    into.cpu += s.cpu;
    into.seconds += s.seconds;
  };
  const ms = (SECONDS * 1000) / SLICES;
  for (let i = 0; i < SLICES; i++) {
    add(sum.floor, await floor.slice(ms));
    add(sum.target, await target.slice(ms));
  }
  const figure = (s: Slice): Figure => ({
    rps: s.done / s.seconds,
    cpuPerReq: s.cpu / Math.max(1, s.done),
    errors: s.errors,
  });
  return { target: figure(sum.target), floor: figure(sum.floor) };
}

const row = (name: string, f: Figure, floor?: Figure, target?: number) => {
  const ratio = floor ? f.cpuPerReq / floor.cpuPerReq : 1;
  const verdict = target === undefined ? '' : `≤ ${target}× ${ratio <= target ? 'met' : 'NOT met'}`;
  return `| ${name} | ${f.rps.toFixed(0)} | ${f.cpuPerReq.toFixed(3)} ms | ${ratio.toFixed(2)}× | ${verdict} | ${f.errors} |`;
};

async function main(): Promise<void> {
  const scratch = await scratchDatabase();
  const children: ChildProcess[] = [];
  // No hourly image cap in the way of the submission run.
  const server = await startBenchServer({ DATABASE_URL: scratch.url, STUDIO_IMAGE_RATE_PER_HOUR: '100000000' });
  try {
    const tenant = await server.tenant('基准租户', 100_000_000);
    const post = async (path: string, body: unknown): Promise<Record<string, unknown>> => {
      const res = await fetch(`${server.api}${path}`, {
        method: 'POST',
        headers: { 'x-api-key': tenant.key, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = (await res.json()) as Record<string, unknown>;
      if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(answer)}`);
      return answer;
    };
    const { jobId } = (await post('/generate', { prompt: '基准 bench', quality: 'low' })) as { jobId: string };
    const { task_id: videoId } = (await post('/videos', { prompt: '基准视频 bench video' })) as { task_id: string };

    const [floorPort, submitPort] = [await freePort(), await freePort()];
    const floor = spawn(process.execPath, ['-e', FLOOR_SOURCE], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(floorPort), SUBMIT_PORT: String(submitPort), DATABASE_URL: scratch.url },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(floor);
    const floorOrigin = `http://127.0.0.1:${floorPort}`;
    await waitHttp(`${floorOrigin}/ready`, 10_000);
    const studioOrigin = server.api.replace(/\/api$/, '');
    const generate: Call = {
      path: '/api/generate',
      method: 'POST',
      body: JSON.stringify({ prompt: '基准 bench 提交', quality: 'low' }),
    };

    const readFloor = new Load(floorOrigin, { path: '/' }, tenant.key, floor.pid);
    const submitFloor = new Load(`http://127.0.0.1:${submitPort}`, { ...generate, path: '/' }, tenant.key, floor.pid);
    const studio = (call: Call) => new Load(studioOrigin, call, tenant.key, server.pid);
    const runs: [string, Load, Load, number][] = [
      ['A. GET /api/balance', studio({ path: '/api/balance' }), readFloor, 2],
      ['B. GET /api/jobs?id=', studio({ path: `/api/jobs?id=${jobId}` }), readFloor, 2],
      ['C. GET /api/videos?id=', studio({ path: `/api/videos?id=${videoId}` }), readFloor, 2],
      ['D. POST /api/generate (prompt)', studio(generate), submitFloor, 3],
    ];
    const lines: string[] = [];
    for (const [name, target, against, limit] of runs) {
      if (ONLY && !ONLY.includes(name[0] ?? '')) continue;
      const figures = await compare(target, against);
      const floorName =
        against === readFloor
          ? 'read floor: node:http + SHA-256 + two queries'
          : 'submission floor: node:http + the same statement by hand';
      lines.push(row(`  its floor (${floorName})`, figures.floor), row(name, figures.target, figures.floor, limit));
      await target.close();
    }
    await readFloor.close();
    await submitFloor.close();

    console.log(
      `\nAuthenticated REST calls on PostgreSQL (${CONCURRENCY} concurrent clients; each call and its floor in ${SLICES} alternating slices, ${SECONDS} s each in all)\n`,
    );
    console.log('| call | requests/s | CPU per request | vs floor | target | errors |');
    console.log('|---|---|---|---|---|---|');
    for (const line of lines) console.log(line);
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
