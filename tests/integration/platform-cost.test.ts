import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActionBodies } from '@/contracts/admin';
import { upstreamAttempts, upstreams } from '@/server/db/schema';
import { OPERATOR } from '@/server/domain/auth/identity';
import { createTenant } from '@/server/domain/tenants/tenants';
import { platformUsage } from '@/server/domain/usage/platform';
import { rebuildUsage } from '@/server/domain/usage/usage';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
});

const config = { creditCny: 0.1, creditUsd: 0.02 };

describe('provider cost beside what was billed', () => {
  it('per tenant and per channel over a date range, each channel billed at the paying tenant’s markup', async () => {
    const tenant = async (name: string, markup: number) => {
      const { tenant: row } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
        name,
        credits: 0,
        quota_monthly: 0,
      });
      await t.db.execute(sql`update tenants set markup = ${markup} where id = ${row.id}`);
      return row.id;
    };
    const a = await tenant('成本甲', 1);
    const b = await tenant('成本乙', 2);
    const channel = async (name: string) => {
      const [row] = await t.db
        .insert(upstreams)
        .values({
          name,
          provider: 'acme',
          adapter: 'openai-images',
          baseUrl: 'http://x',
          keyCiphertext: 'x',
          softTimeoutMs: 1000,
          models: [],
          source: 'file',
        })
        .returning();
      if (!row) throw new Error('no upstream');
      return row.id;
    };
    const fast = await channel('cost-fast');
    const slow = await channel('cost-slow');
    const charge = (tenantId: string, ref: string, iso: string, amount: number, kind = 'charge') =>
      t.db.execute(sql`insert into ledger_entries (tenant_id, amount, balance_after, kind, category, ref, created_at)
                       values (${tenantId}, ${amount}, 0, ${kind}, 'image', ${ref}, ${iso})`);
    const attempt = (upstreamId: string, ref: string, tenantId: string, iso: string, ok: boolean, cost?: number) => ({
      upstreamId,
      family: 'image',
      ref,
      tenantId,
      startedAt: new Date(iso),
      durationMs: 100,
      ok,
      detail: cost === undefined ? null : { provider_cost_usd: cost },
    });
    // A's job on fast; B's job failed on fast (no cost), answered by slow; B's second job refunded on slow.
    await charge(a, 'c-job-1', '2026-10-31T17:00:00Z', -10);
    await charge(b, 'c-job-2', '2026-11-02T02:00:00Z', -5);
    await charge(b, 'c-job-3', '2026-11-03T02:00:00Z', -5);
    await charge(b, 'c-job-3', '2026-11-03T02:00:05Z', 5, 'refund');
    // Outside the range (31 October in Shanghai).
    await charge(a, 'c-job-0', '2026-10-31T15:00:00Z', -50);
    await t.db
      .insert(upstreamAttempts)
      .values([
        attempt(fast, 'c-job-1', a, '2026-10-31T17:00:00Z', true, 0.04),
        attempt(fast, 'c-job-2', b, '2026-11-02T02:00:00Z', false),
        attempt(slow, 'c-job-2', b, '2026-11-02T02:00:01Z', true, 0.03),
        attempt(slow, 'c-job-3', b, '2026-11-03T02:00:00Z', true, 0.03),
        attempt(fast, 'c-job-0', a, '2026-10-31T15:00:00Z', true, 1),
      ]);
    await rebuildUsage(t.db, a);
    await rebuildUsage(t.db, b);

    const body = adminActionBodies['platform-usage'].parse({ from: '2026-11-01', to: '2026-11-30' });
    const r = await platformUsage({ db: t.db, config }, OPERATOR, { ...body, now: new Date('2026-12-05T00:00:00Z') });
    expect([r.from, r.to, r.days]).toEqual(['2026-11-01', '2026-11-30', 30]);
    const ofTenant = (id: string) => r.tenants.find((x) => x.id === id);
    expect(ofTenant(a)).toMatchObject({ charged_cny: 1, billed_usd: 0.2, provider_cost_usd: 0.04 });
    expect(ofTenant(b)).toMatchObject({ charged_cny: 1, billed_usd: 0.2, provider_cost_usd: 0.06 });
    const ofChannel = (name: string) => r.channels.find((c) => c.channel === name);
    // fast: A's 10 credits at markup 1 (USD 0.20) against 0.04 of cost.
    expect(ofChannel('cost-fast')).toMatchObject({
      provider_cost_usd: 0.04,
      billed_credits: 10,
      billed_cny: 1,
      billed_usd: 0.2,
      markup: 5,
    });
    // slow: B's 5 credits at markup 2 (the refunded job billed nothing) against 0.06.
    expect(ofChannel('cost-slow')).toMatchObject({
      provider_cost_usd: 0.06,
      billed_credits: 5,
      billed_cny: 1,
      billed_usd: 0.2,
      markup: 3.33,
    });
    expect(r.provider_cost_usd).toBe(0.1);
    expect(r.billed_usd).toBe(0.4);

    const reversed = adminActionBodies['platform-usage'].parse({ from: '2026-11-30', to: '2026-11-01' });
    await expect(platformUsage({ db: t.db, config }, OPERATOR, reversed)).rejects.toThrow(/on or before to/);
  });
});
