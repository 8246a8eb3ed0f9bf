import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '@/sim/testing';
import { buildConfig, parseEnv, type Config } from '@/server/config';
import { jobs } from '@/server/db/schema';
import { OPERATOR } from '@/server/domain/auth/identity';
import { runImageJob } from '@/server/domain/jobs/run';
import { submitImageJobs } from '@/server/domain/jobs/submit';
import { createTenant } from '@/server/domain/tenants/tenants';
import { metricsResponse } from '@/server/edge/metrics/endpoint';
import { observeHttp } from '@/server/edge/metrics/http';
import { sseOpened } from '@/server/metrics/registry';
import { enqueue, QUEUES } from '@/server/queue/queue';
import { startQueueWorker } from '@/server/queue/worker';
import { LocalFileStore } from '@/server/storage/store';
import { simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { createTestDatabase, testConfig, testSecret, type TestDatabase } from '../helpers/test-db';

const ADMIN = 'sk-studio-metricsadmin0000000000000000000000';
let t: TestDatabase;
let sim: RunningSim;
let config: Config;
let files: LocalFileStore;

beforeAll(async () => {
  t = await createTestDatabase();
  sim = await startSim();
  await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url), 'simulator');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-metrics-'));
  config = {
    ...buildConfig(parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_SECRET: 'x'.repeat(40), STUDIO_ADMIN_KEY: ADMIN })),
    secret: testSecret,
  };
  files = new LocalFileStore(path.join(dir, 'files'), 'http://studio.test');
});
afterAll(async () => {
  await sim.close();
  await t.close();
});

const scrape = (headers: Record<string, string>) => metricsResponse({ database: t, config }, new Headers(headers));

/** Requests through a server timed like the launcher's. */
async function someHttpTraffic(paths: string[]): Promise<void> {
  const server = createServer((req, res) => {
    observeHttp(req, res);
    res.statusCode = req.url?.startsWith('/api/jobs') ? 200 : 404;
    res.end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  for (const p of paths) await (await fetch(`http://127.0.0.1:${port}${p}`)).text();
  await new Promise((r) => server.close(r));
}

describe('GET /api/metrics', () => {
  it('answers Prometheus text with Studio’s metrics after some traffic, and only to the operator', async () => {
    const { tenant, api_key: tenantKey } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
      name: '指标租户',
      credits: 100,
      quota_monthly: 0,
    });
    // An image job, run by a worker: a charge, upstream attempts, a job created and done.
    const [job] = await submitImageJobs(
      { db: t.db, config, files },
      { kind: 'tenant', tenantId: tenant.id, via: 'key' },
      {
        items: [{ prompt: 'counted', quality: 'high' }],
        callbackUrl: null,
        idempotencyKey: null,
        hash: 'h',
        batch: false,
      },
    );
    const worker = await startQueueWorker(t, {
      concurrency: 4,
      pollMs: 50,
      handlers: {
        [QUEUES.imageJob]: (task, ctx) =>
          runImageJob({ db: t.db, config: testConfig(), files, signal: ctx.signal }, task),
      },
    });
    try {
      for (let i = 0; i < 200; i++) {
        const [row] = await t.db
          .select({ status: jobs.status })
          .from(jobs)
          .where(eq(jobs.id, job?.id ?? ''));
        if (row?.status !== 'pending') break;
        await new Promise((r) => setTimeout(r, 25));
      }
    } finally {
      await worker.stop(1000);
    }
    // Work waiting in a queue no worker here serves: one due now, one later.
    await t.db.transaction((tx) =>
      enqueue(tx, QUEUES.callback, { jobId: randomUUID() }, { runAt: new Date(Date.now() - 3_000) }),
    );
    await t.db.transaction((tx) =>
      enqueue(tx, QUEUES.callback, { jobId: randomUUID() }, { runAt: new Date(Date.now() + 600_000) }),
    );
    const id = randomUUID();
    await someHttpTraffic([`/api/jobs?id=${id}`, `/api/jobs?id=${randomUUID()}`, `/no/such/${id}`]);
    const closeStream = sseOpened('jobs');

    const res = await scrape({ 'x-api-key': ADMIN });
    closeStream();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    for (const name of [
      'studio_http_requests_total',
      'studio_http_request_duration_seconds',
      'studio_jobs_total',
      'studio_jobs_pending',
      'studio_queue_tasks',
      'studio_queue_oldest_ready_age_seconds',
      'studio_upstream_attempts_total',
      'studio_upstream_attempt_duration_seconds',
      'studio_callback_deliveries_total',
      'studio_credits_total',
      'studio_sse_connections',
      'studio_nodejs_eventloop_lag_seconds',
      'studio_db_pool_max',
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    // Operations are route templates: the ids in the addresses never become labels.
    expect(text).toContain('studio_http_requests_total{operation="GET /api/jobs",status="200"} 2');
    expect(text).toContain('studio_http_requests_total{operation="GET (page)",status="404"} 1');
    expect(text).not.toContain(id);
    expect(text).toMatch(
      /studio_http_request_duration_seconds_bucket\{le="[\d.]+",operation="GET \/api\/jobs",status="200"\} 2/,
    );
    expect(text).toContain('studio_credits_total{kind="charge",category="image"} 4');
    expect(text).toContain('studio_jobs_total{kind="image",status="created"} 1');
    expect(text).toContain('studio_jobs_total{kind="image",status="done"} 1');
    expect(text).toMatch(/studio_upstream_attempts_total\{channel="sim-image-[a-z]+",outcome="ok"\} 1/);
    expect(text).toContain(`studio_queue_tasks{queue="${QUEUES.callback}",state="ready"} 1`);
    expect(text).toContain(`studio_queue_tasks{queue="${QUEUES.callback}",state="scheduled"} 1`);
    const age = Number(/studio_queue_oldest_ready_age_seconds\{queue="callback\.deliver"\} ([\d.]+)/.exec(text)?.[1]);
    expect(age).toBeGreaterThanOrEqual(2.5);
    expect(text).toContain('studio_jobs_pending{kind="image"} 0');
    expect(text).toContain('studio_sse_connections{stream="jobs"} 1');

    // A tenant's key is refused like on /api/admin; no key or a made-up one is 401.
    const tenantAnswer = await scrape({ authorization: `Bearer ${tenantKey}` });
    expect(tenantAnswer.status).toBe(403);
    expect(await tenantAnswer.json()).toEqual({
      ok: false,
      error: 'This endpoint needs the super-administrator key',
      code: 'FORBIDDEN',
      reason: 'forbidden',
    });
    expect((await scrape({})).status).toBe(401);
    expect((await scrape({ 'x-api-key': 'sk-studio-notarealkey000000000000000000' })).status).toBe(401);
    // The operator's key also works as a Bearer token.
    expect((await scrape({ authorization: `Bearer ${ADMIN}` })).status).toBe(200);
  });
});
