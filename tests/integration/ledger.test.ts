import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, ledgerEntries, tenants } from '@/server/db/schema';
import { createMember, setMemberQuota } from '@/server/domain/members/members';
import { spendCredits } from '@/server/domain/credits/ledger';
import { AppError } from '@/server/errors';
import { OPERATOR } from '@/server/domain/auth/identity';
import { createTenant } from '@/server/domain/tenants/tenants';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';
import { ledgerSum } from '../helpers/ledger-sums';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
});

const who = (tenantId: string) => ({ kind: 'tenant' as const, tenantId, via: 'key' as const });

describe('credit ledger', () => {
  it('never lets concurrent spends take the balance below zero, and the ledger sums to the balance', async () => {
    const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
      name: 'Concurrent 并发',
      credits: 1000,
      quota_monthly: 0,
    });
    const attempts = 200;
    const amount = 7; // 1000 / 7 = 142 spends fit, 58 must fail
    const results = await Promise.allSettled(
      Array.from({ length: attempts }, (_, i) =>
        spendCredits(t.db, { tenantId: tenant.id, amount, category: 'image', ref: `job-${i}` }),
      ),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled').length;
    const failed = results.filter((r) => r.status === 'rejected');
    expect(succeeded).toBe(Math.floor(1000 / amount));
    expect(failed).toHaveLength(attempts - succeeded);
    for (const f of failed) {
      expect(f.reason).toBeInstanceOf(AppError);
      expect((f.reason as AppError).code).toBe('PAYMENT_REQUIRED');
    }
    const [row] = await t.db.select({ credits: tenants.credits }).from(tenants).where(eq(tenants.id, tenant.id));
    expect(row?.credits).toBe(1000 - succeeded * amount);
    expect(await ledgerSum(t.db, tenant.id, null)).toBe(row?.credits);
    const charges = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tenantId, tenant.id), eq(ledgerEntries.kind, 'charge')));
    expect(charges).toHaveLength(succeeded);
    expect(charges.every((c) => c.balanceAfter >= 0 && c.amount === -amount && c.category === 'image')).toBe(true);
  });

  it('keeps every wallet equal to its ledger under concurrent quota changes and spends', async () => {
    const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
      name: 'Pool 资金池',
      credits: 5000,
      quota_monthly: 0,
    });
    const members = await Promise.all(
      [0, 1, 2].map(
        async (i) =>
          (
            await createMember({ db: t.db, config: { secret: testSecret } }, who(tenant.id), {
              email: `p${i}@x.cn`,
              nickname: `p${i}`,
              credits: 500,
            })
          ).account,
      ),
    );
    const ops: Promise<unknown>[] = [];
    for (let i = 0; i < 60; i++) {
      const m = members[i % 3];
      if (!m) continue;
      ops.push(setMemberQuota({ db: t.db }, who(tenant.id), { account_id: m.account_id, credits: (i * 37) % 900 }));
      ops.push(
        spendCredits(t.db, {
          tenantId: tenant.id,
          accountId: m.account_id,
          dedicated: true,
          amount: 3,
          category: 'chat',
        }),
      );
      ops.push(spendCredits(t.db, { tenantId: tenant.id, amount: 11, category: 'image' }));
    }
    await Promise.allSettled(ops);
    const [pool] = await t.db.select({ credits: tenants.credits }).from(tenants).where(eq(tenants.id, tenant.id));
    expect(await ledgerSum(t.db, tenant.id, null)).toBe(pool?.credits);
    let reserved = 0;
    for (const m of members) {
      const [acc] = await t.db
        .select({ credits: accounts.credits })
        .from(accounts)
        .where(eq(accounts.id, m.account_id));
      expect(acc?.credits).toBeGreaterThanOrEqual(0);
      expect(await ledgerSum(t.db, tenant.id, m.account_id)).toBe(acc?.credits);
      reserved += acc?.credits ?? 0;
    }
    // Only spends leave the pool+reservations total.
    const spent = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tenantId, tenant.id), eq(ledgerEntries.kind, 'charge')));
    expect((pool?.credits ?? 0) + reserved).toBe(5000 + spent.reduce((s, r) => s + r.amount, 0));
  });
});
