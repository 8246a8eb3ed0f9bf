import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActionBodies } from '@/contracts/admin';
import { claimCodes, upstreamAttempts, upstreams } from '@/server/db/schema';
import { OPERATOR } from '@/server/domain/auth/identity';
import { listClaimsForOperator } from '@/server/domain/claims/operator';
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

const config = { publicBaseUrl: 'https://studio.test', creditCny: 0.1, creditUsd: 0.01 };
const tenant = async (name: string) =>
  (await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, { name, credits: 0, quota_monthly: 0 }))
    .tenant;
const listBody = (body: Record<string, unknown>) => adminActionBodies['claim-list'].parse(body);

describe('claim codes across tenants', () => {
  it('pages without losing codes made in the same microsecond, and searches code, tenant and buyer', async () => {
    const a = await tenant('晨光花店');
    const b = await tenant('夜航书屋');
    const codeOf = (i: number) => `OPSLIST${String(i).padStart(13, '0')}`;
    const sameInstant = '2026-11-20T08:00:00.123456Z';
    await t.db.insert(claimCodes).values(
      Array.from({ length: 7 }, (_, i) => ({
        code: codeOf(i),
        tenantId: i < 5 ? a.id : b.id,
        credits: 10 + i,
        templateIds: [],
        productCopy: '',
        replyText: '',
        // Five codes share one instant: the cursor must still page through each exactly once.
        createdAt: i < 5 ? new Date(sameInstant) : new Date(`2026-11-2${i}T08:00:00Z`),
        ...(i === 6
          ? {
              state: 'redeemed' as const,
              redeemedEmail: 'buyer-ops@example.cn',
              redeemedNickname: '小林',
              redeemedAt: new Date(),
            }
          : {}),
      })),
    );
    // The instant with microseconds, as PostgreSQL keeps it.
    await t.db.execute(
      sql`update claim_codes set created_at = ${sameInstant}::timestamptz where code like 'OPSLIST%' and credits < 15`,
    );

    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await listClaimsForOperator(
        { db: t.db, config },
        OPERATOR,
        listBody({ q: 'opslist', limit: 2, ...(cursor ? { cursor } : {}) }),
      );
      seen.push(...res.claims.map((c) => c.code));
      if (!res.next_cursor) break;
      cursor = res.next_cursor;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect(seen.slice(0, 2)).toEqual([codeOf(6), codeOf(5)]);

    const byTenant = await listClaimsForOperator({ db: t.db, config }, OPERATOR, listBody({ q: '夜航' }));
    expect(byTenant.claims.map((c) => c.code)).toEqual([codeOf(6), codeOf(5)]);
    expect(byTenant.claims[0]).toMatchObject({
      tenant: { id: b.id, name: '夜航书屋' },
      state: 'redeemed',
      redeemed_by: { nickname: '小林', email: 'buyer-ops@example.cn' },
    });
    const byBuyer = await listClaimsForOperator({ db: t.db, config }, OPERATOR, listBody({ q: 'BUYER-OPS@' }));
    expect(byBuyer.claims.map((c) => c.code)).toEqual([codeOf(6)]);
    // A percent sign is a letter in a search, not "anything".
    expect((await listClaimsForOperator({ db: t.db, config }, OPERATOR, listBody({ q: '%' }))).claims).toEqual([]);
    await expect(
      listClaimsForOperator({ db: t.db, config }, OPERATOR, listBody({ cursor: '2026-11-20' })),
    ).rejects.toThrow(/next_cursor/);
  });
});

