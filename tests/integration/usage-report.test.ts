import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/server/db/rows';
import { OPERATOR, type ScopedIdentity } from '@/server/domain/auth/identity';
import { createTenant } from '@/server/domain/tenants/tenants';
import { exportUsageReport, usageReport } from '@/server/domain/usage/report';
import { AppError } from '@/server/errors';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
});

const config = { creditCny: 0.1 };
const now = new Date('2026-11-28T12:00:00Z');

/** A tenant at markup 1.5 with two members, and ledger rows written at chosen instants. */
async function world(name: string) {
  const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
    name,
    credits: 0,
    quota_monthly: 0,
  });
  await t.db.execute(sql`update tenants set markup = 1.5 where id = ${tenant.id}`);
  const member = async (nickname: string) => {
    const id = randomUUID();
    await t.db.execute(
      sql`insert into accounts (id, tenant_id, email, nickname) values (${id}, ${tenant.id}, ${`${id}@example.com`}, ${nickname})`,
    );
    return id;
  };
  const lin = await member('小林');
  const wang = await member('=Wang');
  const row = (
    at: string,
    amount: number,
    o: { category: string; kind?: string; actor?: string | null; ref?: string },
  ) =>
    t.db
      .execute(sql`insert into ledger_entries (tenant_id, amount, balance_after, kind, category, actor_account_id, ref, created_at)
      values (${tenant.id}, ${amount}, 0, ${o.kind ?? 'charge'}, ${o.category}, ${o.actor ?? null}, ${o.ref ?? randomUUID()}, ${at})`);
  const who: ScopedIdentity = { kind: 'tenant', tenantId: tenant.id, via: 'key' };
  return { tenant, lin, wang, row, who };
}

/** The ledger's own sum of consumption between two instants, for the comparison. */
async function ledgerSum(tenantId: string, start: string, end: string, actor?: string) {
  const [r] = rowsOf<{ n: number | null }>(
    await t.db.execute(sql`select -sum(amount)::int as n from ledger_entries where tenant_id = ${tenantId}
      and kind in ('charge', 'refund') and created_at >= ${start} and created_at < ${end}
      ${actor ? sql`and actor_account_id = ${actor}` : sql``}`),
  );
  return r?.n ?? 0;
}

