import { eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '@/server/config';
import { jobEvents, jobs, tasks, tenants, usageDaily } from '@/server/db/schema';
import { moveCredits } from '@/server/domain/credits/ledger';
import { AppError } from '@/server/errors';
import { submitImageJobs } from '@/server/domain/jobs/submit';
import { OPERATOR } from '@/server/domain/auth/identity';
import { createTenant } from '@/server/domain/tenants/tenants';
import { QUEUES, TASK_CHANNEL } from '@/server/queue/queue';
import { LocalFileStore } from '@/server/storage/store';
import { testSecret, type TestDatabase } from '../helpers/test-db';
import { jobsSuite } from '../helpers/jobs-suite';

const suite = jobsSuite();
let t: TestDatabase;
let config: Config;
let files: LocalFileStore;
beforeAll(() => {
  ({ t, config, files } = suite);
});
const { ledgerOf } = suite;

describe('submission', () => {
  it('takes its locks in the order every writer does: the wallet, the day’s usage row, then the tenant’s event lock', async () => {
    const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
      name: '锁的顺序',
      credits: 100,
      quota_monthly: 0,
    });
    const who = { kind: 'tenant' as const, tenantId: tenant.id, via: 'key' as const };
    const submit = (prompt: string) =>
      submitImageJobs({ db: t.db, config, files }, who, {
        items: [{ prompt, quality: 'low' }],
        callbackUrl: null,
        idempotencyKey: null,
        hash: prompt,
        batch: false,
      });
    const clearTasks = () =>
      t.db
        .delete(tasks)
        .where(sql`${tasks.payload}->>'jobId' in (select id::text from jobs where tenant_id = ${tenant.id})`);
    await submit('今天的第一张'); // writes today's usage row
    if (!t.url) {
      // The embedded database has one session: nothing can hold a lock against the statement. Its rows are all there.
      await submit('第二张');
      const [usage] = await t.db
        .select({ credits: usageDaily.credits })
        .from(usageDaily)
        .where(eq(usageDaily.tenantId, tenant.id));
      expect(usage?.credits).toBe(2);
      await clearTasks();
      return;
    }
    // Another session holds today's usage row; the submission must wait for it before it takes the
    // event lock (a refund takes the usage row, then the event lock: the other order could deadlock).
    // Two connections: one holds the row, the other looks at the locks.
    const other = postgres(t.url, { max: 2, onnotice: () => {} });
    try {
      let release = () => {};
      const held = new Promise<void>((r) => (release = r));
      let locked = () => {};
      const holding = new Promise<void>((r) => (locked = r));
      const holder = other.begin(async (tx) => {
        await tx`select 1 from usage_daily where tenant_id = ${tenant.id} for update`;
        locked();
        await held;
      });
      await holding;
      const submitted = submit('等着用量行');
      let waiting: number | undefined;
      for (let i = 0; i < 200 && waiting === undefined; i++) {
        const rows = await other.unsafe<{ pid: number }[]>(
          'select pid from pg_locks where not granted and pid <> pg_backend_pid() limit 1',
        );
        waiting = rows[0]?.pid;
        if (waiting === undefined) await new Promise((r) => setTimeout(r, 10));
      }
      expect(waiting).toBeDefined();
      const advisory = await other.unsafe<{ n: number }[]>(
        `select count(*)::int as n from pg_locks where pid = $1 and locktype = 'advisory' and granted`,
        [waiting ?? 0],
      );
      release();
      await holder;
      expect(advisory[0]?.n).toBe(0);
      await submitted;
      const [usage] = await t.db
        .select({ credits: usageDaily.credits })
        .from(usageDaily)
        .where(eq(usageDaily.tenantId, tenant.id));
      expect(usage?.credits).toBe(2);
    } finally {
      await other.end({ timeout: 5 });
      await clearTasks();
    }
  });

  it('refuses a submission as a whole: a 402 gives its rate-limit tokens back, a 429 takes no credits, neither leaves a row behind', async () => {
    const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
      name: '额度与限流',
      credits: 5,
      quota_monthly: 0,
    });
    // Two images an hour: every token counts.
    const limited = { ...config, imageRatePerHour: 2 };
    const who = { kind: 'tenant' as const, tenantId: tenant.id, via: 'key' as const };
    const submit = (prompt: string) =>
      submitImageJobs({ db: t.db, config: limited, files }, who, {
        items: [{ prompt, quality: 'high' }],
        callbackUrl: null,
        idempotencyKey: null,
        hash: prompt,
        batch: false,
      });
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => (e instanceof AppError ? e.code : e),
      );
    const rowsOf = async () => ({
      jobs: (await t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.tenantId, tenant.id))).length,
      events: (await t.db.select({ id: jobEvents.id }).from(jobEvents).where(eq(jobEvents.tenantId, tenant.id))).length,
      tasks: (
        await t.db
          .select({ id: tasks.id })
          .from(tasks)
          .where(sql`${tasks.payload}->>'jobId' in (select id::text from jobs where tenant_id = ${tenant.id})`)
      ).length,
      ledger: (await ledgerOf(tenant.id)).length,
    });

    await submit('第一张'); // 4 of 5 credits, 1 of 2 tokens
    const after = await rowsOf();
    expect(after).toEqual({ jobs: 1, events: 1, tasks: 1, ledger: 2 });
    for (let i = 0; i < 3; i++) expect(await refusal(submit('买不起'))).toBe('PAYMENT_REQUIRED');
    expect(await rowsOf()).toEqual(after);
    await moveCredits(t.db, { tenantId: tenant.id, amount: 10, kind: 'adjust' });
    // The second token is still there: the three refusals took none.
    await submit('第二张');
    expect(await refusal(submit('第三张'))).toBe('TOO_MANY_REQUESTS');
    const [wallet] = await t.db.select({ credits: tenants.credits }).from(tenants).where(eq(tenants.id, tenant.id));
    expect(wallet?.credits).toBe(5 - 4 + 10 - 4);
    expect(await rowsOf()).toEqual({ jobs: 2, events: 2, tasks: 2, ledger: 4 });
    // Its tasks are not run here: out of the way of the tests that claim the queue.
    await t.db
      .delete(tasks)
      .where(sql`${tasks.payload}->>'jobId' in (select id::text from jobs where tenant_id = ${tenant.id})`);
  });

  it('answers each job of a batch exactly as the database then reads it back (every column, its type)', async () => {
    const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
      name: '批量提交',
      credits: 100,
      quota_monthly: 0,
    });
    // A callback on this machine (private addresses allowed here: there is no name resolution in tests).
    const local = { ...config, allowPrivateCallbacks: true };
    const submitted = await submitImageJobs(
      { db: t.db, config: local, files },
      { kind: 'tenant', tenantId: tenant.id, via: 'key' },
      {
        items: [
          { prompt: '第一张 first', quality: 'low' },
          { prompt: '第二张 second', quality: 'high', callback_url: 'http://127.0.0.1:9/hook' },
        ],
        callbackUrl: null,
        idempotencyKey: 'batch-key',
        hash: 'h2',
        batch: true,
      },
    );
    expect(submitted).toHaveLength(2);
    for (const job of submitted) {
      const [stored] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
      expect(job).toEqual(stored);
    }
    expect(submitted[0]?.createdAt).toBeInstanceOf(Date);
    expect(submitted.map((j) => j.batchIndex)).toEqual([0, 1]);
    expect(submitted[0]?.input).toMatchObject({ prompt: '第一张 first', quality: 'low' });
    expect(submitted[1]?.callbackUrl).toBe('http://127.0.0.1:9/hook');
    expect(submitted[0]?.idempotencyKey).not.toBeNull();
    expect(submitted[1]?.idempotencyKey).toBeNull();
  });
});

