import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/server/db/rows';
import { accounts, creditHolds, ledgerEntries, tenants, usageDaily } from '@/server/db/schema';
import { createMember, setMemberQuota } from '@/server/domain/members/members';
import { OPERATOR } from '@/server/domain/auth/identity';
import { sweepExpiredHolds } from '@/server/domain/credits/hold-statements';
import { CreditHolds, type HoldTicket } from '@/server/domain/credits/holds';
import { moveCredits } from '@/server/domain/credits/ledger';
import { TokenShares } from '@/server/domain/limits/token-shares';
import { createTenant } from '@/server/domain/tenants/tenants';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
});

async function newTenant(credits: number): Promise<string> {
  const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
    name: `持有 ${credits}`,
    credits,
    quota_monthly: 0,
  });
  return tenant.id;
}

async function wallet(tenantId: string) {
  const [row] = await t.db
    .select({ credits: tenants.credits, held: tenants.held })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  const [sum] = await t.db
    .select({ ledger: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.tenantId, tenantId), sql`${ledgerEntries.accountId} is null`));
  const holds = await t.db
    .select({ amount: creditHolds.amount })
    .from(creditHolds)
    .where(eq(creditHolds.tenantId, tenantId));
  return {
    credits: row?.credits,
    held: row?.held,
    ledger: sum?.ledger,
    holdRows: holds.reduce((s, h) => s + h.amount, 0),
  };
}

/** Admits `bound` credits of the pool (or the member's), failing the test when refused. */
async function admitted(
  holds: CreditHolds,
  tenantId: string,
  bound: number,
  accountId: string | null = null,
): Promise<HoldTicket> {
  const ticket = await holds.admit({ tenantId, accountId }, bound);
  if (!ticket) throw new Error(`${bound} credits were refused`);
  return ticket;
}

const charge = (ref: string, amount: number) => ({
  amount,
  category: 'chat' as const,
  ref,
  note: 'chat: test',
  actorAccountId: null,
});

