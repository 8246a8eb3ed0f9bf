import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim } from '@/sim/testing';
import { chatSuite } from '../helpers/chat-suite';
import { testSecret, type TestDatabase } from '../helpers/test-db';
import { and, eq } from 'drizzle-orm';
import { createCaller } from '@/server/api/root';
import { creditHolds, ledgerEntries, tenants } from '@/server/db/schema';
import { createMember } from '@/server/domain/members/members';
import { type ScopedIdentity } from '@/server/domain/auth/identity';
import { proxyChat, type ChatCaller } from '@/server/domain/chat/proxy';
import { chatChargesWritten, closeCreditHolds } from '@/server/domain/credits/hold-registry';
import { walletOf } from '@/server/domain/credits/ledger';
import { AppError } from '@/server/errors';

const suite = chatSuite();
let t: TestDatabase;
let sim: RunningSim;
beforeAll(() => {
  ({ t, sim } = suite);
});
const { config, apiConfig, deps, tenant, recorder, balanceOf, attemptsOf, ask } = suite;

describe('chat charging', () => {
  it('is exact under 200 concurrent requests at a tenant with little credit: never negative, ledger = balance', async () => {
    const caller = await tenant(60);
    const results = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const { out, sink } = recorder();
        try {
          await proxyChat(
            deps(),
            caller,
            ask(`第 ${i} 个问题：今天天气怎么样？`, { model: undefined, max_tokens: 400 }),
            sink,
            new AbortController().signal,
          );
          return { ok: true, credits: (out.json as { credits: number }).credits };
        } catch (err) {
          expect(err).toBeInstanceOf(AppError);
          expect((err as AppError).status).toBe(402);
          return { ok: false, credits: 0 };
        }
      }),
    );
    const answered = results.filter((r) => r.ok);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.length).toBeLessThan(200);
    const money = await balanceOf(caller);
    expect(money.balance).toBeGreaterThanOrEqual(0);
    expect(money.balance).toBe(money.ledger);
    expect(money.charged).toBe(answered.reduce((s, r) => s + r.credits, 0));
    expect(60 - money.balance).toBe(money.charged);
    // Every answer was charged exactly once: one charge row per answered request, with its exact
    // amount, and none for a refused one.
    const rows = await t.db
      .select({ ref: ledgerEntries.ref, kind: ledgerEntries.kind, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tenantId, caller.who.tenantId), eq(ledgerEntries.category, 'chat')));
    expect(rows).toHaveLength(answered.length);
    expect(new Set(rows.map((r) => r.ref)).size).toBe(answered.length);
    expect(rows.every((r) => r.kind === 'charge' && r.amount < 0)).toBe(true);
    // What the process still holds goes back to the wallet when it stops: nothing held, no hold row left.
    const [held] = await t.db.select({ held: tenants.held }).from(tenants).where(eq(tenants.id, caller.who.tenantId));
    expect(held?.held).toBeGreaterThanOrEqual(0);
    await closeCreditHolds();
    const [after] = await t.db
      .select({ credits: tenants.credits, held: tenants.held })
      .from(tenants)
      .where(eq(tenants.id, caller.who.tenantId));
    expect(after).toEqual({ credits: money.balance, held: 0 });
    expect(await t.db.select().from(creditHolds).where(eq(creditHolds.tenantId, caller.who.tenantId))).toEqual([]);
  });

  it('takes the per-key rate limit with the reservation: past it 429 with Retry-After, and nothing moves', async () => {
    const caller = await tenant(50);
    const limited = { ...deps(), config: { ...config, chat: { ...config.chat, ratePerMinute: 2 } } };
    for (let i = 0; i < 2; i++)
      await proxyChat(limited, caller, ask('你好'), recorder().sink, new AbortController().signal);
    const before = await balanceOf(caller);
    const err = (await proxyChat(limited, caller, ask('你好'), recorder().sink, new AbortController().signal).catch(
      (e: unknown) => e,
    )) as AppError;
    expect(err).toBeInstanceOf(AppError);
    expect(err.status).toBe(429);
    expect(err.retryAfter).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(caller)).toEqual(before);
    expect(await attemptsOf(caller.who.tenantId)).toHaveLength(2);
  });

  it('calls no upstream when the reservation is refused, streamed or not, and records no attempt', async () => {
    const poor = await tenant(0);
    await sim.control('/__sim/requests', { method: 'DELETE' });
    for (const stream of [false, true]) {
      const { out, sink } = recorder();
      const err = (await proxyChat(
        deps(),
        poor,
        ask('你好', { model: 'sim-chat-a', stream }),
        sink,
        new AbortController().signal,
      ).catch((e: unknown) => e)) as AppError;
      expect(err).toBeInstanceOf(AppError);
      expect(err.status).toBe(402);
      // Nothing was sent: the transport answers the 402 with a status, not as a stream event.
      expect(out.status).toBe(0);
    }
    const log = (await (await sim.control('/__sim/requests?channel=sim-chat-a')).json()) as unknown[];
    expect(log).toEqual([]);
    expect(await attemptsOf(poor.who.tenantId)).toEqual([]);
    expect(await balanceOf(poor)).toEqual({ balance: 0, ledger: 0, charged: 0 });
  });

  it('writes the charge after the answer, and a balance read through the API that follows waits for it', async () => {
    const caller = await tenant(100);
    // Charges wait a second to be written: the read comes well before that.
    const slow = { ...deps(), config: { ...config, chat: { ...config.chat, settleMs: 1_000 } } };
    await closeCreditHolds();
    const { out, sink } = recorder();
    await proxyChat(slow, caller, ask('你好'), sink, new AbortController().signal);
    const credits = (out.json as { credits: number }).credits;
    expect(credits).toBeGreaterThanOrEqual(1);
    const [raw] = await t.db
      .select({ credits: tenants.credits })
      .from(tenants)
      .where(eq(tenants.id, caller.who.tenantId));
    expect(raw?.credits).toBe(100);
    const api = createCaller({
      db: t.db,
      config: apiConfig,
      files: suite.files,
      identity: caller.who,
      authFailure: null,
      headers: new Headers(),
    });
    const started = Date.now();
    expect(await api.balance.get({})).toMatchObject({ credits: 100 - credits });
    expect(Date.now() - started).toBeLessThan(900);
    await closeCreditHolds();
  });

  it('charges a dedicated member’s own credits and records the member as the actor', async () => {
    const caller = await tenant(100);
    const created = await createMember(
      { db: t.db, config: { secret: testSecret } },
      { kind: 'tenant', tenantId: caller.who.tenantId, via: 'key' },
      {
        email: `chat-${Date.now()}@example.cn`,
        nickname: '对话成员',
        credits: 20,
      },
    );
    const accountId = created.account.account_id;
    const who: ScopedIdentity = { kind: 'member', tenantId: caller.who.tenantId, accountId };
    const member: ChatCaller = {
      who,
      wallet: await walletOf(t.db, who),
      binding: null,
      rateKey: `member:${accountId}`,
    };
    const { out, sink } = recorder();
    await proxyChat(deps(), member, ask('你好'), sink, new AbortController().signal);
    const credits = (out.json as { credits: number }).credits;
    await chatChargesWritten();
    const rows = await t.db
      .select({ amount: ledgerEntries.amount, accountId: ledgerEntries.accountId, actor: ledgerEntries.actorAccountId })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tenantId, caller.who.tenantId), eq(ledgerEntries.category, 'chat')));
    expect(rows.every((r) => r.accountId === accountId && r.actor === accountId)).toBe(true);
    expect(-rows.reduce((s, r) => s + r.amount, 0)).toBe(credits);
  });
});