describe('submission wake-up', () => {
  it('queues a batch’s tasks and wakes the workers once, at commit, in the statement that announces the jobs', async () => {
    const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
      name: '唤醒',
      credits: 100,
      quota_monthly: 0,
    });
    const heard: string[] = [];
    const unlisten = await t.listen(TASK_CHANNEL, (payload) => heard.push(payload));
    try {
      const submitted = await submitImageJobs(
        { db: t.db, config, files },
        { kind: 'tenant', tenantId: tenant.id, via: 'key' },
        {
          items: [
            { prompt: '一', quality: 'low' },
            { prompt: '二', quality: 'low' },
            { prompt: '三', quality: 'low' },
          ],
          callbackUrl: null,
          idempotencyKey: null,
          hash: 'wake',
          batch: true,
        },
      );
      const queued = (
        await t.db.select({ queue: tasks.queue, payload: tasks.payload, maxAttempts: tasks.maxAttempts }).from(tasks)
      ).filter((r) => submitted.some((j) => j.id === (r.payload as { jobId?: string }).jobId));
      expect(queued).toHaveLength(3);
      expect(queued.every((r) => r.queue === QUEUES.imageJob && r.maxAttempts === 3)).toBe(true);
      for (let i = 0; i < 50 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 50));
      expect(heard).toEqual([QUEUES.imageJob]);
    } finally {
      await unlisten();
    }
  });
});

describe('submission limits', () => {
  it('takes the rate-limit tokens with the charge: a 429 moves nothing, and a 402 gives its tokens back', async () => {
    const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
      name: '限流计费',
      credits: 5,
      quota_monthly: 0,
    });
    const who = { kind: 'tenant' as const, tenantId: tenant.id, via: 'key' as const };
    const limited = { db: t.db, config: { ...config, imageRatePerHour: 3 }, files };
    const send = (n: number, quality: 'low' | 'high') =>
      submitImageJobs(limited, who, {
        items: Array.from({ length: n }, (_, i) => ({ prompt: `限流 ${i}`, quality })),
        callbackUrl: null,
        idempotencyKey: null,
        hash: `h-${n}-${quality}`,
        batch: n > 1,
      });
    const codeOf = (p: Promise<unknown>) =>
      p.then(
        () => 'ok',
        (e: unknown) => (e instanceof AppError ? e.status : e),
      );
    // 2 × high = 8 credits > 5: refused for credits, and its two tokens are not spent.
    expect(await codeOf(send(2, 'high'))).toBe(402);
    // So three low images still fit the hourly limit of 3…
    expect(await codeOf(send(3, 'low'))).toBe('ok');
    // …and a fourth is over it: 429, and the balance stays where the three left it.
    const err = await send(1, 'low').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(429);
    expect((err as AppError).retryAfter).toBeGreaterThan(0);
    // More than the limit can ever hold is refused outright.
    expect(await codeOf(send(4, 'low'))).toBe(429);
    const [row] = await t.db.select({ credits: tenants.credits }).from(tenants).where(eq(tenants.id, tenant.id));
    expect(row?.credits).toBe(5 - 3 * config.prices.image.low);
    expect((await ledgerOf(tenant.id)).filter((e) => e.kind === 'charge')).toEqual([
      { kind: 'charge', amount: -3 * config.prices.image.low },
    ]);
  });
});
