import { sql } from 'drizzle-orm';
import { rowsOf } from '@/server/db/rows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveCredits } from '@/server/domain/credits/ledger';
import { OPERATOR } from '@/server/domain/auth/identity';
import { createTenant } from '@/server/domain/tenants/tenants';
import { rebuildUsage, shanghaiDay, shanghaiDayStart, tenantUsage, usageMismatches } from '@/server/domain/usage/usage';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
});

const categories = ['image', 'video', 'chat', 'reverse', 'other'] as const;

describe('daily usage rollups', () => {
  it('agree exactly with the ledger after concurrent charges and refunds', async () => {
    const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
      name: '用量租户',
      credits: 100_000,
      quota_monthly: 0,
    });
    const ops: Promise<unknown>[] = [];
    for (let i = 0; i < 300; i++) {
      const category = categories[i % categories.length] ?? 'image';
      const amount = (i % 7) + 1;
      ops.push(
        t.db.transaction((tx) => moveCredits(tx, { tenantId: tenant.id, amount: -amount, kind: 'charge', category })),
      );
      if (i % 5 === 0)
        ops.push(t.db.transaction((tx) => moveCredits(tx, { tenantId: tenant.id, amount, kind: 'refund', category })));
    }
    // Grants and reservations are not consumption.
    ops.push(t.db.transaction((tx) => moveCredits(tx, { tenantId: tenant.id, amount: 500, kind: 'adjust' })));
    await Promise.all(ops);
    expect(await usageMismatches(t.db, tenant.id)).toEqual([]);

    const report = await tenantUsage({ db: t.db }, { kind: 'tenant', tenantId: tenant.id, via: 'key' }, { days: 7 });
    const [row] = rowsOf<{ n: number }>(
      await t.db.execute(
        sql`select -sum(amount)::int as n from ledger_entries where tenant_id = ${tenant.id} and kind in ('charge', 'refund')`,
      ),
    );
    expect(report.totals.total).toBe(row?.n);
    expect(report.daily.at(-1)?.total).toBe(report.totals.total);
  });

  it('cuts days at midnight Asia/Shanghai (16:00 UTC) and keeps the window continuous', async () => {
    const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
      name: '时区租户',
      credits: 0,
      quota_monthly: 0,
    });
    const at = (iso: string, amount: number, category: string) =>
      t.db.execute(sql`insert into ledger_entries (tenant_id, amount, balance_after, kind, category, created_at)
                       values (${tenant.id}, ${-amount}, 0, 'charge', ${category}, ${iso})`);
    await at('2026-11-10T15:59:59Z', 3, 'image'); // 23:59:59 on 10 November in Shanghai
    await at('2026-11-10T16:00:00Z', 5, 'image'); // 00:00:00 on 11 November in Shanghai
    await at('2026-11-11T03:00:00Z', 2, 'chat');
    await at('2026-11-13T10:00:00Z', 7, 'video');
    await rebuildUsage(t.db, tenant.id);
    expect(await usageMismatches(t.db, tenant.id)).toEqual([]);

    const now = new Date('2026-11-14T01:00:00Z'); // 09:00 on 14 November in Shanghai
    const report = await tenantUsage(
      { db: t.db },
      { kind: 'tenant', tenantId: tenant.id, via: 'key' },
      { days: 5, now },
    );
    expect(report.since).toBe('2026-11-09T16:00:00.000Z');
    expect(report.daily.map((d) => d.date)).toEqual([
      '2026-11-10',
      '2026-11-11',
      '2026-11-12',
      '2026-11-13',
      '2026-11-14',
    ]);
    expect(report.daily.map((d) => d.total)).toEqual([3, 7, 0, 7, 0]);
    expect(report.daily[1]).toMatchObject({ image: 5, chat: 2, video: 0, reverse: 0, other: 0, total: 7 });
    expect(report.totals).toEqual({ image: 8, video: 7, chat: 2, reverse: 0, other: 0, total: 17 });
  });

  it('names Shanghai dates and day starts', () => {
    expect(shanghaiDay(new Date('2026-12-31T15:59:59Z'))).toBe('2026-12-31');
    expect(shanghaiDay(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
    expect(shanghaiDayStart('2027-01-01').toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });
});
