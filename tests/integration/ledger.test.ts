import { eq, isNull, and, sql, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, ledgerEntries, tenants } from '../../src/server/db/schema';
import { createAccount, setAccountQuota } from '../../src/server/domain/accounts/accounts';
import { moveCreditsWith, spendCredits } from '../../src/server/domain/credits/ledger';
import { AppError } from '../../src/server/domain/errors';
import { OPERATOR } from '../../src/server/domain/auth/identity';
import { createTenant } from '../../src/server/domain/tenants/tenants';
import { rowsOf } from '../../src/server/db/rows';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
});

async function ledgerSum(tenantId: string, accountId: string | null): Promise<number> {
  const [row] = await t.db
    .select({ total: sum(ledgerEntries.amount) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.tenantId, tenantId), accountId ? eq(ledgerEntries.accountId, accountId) : isNull(ledgerEntries.accountId)));
  return Number(row?.total ?? 0);
}

const who = (tenantId: string) => ({ kind: 'tenant' as const, tenantId, via: 'key' as const });

describe('credit ledger', () => {
  it('never lets concurrent spends take the balance below zero, and the ledger sums to the balance', async () => {
    const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, { name: 'Concurrent 并发', credits: 1000, quota_monthly: 0 });
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
    expect(await ledgerSum(tenant.id, null)).toBe(row?.credits);
    const charges = await t.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.tenantId, tenant.id), eq(ledgerEntries.kind, 'charge')));
    expect(charges).toHaveLength(succeeded);
    expect(charges.every((c) => c.balanceAfter >= 0 && c.amount === -amount && c.category === 'image')).toBe(true);
  });

  it('keeps every wallet equal to its ledger under concurrent quota changes and spends', async () => {
    const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, { name: 'Pool 资金池', credits: 5000, quota_monthly: 0 });
    const members = await Promise.all(
      [0, 1, 2].map(async (i) => (await createAccount({ db: t.db, config: { secret: testSecret } }, who(tenant.id), { email: `p${i}@x.cn`, nickname: `p${i}`, credits: 500 })).account),
    );
    const ops: Promise<unknown>[] = [];
    for (let i = 0; i < 60; i++) {
      const m = members[i % 3];
      if (!m) continue;
      ops.push(setAccountQuota({ db: t.db }, who(tenant.id), { account_id: m.account_id, credits: (i * 37) % 900 }));
      ops.push(spendCredits(t.db, { tenantId: tenant.id, accountId: m.account_id, dedicated: true, amount: 3, category: 'chat' }));
      ops.push(spendCredits(t.db, { tenantId: tenant.id, amount: 11, category: 'image' }));
    }
    await Promise.allSettled(ops);
    const [pool] = await t.db.select({ credits: tenants.credits }).from(tenants).where(eq(tenants.id, tenant.id));
    expect(await ledgerSum(tenant.id, null)).toBe(pool?.credits);
    let reserved = 0;
    for (const m of members) {
      const [acc] = await t.db.select({ credits: accounts.credits }).from(accounts).where(eq(accounts.id, m.account_id));
      expect(acc?.credits).toBeGreaterThanOrEqual(0);
      expect(await ledgerSum(tenant.id, m.account_id)).toBe(acc?.credits);
      reserved += acc?.credits ?? 0;
    }
    // Only spends leave the pool+reservations total.
    const spent = await t.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.tenantId, tenant.id), eq(ledgerEntries.kind, 'charge')));
    expect((pool?.credits ?? 0) + reserved).toBe(5000 + spent.reduce((s, r) => s + r.amount, 0));
  });

  it('gives back a reservation only while its ledger entry exists, and writes the reservation with an asynchronous commit of its own', async () => {
    const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, { name: 'Reserve 预留', credits: 100, quota_monthly: 0 });
    const charge = { tenantId: tenant.id, amount: -30, kind: 'charge' as const, category: 'chat' as const, ref: 'chat-reserve-1' };
    // The asynchronous commit is the statement's own: inside a surrounding transaction it lasts to
    // that transaction's end, and the connection's setting is untouched afterwards.
    const inside = await t.db.transaction(async (tx) => {
      const moved = await moveCreditsWith(tx, charge, { asyncCommit: true });
      const [mode] = rowsOf<{ mode: string }>(await tx.execute(sql`select current_setting('synchronous_commit') as mode`));
      return { moved, mode: mode?.mode };
    });
    expect(inside.mode).toBe('off');
    expect(inside.moved).toMatchObject({ passed: true, balance: 70 });
    expect(inside.moved.entry).toMatch(/^\d+$/);
    const [after] = rowsOf<{ mode: string }>(await t.db.execute(sql`select current_setting('synchronous_commit') as mode`));
    expect(after?.mode).toBe('on');

    // A refund of an entry that is not there (as after a database crash lost the reservation) moves nothing.
    const missing = await moveCreditsWith(t.db, { tenantId: tenant.id, amount: 20, kind: 'refund', category: 'chat', ref: 'chat-reserve-1' }, { requires: '999999999999' });
    expect(missing).toEqual({ passed: false, balance: null, entry: null });
    // Nor an entry of another tenant.
    const other = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, { name: 'Other 他人', credits: 10, quota_monthly: 0 });
    const foreign = await moveCreditsWith(t.db, { tenantId: other.tenant.id, amount: 20, kind: 'refund', category: 'chat', ref: 'x' }, { requires: inside.moved.entry ?? '' });
    expect(foreign.passed).toBe(false);
    // The real reservation is given back.
    const back = await moveCreditsWith(t.db, { tenantId: tenant.id, amount: 20, kind: 'refund', category: 'chat', ref: 'chat-reserve-1' }, { requires: inside.moved.entry ?? '' });
    expect(back).toMatchObject({ passed: true, balance: 90 });
    expect(await ledgerSum(tenant.id, null)).toBe(90);
    expect(await ledgerSum(other.tenant.id, null)).toBe(10);
  });
});
