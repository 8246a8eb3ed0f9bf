import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { freePort } from '../../scripts/free-port';
import { startDrillPostgres, type DrillPostgres } from '../../scripts/drill/postgres';
import { startPgBouncer, type PgBouncer } from '../../scripts/pgbouncer';
import { ADMIN_KEY, startStudio, type StudioServer } from '../helpers/api-server';
import { api } from '../helpers/api';
import { collect } from '../helpers/sse';

/**
 * Studio behind PgBouncer in transaction mode (docs/operations.md → Connection pooling), Debian's
 * pgbouncer 1.18: DATABASE_URL is the pooler with two server connections, DATABASE_DIRECT_URL the
 * PostgreSQL behind it (a server of this test's own). Web and worker run through it under
 * concurrent requests: no named prepared statement may reach the pooler (another server connection
 * would not know it), and listening (the job feed, the worker's wake-ups) must work.
 */
let pg: DrillPostgres;
let bouncer: PgBouncer;
let server: StudioServer;
let directUrl: string;

beforeAll(async () => {
  pg = startDrillPostgres(await freePort());
  const admin = postgres(pg.url, { max: 1, onnotice: () => {} });
  await admin.unsafe('create database studio_pooled');
  await admin.end({ timeout: 5 });
  directUrl = pg.url.replace(/\/postgres$/, '/studio_pooled');
  bouncer = await startPgBouncer({ host: '127.0.0.1', port: Number(new URL(pg.url).port) }, 2);
  server = await startStudio({ DATABASE_URL: bouncer.pooled(directUrl), DATABASE_DIRECT_URL: directUrl });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await bouncer?.stop();
  pg?.remove();
});

describe('through PgBouncer in transaction mode', () => {
  it('serves concurrent jobs and chats over two server connections, and the job feed hears every job end', async () => {
    const base = server.base;
    const made = await api<{ api_key: string }>('/admin', {
      base,
      key: ADMIN_KEY,
      body: { action: 'tenant-create', name: '连接池租户', credits: 1000, quota_monthly: 0 },
    });
    expect(made.status).toBe(200);
    const key = made.body.api_key;
    const before = bouncer.show('STATS').find((row) => row.database === 'studio_pooled');

    // The feed listens on the direct connection; it must hear the jobs the worker ends.
    const jobIds = new Set<string>();
    const doneIds = new Set<string>();
    const feed = collect(
      key,
      (events) => {
        for (const e of events.filter((x) => x.event === 'job.done'))
          doneIds.add((JSON.parse(e.data) as { id: string }).id);
        return jobIds.size === 20 && [...jobIds].every((id) => doneIds.has(id));
      },
      {},
      base,
    );
    await new Promise((r) => setTimeout(r, 300));

    // 20 image jobs and 20 chats at once, over a pool of 20 client connections multiplexed onto two.
    const [jobs, chats] = await Promise.all([
      Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          api<{ jobId: string }>('/generate', { base, key, body: { prompt: `连接池 ${i}`, quality: 'low' } }),
        ),
      ),
      Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          api<{ choices: { message: { content: string } }[] }>('/chat', {
            base,
            key,
            body: { model: 'studio-auto', messages: [{ role: 'user', content: `第 ${i} 个问题` }] },
          }),
        ),
      ),
    ]);
    expect(jobs.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(chats.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const r of jobs) jobIds.add(r.body.jobId);
    await feed;
    expect([...jobIds].filter((id) => !doneIds.has(id))).toEqual([]);

    // Every job done, every charge in the ledger: the balance is what was spent, read back whole.
    const list = await api<{ jobs: { id: string; status: string; credits: number }[] }>('/jobs?limit=100', {
      base,
      key,
    });
    const ours = list.body.jobs.filter((j) => jobIds.has(j.id));
    expect(ours.map((j) => j.status)).toEqual(Array(20).fill('done'));
    const ledger = postgres(directUrl, { max: 1, onnotice: () => {} });
    try {
      // Chat charges are written in batches a few milliseconds apart: the books agree once they are.
      const books = async () => {
        const [row] = await ledger<{ credits: number; total: number }[]>`
          select t.credits, (select coalesce(sum(amount), 0)::int from ledger_entries l
            where l.tenant_id = t.id and l.account_id is null) as total
          from tenants t where t.id = (select tenant_id from jobs where id = ${[...jobIds][0] ?? ''})`;
        return row;
      };
      await expect
        .poll(
          async () => {
            const b = await books();
            return b && b.credits === b.total;
          },
          { timeout: 10_000 },
        )
        .toBe(true);
      const settled = await books();
      expect(settled?.credits).toBeLessThan(1000);
      const balance = await api<{ credits: number }>('/balance', { base, key });
      expect(balance.body.credits).toBe(settled?.credits);
      // Studio's own LISTEN sessions are direct connections, not the pooler's.
      const listeners = await ledger<{ n: number }[]>`
        select count(*)::int as n from pg_stat_activity
        where datname = 'studio_pooled' and application_name = 'studio' and query ilike 'listen %'`;
      expect(listeners[0]?.n).toBeGreaterThanOrEqual(1);
    } finally {
      await ledger.end({ timeout: 5 });
    }

    // No statement was prepared by name through the pooler: a named statement reaching another server
    // connection fails there ("prepared statement … does not exist"), which the server logs.
    expect(readFileSync(pg.logFile, 'utf8')).not.toMatch(/prepared statement/);

    // The traffic went through the pooler, and it never opened more than its two server connections.
    const after = bouncer.show('STATS').find((row) => row.database === 'studio_pooled');
    expect(Number(after?.total_xact_count) - Number(before?.total_xact_count ?? 0)).toBeGreaterThan(100);
    const pool = bouncer.show('POOLS').find((row) => row.database === 'studio_pooled');
    const servers = ['sv_active', 'sv_idle', 'sv_used', 'sv_tested', 'sv_login'].reduce(
      (n, column) => n + Number(pool?.[column] ?? 0),
      0,
    );
    expect(servers).toBeLessThanOrEqual(2);
  });
});
