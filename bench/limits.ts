/**
 * What limits each part on one PostgreSQL, measured (docs/scaling.md → What limits each part). On a
 * scratch database, with 16 connections, each figure beside the floor of the same run (a bare
 * `select 1` round trip on the same pool, and a one-row insert that commits), as operations per second
 * and as ratios to both:
 *  A. the ledger row lock: charges per second on one tenant's balance row vs. spread over 16 tenants;
 *  B. the job-event lock: job events logged and announced per second for one tenant vs. 16 tenants;
 *  C. the queue: tasks claimed (batches of up to 100, 4 claimers) and completed per second;
 *  D. LISTEN/NOTIFY fan-out: notifications per second delivered to each of 8 listening connections.
 * Usage: npm run bench:limits   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
 */
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import * as schema from '@/server/db/schema';
import { OPERATOR } from '@/server/domain/auth/identity';
import { moveCredits } from '@/server/domain/credits/ledger';
import { notifyJobs } from '@/server/domain/jobs/events';
import { createTenant } from '@/server/domain/tenants/tenants';
import { claim, completeTask, enqueueMany } from '@/server/queue/queue';
import { QUEUES } from '@/server/queue/payloads';
import { scratchDatabase } from './lib';

const CONNECTIONS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const secret = Buffer.alloc(32, 7);

/** Runs `op` from `workers` loops for SECONDS and answers operations per second. */
async function rate(workers: number, op: (worker: number) => Promise<unknown>): Promise<number> {
  const end = performance.now() + SECONDS * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (performance.now() < end) {
        await op(w);
        done += 1;
      }
    }),
  );
  return done / SECONDS;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function main(): Promise<void> {
  const scratch = await scratchDatabase();
  const client = postgres(scratch.url, { max: CONNECTIONS, onnotice: () => {} });
  const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Db;
  const listeners: postgres.Sql[] = [];
  try {
    await runMigrations({ db, kind: 'postgres' }, scratch.url);
    const tenants = await Promise.all(
      Array.from({ length: CONNECTIONS }, (_, i) =>
        createTenant({ db, config: { secret } }, OPERATOR, {
          name: `限流 ${i}`,
          credits: 100_000_000,
          quota_monthly: 0,
        }),
      ),
    );
    const ids = tenants.map((t) => t.tenant.id);
    const [job] = await db
      .insert(schema.jobs)
      .values({ tenantId: ids[0] ?? '', kind: 'image', input: {}, credits: 1 })
      .returning();
    if (!job) throw new Error('no job');

    const floor = await rate(CONNECTIONS, () => client`select 1`);
    // Every write below ends in a commit that waits for the WAL flush: this floor is the disk's commit rate.
    await client`create table bench_commits (id bigint generated always as identity, v int)`;
    const commits = await rate(CONNECTIONS, () => client`insert into bench_commits (v) values (1)`);
    const rows: [string, number][] = [
      ['floor: `select 1` round trips', floor],
      ['floor: one-row insert commits', commits],
    ];

    const charge = (tenantId: string) =>
      db.transaction((tx) =>
        moveCredits(tx, { tenantId, amount: -1, kind: 'charge', category: 'image', ref: 'bench' }),
      );
    rows.push(['A. charges, one tenant (row lock)', await rate(CONNECTIONS, () => charge(ids[0] ?? ''))]);
    rows.push(['A. charges, 16 tenants', await rate(CONNECTIONS, (w) => charge(ids[w] ?? ''))]);

    const event = (tenantId: string) =>
      notifyJobs(db, [{ id: job.id, tenantId, accountId: null, status: 'done', kind: 'image' }]);
    rows.push(['B. job events, one tenant (event lock)', await rate(CONNECTIONS, () => event(ids[0] ?? ''))]);
    rows.push(['B. job events, 16 tenants', await rate(CONNECTIONS, (w) => event(ids[w] ?? ''))]);

    // C. The queue: enough tasks for the run, then 4 claimers each take up to 100 and complete them one by one.
    const total = 60_000;
    for (let i = 0; i < total; i += 1000) {
      await db.transaction((tx) =>
        enqueueMany(
          tx,
          QUEUES.callback,
          Array.from({ length: 1000 }, () => ({ jobId: randomUUID() })),
        ),
      );
    }
    let claimed = 0;
    const queueEnd = performance.now() + SECONDS * 1000;
    const queueStart = performance.now();
    await Promise.all(
      Array.from({ length: 4 }, async (_, w) => {
        while (performance.now() < queueEnd) {
          const tasks = await claim(db, [QUEUES.callback], 100, 60_000, `bench-${w}`);
          if (tasks.length === 0) break;
          await Promise.all(tasks.map((t) => completeTask(db, t.id)));
          claimed += tasks.length;
        }
      }),
    );
    rows.push(['C. queue: tasks claimed and completed', claimed / ((performance.now() - queueStart) / 1000)]);

    // D. Fan-out: 8 listening connections (as 8 web processes would hold), notifications sent in batches.
    const count = 20_000;
    let received = 0;
    let allIn = () => {};
    const finished = new Promise<void>((r) => (allIn = r));
    for (let i = 0; i < 8; i++) {
      const l = postgres(scratch.url, { max: 1, onnotice: () => {} });
      listeners.push(l);
      await l.listen('bench_fanout', () => {
        received += 1;
        if (received === count * 8) allIn();
      });
    }
    const sent = performance.now();
    for (let i = 0; i < count; i += 500) {
      await db.execute(sql`select pg_notify('bench_fanout', g::text) from generate_series(1, 500) g`);
    }
    await finished;
    rows.push(['D. notifications delivered to each of 8 listeners', count / ((performance.now() - sent) / 1000)]);

    console.log(`\nLimits on one PostgreSQL (${CONNECTIONS} connections, ${SECONDS} s per figure)\n`);
    console.log('| figure | per second | vs `select 1` | vs insert commit |');
    console.log('|---|---|---|---|');
    for (const [name, perSecond] of rows) {
      console.log(
        `| ${name} | ${fmt(perSecond)} | ${(perSecond / floor).toFixed(2)}× | ${(perSecond / commits).toFixed(2)}× |`,
      );
    }
  } finally {
    await Promise.all(listeners.map((l) => l.end({ timeout: 1 })));
    await client.end({ timeout: 1 });
    await scratch.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