describe('chat credit holds', () => {
  it('admits from memory once held, writes one ledger row per charge with the balance after each, and gives the rest back', async () => {
    const tenantId = await newTenant(1_000);
    const holds = new CreditHolds(t.db, { settleMs: 50, idleMs: 60_000 });
    const tickets: HoldTicket[] = [];
    for (let i = 0; i < 5; i++) tickets.push(await admitted(holds, tenantId, 10));
    // Set aside, not spent: the balance and the ledger have not moved; `held` is the hold row's amount.
    const during = await wallet(tenantId);
    expect(during.credits).toBe(1_000);
    expect(during.held).toBeGreaterThanOrEqual(50);
    expect(during.held).toBe(during.holdRows);
    // Settled in one batch: exact charges, one row each, in order; one above its bound (25 of 10) is
    // taken whole from the hold's free part.
    tickets.forEach((ticket, i) => holds.settle(ticket, charge(`chat-${i}`, [3, 7, 10, 0, 25][i] ?? 0)));
    holds.settle(tickets[0] as HoldTicket, charge('chat-0-again', 5));
    expect(holds.hasPending(tenantId)).toBe(true);
    await holds.written(tenantId);
    const rows = await t.db
      .select({
        ref: ledgerEntries.ref,
        amount: ledgerEntries.amount,
        after: ledgerEntries.balanceAfter,
        kind: ledgerEntries.kind,
      })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tenantId, tenantId), eq(ledgerEntries.category, 'chat')))
      .orderBy(asc(ledgerEntries.id));
    expect(rows).toEqual([
      { ref: 'chat-0', amount: -3, after: 997, kind: 'charge' },
      { ref: 'chat-1', amount: -7, after: 990, kind: 'charge' },
      { ref: 'chat-2', amount: -10, after: 980, kind: 'charge' },
      { ref: 'chat-4', amount: -25, after: 955, kind: 'charge' },
    ]);
    const [usage] = await t.db
      .select({ credits: usageDaily.credits })
      .from(usageDaily)
      .where(and(eq(usageDaily.tenantId, tenantId), eq(usageDaily.category, 'chat')));
    expect(usage?.credits).toBe(45);
    const after = await wallet(tenantId);
    expect(after).toMatchObject({ credits: 955, ledger: 955 });
    expect(after.held).toBe(after.holdRows);
    await holds.close();
    expect(await wallet(tenantId)).toEqual({ credits: 955, held: 0, ledger: 955, holdRows: 0 });
  });

  it('refuses what the wallet cannot cover, and other spends cannot take held credits', async () => {
    const tenantId = await newTenant(100);
    const holds = new CreditHolds(t.db, { settleMs: 5, idleMs: 60_000 });
    expect(await holds.admit({ tenantId, accountId: null }, 101)).toBeNull();
    expect(await wallet(tenantId)).toMatchObject({ credits: 100, held: 0 });
    const ticket = await admitted(holds, tenantId, 80);
    const held = (await wallet(tenantId)).held ?? NaN;
    expect(held).toBeGreaterThanOrEqual(80);
    // An image job's charge takes only the credits outside the hold.
    expect(
      await moveCredits(t.db, { tenantId, amount: -(100 - held + 1), kind: 'charge', category: 'image' }),
    ).toBeNull();
    expect(await moveCredits(t.db, { tenantId, amount: -(100 - held), kind: 'charge', category: 'image' })).toBe(held);
    holds.settle(ticket, charge('chat-a', 80));
    await holds.close();
    expect(await wallet(tenantId)).toEqual({ credits: held - 80, held: 0, ledger: held - 80, holdRows: 0 });
  });

  it('never lets concurrent requests of two processes spend more than the wallet: 100 at once on 50 credits', async () => {
    const tenantId = await newTenant(50);
    const processes = [
      new CreditHolds(t.db, { settleMs: 5, idleMs: 60_000 }),
      new CreditHolds(t.db, { settleMs: 5, idleMs: 60_000 }),
    ];
    const results = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const holds = processes[i % 2] as CreditHolds;
        const ticket = await holds.admit({ tenantId, accountId: null }, 3);
        if (!ticket) return 0;
        await new Promise((r) => setTimeout(r, 5));
        holds.settle(ticket, charge(`chat-c${i}`, 2));
        return 2;
      }),
    );
    const charged = results.reduce<number>((a, b) => a + b, 0);
    // Bounds of 3 on 50 credits: most of the wallet is used (a process may refuse while the other
    // still holds a few credits free), never more than it.
    expect(charged).toBeGreaterThanOrEqual(20);
    expect(charged).toBeLessThanOrEqual(50);
    await Promise.all(processes.map((p) => p.close()));
    expect(await wallet(tenantId)).toEqual({ credits: 50 - charged, held: 0, ledger: 50 - charged, holdRows: 0 });
  });

  it('on a wallet with little left, a process gives its hold’s free part back after each request, so another can use it', async () => {
    const tenantId = await newTenant(20);
    const a = new CreditHolds(t.db, { settleMs: 5, idleMs: 60_000 });
    const b = new CreditHolds(t.db, { settleMs: 5, idleMs: 60_000 });
    const first = await admitted(a, tenantId, 5);
    a.settle(first, charge('chat-a1', 1));
    await a.written(tenantId);
    for (let i = 0; i < 20 && (await wallet(tenantId)).held !== 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await wallet(tenantId)).toMatchObject({ credits: 19, held: 0 });
    // Everything left is the other process's to use.
    const rest = await admitted(b, tenantId, 19);
    b.settle(rest, charge('chat-b1', 19));
    await Promise.all([a.close(), b.close()]);
    expect(await wallet(tenantId)).toEqual({ credits: 0, held: 0, ledger: 0, holdRows: 0 });
  });

  it('takes a charge above its bound by growing the hold, as far as the wallet’s free credits go, never below zero', async () => {
    const tenantId = await newTenant(30);
    const a = new CreditHolds(t.db, { settleMs: 5, idleMs: 60_000 });
    const b = new CreditHolds(t.db, { settleMs: 5, idleMs: 60_000 });
    const big = await admitted(a, tenantId, 10);
    const other = await admitted(b, tenantId, 5);
    // The upstream billed 50 where 10 were admitted: the 15 free credits are taken too, the other
    // process's 5 stay its own, and what the wallet cannot cover is not taken.
    a.settle(big, charge('chat-over', 50));
    expect(a.hasPending(tenantId)).toBe(true);
    await a.written(tenantId);
    const rows = await t.db
      .select({ ref: ledgerEntries.ref, amount: ledgerEntries.amount, after: ledgerEntries.balanceAfter })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tenantId, tenantId), eq(ledgerEntries.category, 'chat')));
    expect(rows).toEqual([{ ref: 'chat-over', amount: -25, after: 5 }]);
    b.settle(other, charge('chat-other', 5));
    await Promise.all([a.close(), b.close()]);
    expect(await wallet(tenantId)).toEqual({ credits: 0, held: 0, ledger: 0, holdRows: 0 });
  });

  it('takes a charge above its bound whole when the wallet has it, in one row', async () => {
    const tenantId = await newTenant(1_000);
    const holds = new CreditHolds(t.db, { settleMs: 5, idleMs: 60_000 });
    const ticket = await admitted(holds, tenantId, 10);
    holds.settle(ticket, charge('chat-long', 600));
    await holds.written(tenantId);
    expect(await wallet(tenantId)).toMatchObject({ credits: 400, ledger: 400 });
    await holds.close();
    expect(await wallet(tenantId)).toEqual({ credits: 400, held: 0, ledger: 400, holdRows: 0 });
  });

  it('gives a quiet hold back on its own', async () => {
    const tenantId = await newTenant(500);
    const holds = new CreditHolds(t.db, { settleMs: 5, idleMs: 200 });
    holds.settle(await admitted(holds, tenantId, 20), charge('chat-q', 4));
    for (let i = 0; i < 50 && (await wallet(tenantId)).holdRows > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await wallet(tenantId)).toEqual({ credits: 496, held: 0, ledger: 496, holdRows: 0 });
    await holds.close();
  });

  it('gives a dead process’s hold back once expired, and a process whose hold was swept charges the wallet directly', async () => {
    const tenantId = await newTenant(300);
    const holds = new CreditHolds(t.db, { settleMs: 5, idleMs: 60_000 });
    const ticket = await admitted(holds, tenantId, 30);
    const other = await admitted(holds, tenantId, 10);
    // Not expired yet: the sweep leaves it.
    expect(await sweepExpiredHolds(t.db)).toBe(0);
    await t.db
      .update(creditHolds)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(creditHolds.tenantId, tenantId));
    expect(await sweepExpiredHolds(t.db)).toBe(1);
    expect(await wallet(tenantId)).toEqual({ credits: 300, held: 0, ledger: 300, holdRows: 0 });
    holds.settle(ticket, charge('chat-late', 12));
    await holds.written(tenantId);
    expect(await wallet(tenantId)).toEqual({ credits: 288, held: 0, ledger: 288, holdRows: 0 });
    // The next request takes a new hold; another request admitted from the swept one settles after
    // that: charged to the wallet the same way, and waited for.
    const next = await admitted(holds, tenantId, 5);
    expect((await wallet(tenantId)).holdRows).toBeGreaterThanOrEqual(5);
    holds.settle(other, charge('chat-later', 2));
    await holds.written(tenantId);
    expect(await wallet(tenantId)).toMatchObject({ credits: 286, ledger: 286 });
    holds.settle(next, charge('chat-next', 5));
    await holds.close();
    expect(await wallet(tenantId)).toEqual({ credits: 281, held: 0, ledger: 281, holdRows: 0 });
  });

  it('gives its holds back at shutdown even with a request still in flight, which is then charged to the wallet directly', async () => {
    const tenantId = await newTenant(200);
    const holds = new CreditHolds(t.db, { settleMs: 5, idleMs: 60_000 });
    const done = await admitted(holds, tenantId, 10);
    const cut = await admitted(holds, tenantId, 10);
    holds.settle(done, charge('chat-done', 3));
    const started = Date.now();
    await holds.close(200);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await wallet(tenantId)).toEqual({ credits: 197, held: 0, ledger: 197, holdRows: 0 });
    // The request cut at shutdown settles afterwards: its charge is taken like any spend.
    holds.settle(cut, charge('chat-cut', 4));
    await holds.written(tenantId);
    expect(await wallet(tenantId)).toEqual({ credits: 193, held: 0, ledger: 193, holdRows: 0 });
  });

  it('holds a dedicated member’s own credits, and the member cannot be switched to the pool while they are held', async () => {
    const tenantId = await newTenant(200);
    const { account } = await createMember(
      { db: t.db, config: { secret: testSecret } },
      { kind: 'tenant', tenantId, via: 'key' },
      { email: `h-${Date.now()}@example.cn`, nickname: '持有成员', credits: 40 },
    );
    const holds = new CreditHolds(t.db, { settleMs: 5, idleMs: 60_000 });
    expect(await holds.admit({ tenantId, accountId: account.account_id }, 41)).toBeNull();
    const ticket = await admitted(holds, tenantId, 15, account.account_id);
    const [row] = await t.db
      .select({ credits: accounts.credits, held: accounts.held })
      .from(accounts)
      .where(eq(accounts.id, account.account_id));
    expect(row?.credits).toBe(40);
    expect(row?.held).toBeGreaterThanOrEqual(15);

    const refused = await setMemberQuota(
      { db: t.db },
      { kind: 'tenant', tenantId, via: 'key' },
      { account_id: account.account_id, shared: true },
    ).catch((e: unknown) => e);
    expect((refused as { status?: number }).status).toBe(409);
    holds.settle(ticket, charge('chat-m', 6));
    await holds.close();
    const [end] = await t.db
      .select({ credits: accounts.credits, held: accounts.held })
      .from(accounts)
      .where(eq(accounts.id, account.account_id));
    expect(end).toEqual({ credits: 34, held: 0 });
    const rows = await t.db
      .select({ amount: ledgerEntries.amount, after: ledgerEntries.balanceAfter })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.accountId, account.account_id), eq(ledgerEntries.category, 'chat')));
    expect(rows).toEqual([{ amount: -6, after: 34 }]);
  });
});

