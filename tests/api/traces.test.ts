import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port';
import { startDrillPostgres, type DrillPostgres } from '../../scripts/drill/postgres';
import { ADMIN_KEY, startStudio, type StudioServer } from '../helpers/api-server';
import { api } from '../helpers/api';
import { PASSWORD, signIn } from '../helpers/console-session';

/**
 * OpenTelemetry traces across processes (docs/operations.md → Traces): a web process (no worker) and a
 * worker process of their own on a PostgreSQL of this test's own, both exporting OTLP/HTTP JSON to an
 * in-process receiver. One job, submitted with the caller's W3C traceparent, must come back as one
 * trace: the caller's span → the web's server span → the worker's task span → its upstream call (whose
 * traceparent the simulator received) and the callback (whose traceparent the receiver got).
 */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: Record<string, unknown> }[];
}
interface SeenSpan extends OtlpSpan {
  service: string;
}

let pg: DrillPostgres;
let web: StudioServer;
let worker: ChildProcess;
let workerLog = '';
let receiver: Server;
let hooks: Server;
const spans: SeenSpan[] = [];
const callbacks: { traceparent: string | undefined }[] = [];

const listen = async (server: Server) => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const message = JSON.parse(body) as {
        resourceSpans: {
          resource: { attributes: { key: string; value: { stringValue?: string } }[] };
          scopeSpans: { spans: OtlpSpan[] }[];
        }[];
      };
      for (const rs of message.resourceSpans) {
        const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
        for (const ss of rs.scopeSpans) for (const span of ss.spans) spans.push({ ...span, service });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  hooks = createServer((req, res) => {
    callbacks.push({ traceparent: req.headers.traceparent as string | undefined });
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  const otlp = await listen(receiver);
  await listen(hooks);

  pg = startDrillPostgres(await freePort());
  const admin = postgres(pg.url, { max: 1, onnotice: () => {} });
  await admin.unsafe('create database studio_traces');
  await admin.end({ timeout: 5 });
  const env = {
    DATABASE_URL: pg.url.replace(/\/postgres$/, '/studio_traces'),
    OTEL_EXPORTER_OTLP_ENDPOINT: otlp,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '100',
  };
  web = await startStudio({ ...env, STUDIO_WORKER: 'off' });
  worker = spawn(process.execPath, ['--import', 'tsx', 'src/worker/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      ...env,
      STUDIO_DATA_DIR: web.dataDir,
      STUDIO_SIM_PORT: new URL(web.simOrigin).port,
      STUDIO_ALLOW_PRIVATE_CALLBACKS: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  worker.stdout?.on('data', (d: Buffer) => (workerLog += d.toString()));
  worker.stderr?.on('data', (d: Buffer) => (workerLog += d.toString()));
}, 120_000);

afterAll(async () => {
  if (worker && worker.exitCode === null) {
    worker.kill('SIGTERM');
    await new Promise((r) => worker.once('exit', r));
  }
  await web?.stop();
  pg?.remove();
  receiver?.close();
  hooks?.close();
});

/** The span ids above `span` in `all`, nearest first. */
function ancestors(span: OtlpSpan, all: OtlpSpan[]): string[] {
  const byId = new Map(all.map((s) => [s.spanId, s]));
  const up: string[] = [];
  for (let at = span.parentSpanId; at && !up.includes(at); at = byId.get(at)?.parentSpanId) up.push(at);
  return up;
}

const attr = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
};

describe('traces', () => {
  it('shows one job as one trace across the web and worker processes, out to the upstream and the callback', async () => {
    const made = await api<{ api_key: string }>('/admin', {
      base: web.base,
      key: ADMIN_KEY,
      body: { action: 'tenant-create', name: '追踪租户', credits: 100, quota_monthly: 0 },
    });
    expect(made.status).toBe(200);
    const key = made.body.api_key;
    const traceId = randomBytes(16).toString('hex');
    const callerSpan = randomBytes(8).toString('hex');
    const prompt = `一盏只在追踪里出现的灯笼 ${randomBytes(4).toString('hex')}`;
    const hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hook`;
    // An earlier submission in another trace: each job keeps its own request's trace, whatever came before.
    const earlier = await api<{ jobId: string }>('/generate', {
      base: web.base,
      key,
      headers: { traceparent: `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01` },
      body: { prompt: '更早的一盏灯', quality: 'low' },
    });
    expect(earlier.status).toBe(200);
    const submitted = await api<{ jobId: string }>('/generate', {
      base: web.base,
      key,
      headers: { traceparent: `00-${traceId}-${callerSpan}-01` },
      body: { prompt, quality: 'low', callback_url: hookUrl },
    });
    expect(submitted.status).toBe(200);
    const jobId = submitted.body.jobId;

    await expect
      .poll(
        async () =>
          (await api<{ job: { status: string } }>(`/jobs?id=${jobId}`, { base: web.base, key })).body.job.status,
        { timeout: 30_000, interval: 200 },
      )
      .toBe('done');
    await expect.poll(() => callbacks.length, { timeout: 15_000 }).toBeGreaterThan(0);

    const ours = () => spans.filter((s) => s.traceId === traceId);
    const named = (service: string, name: string) => ours().find((s) => s.service === service && s.name === name);
    await expect
      .poll(() => Boolean(named('studio-worker', 'task callback.deliver')), { timeout: 15_000, interval: 100 })
      .toBe(true);

    // The web's server span continues the caller's.
    const server = named('studio-web', 'POST /api/generate');
    expect(server, JSON.stringify(ours(), null, 1)).toBeDefined();
    expect(server?.parentSpanId).toBe(callerSpan);
    expect(server?.kind).toBe(2); // SERVER
    expect(attr(server as OtlpSpan, 'http.response.status_code')).toBe(200);

    // The worker's task span continues the web's, in the other process.
    const task = named('studio-worker', 'task image.job');
    expect(task, `worker log:\n${workerLog}`).toBeDefined();
    expect(task?.parentSpanId).toBe(server?.spanId);
    expect(attr(task as OtlpSpan, 'studio.job.id')).toBe(jobId);

    // Its upstream call is a client span under it, and the simulator received that span as traceparent.
    const calls = ours().filter(
      (s) => s.service === 'studio-worker' && s.kind === 3 && s.parentSpanId === task?.spanId,
    );
    expect(calls.length).toBeGreaterThan(0);
    const upstream = calls.find((s) => String(attr(s, 'url.full')).startsWith(web.simOrigin));
    expect(upstream, JSON.stringify(calls, null, 1)).toBeDefined();
    expect(String(attr(upstream as OtlpSpan, 'url.full'))).not.toContain('?');
    const simSeen = (await (await fetch(`${web.simOrigin}/__sim/requests`)).json()) as { traceparent: string | null }[];
    const sent = simSeen.map((r) => r.traceparent).filter((t): t is string => Boolean(t?.includes(traceId)));
    expect(sent.some((t) => t.split('-')[2] === upstream?.spanId)).toBe(true);

    // The callback went out in the same trace, from a task queued by the job's.
    const deliver = named('studio-worker', 'task callback.deliver');
    expect(deliver?.parentSpanId).toBe(task?.spanId);
    expect(callbacks.some((c) => c.traceparent?.split('-')[1] === traceId)).toBe(true);

    // A submission from the console (tRPC, served by the Next.js bundle) is traced the same way.
    const email = `trace-${randomBytes(4).toString('hex')}@example.cn`;
    const owner = await api('/admin', {
      base: web.base,
      key: ADMIN_KEY,
      body: {
        action: 'tenant-create',
        name: '控制台追踪',
        credits: 100,
        quota_monthly: 0,
        admin_email: email,
        admin_password: PASSWORD,
      },
    });
    expect(owner.status).toBe(200);
    const session = await signIn(web.base, { email, password: PASSWORD });
    expect(session.ok).toBe(true);
    const consoleTrace = randomBytes(16).toString('hex');
    const consoleRes = await fetch(`${web.base}/api/trpc/jobs.generate`, {
      method: 'POST',
      headers: {
        cookie: session.cookie,
        'content-type': 'application/json',
        traceparent: `00-${consoleTrace}-${randomBytes(8).toString('hex')}-01`,
      },
      body: JSON.stringify({ prompt: '控制台里的一盏灯', quality: 'low' }),
    });
    expect(consoleRes.status).toBe(200);
    const consoleJob = ((await consoleRes.json()) as { result: { data: { jobId: string } } }).result.data.jobId;
    await expect
      .poll(
        () => {
          const inTrace = spans.filter((s) => s.traceId === consoleTrace);
          const server = inTrace.find((s) => s.name === 'POST /api/trpc/jobs.generate');
          const run = inTrace.find((s) => s.name === 'task image.job' && attr(s, 'studio.job.id') === consoleJob);
          // Next.js's own spans (route loading, the route handler) sit between the two: the run descends from it.
          return Boolean(server && run && ancestors(run, inTrace).includes(server.spanId));
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(true);

    // No prompt, key or secret in any span.
    const everything = JSON.stringify(spans);
    expect(everything).not.toContain(prompt);
    expect(everything).not.toContain(key);
    expect(everything).not.toContain(ADMIN_KEY);
  });
});