describe('platform usage', () => {
  it('cuts days at midnight Asia/Shanghai per tenant and category, prices each tenant apart, and counts channel attempts', async () => {
    const a = await tenant('用量甲');
    const b = await tenant('用量乙');
    await t.db.execute(sql`update tenants set markup = 2 where id = ${b.id}`);
    const charge = (tenantId: string, iso: string, amount: number, category: string) =>
      t.db.execute(sql`insert into ledger_entries (tenant_id, amount, balance_after, kind, category, created_at)
                       values (${tenantId}, ${-amount}, 0, 'charge', ${category}, ${iso})`);
    await charge(a.id, '2026-11-10T15:59:59Z', 3, 'image'); // 23:59:59 on 10 November in Shanghai
    await charge(a.id, '2026-11-10T16:00:00Z', 5, 'image'); // 00:00 on 11 November
    await charge(b.id, '2026-11-11T03:00:00Z', 2, 'chat');
    await charge(b.id, '2026-11-13T10:00:00Z', 7, 'video');
    await charge(b.id, '2026-10-01T10:00:00Z', 100, 'video'); // before the window
    await rebuildUsage(t.db, a.id);
    await rebuildUsage(t.db, b.id);

    const [up] = await t.db
      .insert(upstreams)
      .values({
        name: 'ops-usage-channel',
        provider: 'acme',
        adapter: 'openai-images',
        baseUrl: 'http://x',
        keyCiphertext: 'x',
        softTimeoutMs: 1000,
        models: [],
        source: 'file',
      })
      .returning();
    if (!up) throw new Error('no upstream');
    const attempt = (ref: string, ok: boolean, iso: string, tenantId: string) => ({
      upstreamId: up.id,
      family: 'image',
      ref,
      tenantId,
      startedAt: new Date(iso),
      durationMs: 100,
      ok,
    });
    await t.db.insert(upstreamAttempts).values([
      attempt('job-1', false, '2026-11-12T01:00:00Z', a.id),
      attempt('job-1', true, '2026-11-12T01:00:01Z', a.id),
      attempt('job-2', true, '2026-11-12T02:00:00Z', b.id),
      attempt('job-3', false, '2026-11-09T15:59:00Z', a.id), // 23:59 on 9 November: outside
    ]);

    const now = new Date('2026-11-14T01:00:00Z'); // 09:00 on 14 November in Shanghai
    const body = (extra: Record<string, unknown>) => ({
      ...adminActionBodies['platform-usage'].parse({ days: 5, ...extra }),
      now,
    });
    const all = await platformUsage({ db: t.db, config }, OPERATOR, body({}));
    expect(all.since).toBe('2026-11-09T16:00:00.000Z');
    expect(all.daily.map((d) => [d.date, d.total])).toEqual([
      ['2026-11-10', 3],
      ['2026-11-11', 7],
      ['2026-11-12', 0],
      ['2026-11-13', 7],
      ['2026-11-14', 0],
    ]);
    expect(all.totals).toEqual({ image: 8, video: 7, chat: 2, reverse: 0, other: 0, article: 0, total: 17 });
    expect(all.tenants).toMatchObject([
      {
        id: b.id,
        name: '用量乙',
        totals: { image: 0, video: 7, chat: 2, reverse: 0, other: 0, article: 0, total: 9 },
        charged_cny: 1.8,
      },
      {
        id: a.id,
        name: '用量甲',
        totals: { image: 8, video: 0, chat: 0, reverse: 0, other: 0, article: 0, total: 8 },
        charged_cny: 0.8,
      },
    ]);
    expect(all.charged_cny).toBe(2.6);
    expect(all.tenant_daily).toContainEqual({ date: '2026-11-11', tenant_id: a.id, category: 'image', credits: 5 });
    expect(all.tenant_daily).toContainEqual({ date: '2026-11-11', tenant_id: b.id, category: 'chat', credits: 2 });
    expect(all.channels.find((c) => c.channel === 'ops-usage-channel')).toMatchObject({
      channel: 'ops-usage-channel',
      provider: 'acme',
      jobs: 2,
      attempts: 3,
      failures: 1,
      failure_rate: 0.3333,
    });

    const onlyA = await platformUsage({ db: t.db, config }, OPERATOR, body({ tenant_id: a.id }));
    expect(onlyA.tenant).toEqual({ id: a.id, name: '用量甲' });
    expect(onlyA.totals.total).toBe(8);
    expect(onlyA.tenants.map((x) => x.id)).toEqual([a.id]);
    expect(onlyA.channels).toMatchObject([
      { channel: 'ops-usage-channel', provider: 'acme', jobs: 1, attempts: 2, failures: 1, failure_rate: 0.5 },
    ]);
    await expect(
      platformUsage({ db: t.db, config }, OPERATOR, body({ tenant_id: '00000000-0000-4000-8000-000000000000' })),
    ).rejects.toThrow(/Tenant/);
    expect(adminActionBodies['platform-usage'].safeParse({ days: 367 }).success).toBe(false);
    expect(adminActionBodies['platform-usage'].parse({}).days).toBe(30);
  });
});