describe('usage over a date range', () => {
  it('cuts the range at 00:00 +08:00 on both ends and sums each group as the ledger does', async () => {
    const w = await world('区间租户');
    // 2026-11-01 00:00 Shanghai is 2026-10-31 16:00 UTC: the row a second before is October's.
    await w.row('2026-10-31T15:59:59Z', -100, { category: 'image', actor: w.lin });
    await w.row('2026-10-31T16:00:00Z', -4, { category: 'image', actor: w.lin });
    await w.row('2026-11-10T03:00:00Z', -6, { category: 'chat', actor: w.wang });
    await w.row('2026-11-10T03:00:01Z', 2, { category: 'chat', kind: 'refund', actor: w.wang });
    await w.row('2026-11-15T03:00:00Z', -10, { category: 'article' });
    await w.row('2026-11-20T15:59:59Z', -3, { category: 'video', actor: w.lin });
    // 2026-11-21 00:00 Shanghai: outside a range ending on the 20th.
    await w.row('2026-11-20T16:00:00Z', -1000, { category: 'video', actor: w.lin });
    // Grants are not consumption.
    await w.row('2026-11-12T00:00:00Z', 500, { category: 'other', kind: 'adjust' });

    const input = { from: '2026-11-01', to: '2026-11-20', now };
    const byCategory = await usageReport({ db: t.db, config }, w.who, { ...input, group_by: 'category' });
    expect(byCategory.days).toBe(20);
    expect(Object.fromEntries(byCategory.rows.map((r) => [r.key, r.credits]))).toEqual({
      image: 4,
      chat: 4,
      article: 10,
      video: 3,
    });
    expect(byCategory.totals.credits).toBe(
      await ledgerSum(w.tenant.id, '2026-10-31T16:00:00Z', '2026-11-20T16:00:00Z'),
    );
    expect(byCategory.totals.credits).toBe(21);
    // Yuan at the markup, in their own field: 21 credits × 0.1 × 1.5.
    expect(byCategory.totals.cny).toBe(3.15);
    expect(byCategory.credit_cny).toBe(0.15);
    // Across the month's edge: October's last Shanghai day holds the row of 15:59:59 UTC.
    const across = await usageReport({ db: t.db, config }, w.who, { from: '2026-10-31', to: '2026-11-20', now });
    expect(across.totals.credits).toBe(121);
    expect(across.rows.find((r) => r.key === 'image')?.credits).toBe(104);

    const byMember = await usageReport({ db: t.db, config }, w.who, { ...input, group_by: 'member' });
    const members = Object.fromEntries(byMember.rows.map((r) => [r.key, [r.label, r.credits, r.calls]]));
    expect(members).toEqual({ [w.lin]: ['小林', 7, 2], [w.wang]: ['=Wang', 4, 1], tenant: [null, 10, 1] });
    expect(byMember.rows.reduce((s, r) => s + r.credits, 0)).toBe(byCategory.totals.credits);

    const onlyLin = await usageReport({ db: t.db, config }, w.who, { ...input, account_id: w.lin });
    expect(onlyLin.totals.credits).toBe(
      await ledgerSum(w.tenant.id, '2026-10-31T16:00:00Z', '2026-11-20T16:00:00Z', w.lin),
    );
    expect(onlyLin.rows.map((r) => r.key).sort()).toEqual(['image', 'video']);
  });

  it('groups by the model family or tier of the job or call a charge paid for', async () => {
    const w = await world('模型租户');
    const job = randomUUID();
    await t.db.execute(sql`insert into jobs (id, tenant_id, kind, status, input, credits)
      values (${job}, ${w.tenant.id}, 'image', 'done', ${JSON.stringify({ model: 'seed-image', prompt: 'x' })}::jsonb, 5)`);
    await w.row('2026-11-05T02:00:00Z', -5, { category: 'image', ref: job });
    const chatRef = `chat-${randomUUID()}`;
    await t.db
      .execute(sql`insert into call_log (id, tenant_id, via, kind, status, model, family, credits, ref, created_at)
      values (${randomUUID()}, ${w.tenant.id}, 'key', 'chat', 'done', 'auto', 'chatmodel-1', 2, ${chatRef}, '2026-11-05T02:00:00Z')`);
    await w.row('2026-11-05T02:00:00Z', -2, { category: 'chat', ref: chatRef });
    await w.row('2026-11-05T02:00:00Z', -1, { category: 'other' });
    const r = await usageReport({ db: t.db, config }, w.who, {
      from: '2026-11-01',
      to: '2026-11-30',
      group_by: 'model',
      now,
    });
    expect(Object.fromEntries(r.rows.map((x) => [x.key, x.credits]))).toEqual({
      'seed-image': 5,
      'chatmodel-1': 2,
      auto: 1,
    });
  });

  it('refuses a reversed or too long range, and a member reading another member', async () => {
    const w = await world('校验租户');
    const refused = async (p: Promise<unknown>) => {
      const err = await p.then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(AppError);
      return err as AppError;
    };
    const deps = { db: t.db, config };
    expect((await refused(usageReport(deps, w.who, { from: '2026-11-20', to: '2026-11-01', now }))).message).toMatch(
      /from: must be on or before to/,
    );
    expect((await refused(usageReport(deps, w.who, { from: '2025-01-01', to: '2026-01-02', now }))).message).toMatch(
      /at most 366 days/,
    );
    // A whole leap year is allowed.
    await expect(usageReport(deps, w.who, { from: '2028-01-01', to: '2028-12-31', now })).resolves.toMatchObject({
      days: 366,
    });
    const asLin: ScopedIdentity = { kind: 'member', tenantId: w.tenant.id, accountId: w.lin };
    expect((await refused(usageReport(deps, asLin, { account_id: w.wang, now }))).code).toBe('FORBIDDEN');
    await w.row('2026-11-27T02:00:00Z', -3, { category: 'image', actor: w.lin });
    await w.row('2026-11-27T02:00:00Z', -8, { category: 'image', actor: w.wang });
    const own = await usageReport(deps, asLin, { group_by: 'member', now });
    expect(own.account_id).toBe(w.lin);
    expect(own.rows.map((r) => [r.key, r.credits])).toEqual([[w.lin, 3]]);
    // Defaults: the last 30 Shanghai days, today included.
    expect([own.from, own.to]).toEqual(['2026-10-30', '2026-11-28']);
  });

  it('exports the table as CSV with a byte-order mark, the range in the file name and a total row', async () => {
    const w = await world('导出租户');
    await w.row('2026-11-03T02:00:00Z', -7, { category: 'image', actor: w.wang });
    await w.row('2026-11-04T02:00:00Z', -2, { category: 'chat', actor: w.lin });
    const file = await exportUsageReport({ db: t.db, config }, w.who, {
      from: '2026-11-01',
      to: '2026-11-30',
      group_by: 'member',
      now,
    });
    expect(file.filename).toBe('usage-member-2026-11-01_2026-11-30.csv');
    expect(file.content.split('\r\n')).toEqual([
      '\uFEFFfrom,to,group_by,key,label,calls,credits,cny',
      `2026-11-01,2026-11-30,member,${w.wang},'=Wang,1,7,1.05`,
      `2026-11-01,2026-11-30,member,${w.lin},小林,1,2,0.30`,
      '2026-11-01,2026-11-30,member,total,,2,9,1.35',
      '',
    ]);
  });
});
