import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConfig, parseEnv, type Config } from '@/server/config';
import { claimBatches, claimCodes, tenants } from '@/server/db/schema';
import { createClaimBatch, exportClaimBatch, getClaimBatch } from '@/server/domain/claims/batches';
import { disableClaimBatch } from '@/server/domain/claims/operator';
import { redeemClaim } from '@/server/domain/claims/redeem';
import { redeemIntoAccount } from '@/server/domain/claims/redeem-more';
import { AppError } from '@/server/errors';
import { createTemplate } from '@/server/domain/templates/templates';
import { OPERATOR } from '@/server/domain/auth/identity';
import { createTenant } from '@/server/domain/tenants/tenants';
import { LocalFileStore } from '@/server/storage/store';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

let t: TestDatabase;
let config: Config;

beforeAll(async () => {
  t = await createTestDatabase();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-batches-'));
  config = { ...buildConfig(parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_SECRET: 'x'.repeat(40) })), secret: testSecret };
});
afterAll(async () => {
  await t.close();
});

async function seller(credits: number) {
  const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
    name: '批量店',
    credits,
    quota_monthly: 0,
  });
  const files = new LocalFileStore(path.join(config.dataDir, 'files'), 'http://studio.test');
  const who = { kind: 'tenant' as const, tenantId: tenant.id, via: 'key' as const };
  const { template } = await createTemplate({ db: t.db, config, files }, who, {
    type: 'image',
    zh_name: '海报',
    prompt_template: '海报：{input}',
  });
  return { who, template };
}

const pool = async (id: string) =>
  (await t.db.select({ credits: tenants.credits }).from(tenants).where(eq(tenants.id, id)))[0]?.credits;

describe('claim batches', () => {
  it('makes 50 codes at once, refuses a short pool with 402 leaving nothing, and exports a CSV', async () => {
    const { who, template } = await seller(1000);
    const deps = { db: t.db, config };
    const short = createClaimBatch(
      deps,
      who,
      { count: 51, credits: 20, template_ids: [template.id] },
      { idempotencyKey: null },
    );
    await expect(short).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.status === 402);
    expect(await pool(who.tenantId)).toBe(1000);
    expect(await t.db.select().from(claimBatches).where(eq(claimBatches.tenantId, who.tenantId))).toEqual([]);

    const made = await createClaimBatch(
      deps,
      who,
      { count: 50, credits: 20, template_ids: [template.id], note: '订单 1-50' },
      { idempotencyKey: 'k1' },
    );
    expect(made.codes).toHaveLength(50);
    expect(made.credits_balance_after).toBe(0);
    expect(await pool(who.tenantId)).toBe(0);
    const again = await createClaimBatch(
      deps,
      who,
      { count: 50, credits: 20, template_ids: [template.id], note: '订单 1-50' },
      { idempotencyKey: 'k1' },
    );
    expect(again.batch.id).toBe(made.batch.id);
    const rows = await t.db.select().from(claimCodes).where(eq(claimCodes.batchId, made.batch.id));
    expect(rows).toHaveLength(50);

    const file = await exportClaimBatch(deps, who, { id: made.batch.id });
    expect(file.csv.charCodeAt(0)).toBe(0xfeff);
    expect(file.csv.split('\r\n')).toHaveLength(52);
    const other = { ...who, tenantId: (await seller(0)).who.tenantId };
    await expect(getClaimBatch(deps, other, { id: made.batch.id })).rejects.toSatisfy(
      (e: unknown) => e instanceof AppError && e.status === 404,
    );
  });

  it('lets a buyer redeem a second code into the same account, and the operator disable the rest', async () => {
    const { who, template } = await seller(100);
    const deps = { db: t.db, config };
    const made = await createClaimBatch(
      deps,
      who,
      { count: 4, credits: 10, template_ids: [template.id] },
      {
        idempotencyKey: null,
      },
    );
    const [a, b] = made.codes;
    const first = await redeemClaim(
      deps,
      { code: a ?? '', nickname: '小王', email: `w-${Date.now()}@example.cn`, password: 'a good password 1' },
      { idempotencyKey: null },
    );
    const [code] = await t.db
      .select()
      .from(claimCodes)
      .where(eq(claimCodes.code, a ?? ''));
    const buyer = {
      kind: 'tenant' as const,
      tenantId: code?.redeemedTenantId ?? '',
      via: 'session' as const,
      personal: true as const,
    };
    const more = await redeemIntoAccount(deps, buyer, { code: (b ?? '').toLowerCase() });
    expect(more.credits).toBe(20);
    expect(first.account.created).toBe(true);
    await expect(redeemIntoAccount(deps, buyer, { code: b ?? '' })).rejects.toSatisfy(
      (e: unknown) => e instanceof AppError && e.status === 409,
    );
    await expect(redeemIntoAccount(deps, who, { code: made.codes[2] ?? '' })).rejects.toSatisfy(
      (e: unknown) => e instanceof AppError && e.status === 403,
    );

    const off = await disableClaimBatch(deps, { kind: 'admin' } as never, { batch_id: made.batch.id });
    expect(off.batch).toEqual({ id: made.batch.id, codes_disabled: 2, credits_returned: 20, redeemed: 2 });
    expect(await pool(who.tenantId)).toBe(80);
  });
});