describe('rate-limit token shares', () => {
  const bucket = async (key: string) => {
    const [row] = rowsOf<{ tokens: number }>(
      await t.db.execute(sql`select tokens from rate_buckets where key = ${key}`),
    );
    return row ? Number(row.tokens) : null;
  };

  it('is exact when the limit is small: 3 a minute admits 3 of 10', async () => {
    const shares = new TokenShares(t.db, 60_000);
    const limit = { key: `chat:test-small-${Date.now()}`, capacity: 3, perMs: 60_000, per: 'minute' as const };
    let given = 0;
    for (let i = 0; i < 10; i++) if (await shares.take(limit)) given += 1;
    expect(given).toBe(3);
    await shares.close();
  });

  it('takes a block at a time from the shared bucket and gives the unspent tokens back', async () => {
    const shares = new TokenShares(t.db, 60_000);
    // 6,000 tokens, refilled so slowly that the test's own time adds nothing measurable.
    const limit = {
      key: `chat:test-block-${Date.now()}`,
      capacity: 6_000,
      perMs: 3_600_000_000,
      per: 'minute' as const,
    };
    for (let i = 0; i < 25; i++) expect(await shares.take(limit)).toBe(true);
    // Blocks of 60: the bucket gave one (or two, if the next was already taken ahead).
    const left = await bucket(limit.key);
    expect(left).toBeLessThanOrEqual(6_000 - 60 + 0.01);
    expect(left).toBeGreaterThanOrEqual(6_000 - 120);
    await shares.close();
    // 25 spent; the rest is back.
    const back = await bucket(limit.key);
    expect(back).toBeGreaterThanOrEqual(6_000 - 25 - 0.01);
    expect(back).toBeLessThanOrEqual(6_000 - 25 + 0.01);
  });

  it('shares one bucket between processes: two shares never give more than the bucket', async () => {
    const a = new TokenShares(t.db, 60_000);
    const b = new TokenShares(t.db, 60_000);
    const limit = { key: `chat:test-two-${Date.now()}`, capacity: 500, perMs: 3_600_000_000, per: 'minute' as const };
    let given = 0;
    await Promise.all(
      [a, b].map(async (s) => {
        for (let i = 0; i < 400; i++) if (await s.take(limit)) given += 1;
      }),
    );
    expect(given).toBe(500);
    await Promise.all([a.close(), b.close()]);
  });
});
