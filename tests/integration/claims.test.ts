import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConfig, parseEnv, type Config } from '@/server/config';
import { claimCodes, ledgerEntries, templates, tenants } from '@/server/db/schema';
import { createClaim } from '@/server/domain/claims/claims';
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
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-claims-'));
  config = { ...buildConfig(parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_SECRET: 'x'.repeat(40) })), secret: testSecret };
});
afterAll(async () => {
  await t.close();
});

describe('claim code creation', () => {
  it('rolls the credits back when a write fails: 500, nothing taken, nothing gated, no code', async () => {
    const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
      name: '回滚租户',
      credits: 200,
      quota_monthly: 0,
    });
    const files = new LocalFileStore(path.join(config.dataDir, 'files'), 'http://studio.test');
    const who = { kind: 'tenant' as const, tenantId: tenant.id, via: 'key' as const };
    const { template: tpl } = await createTemplate({ db: t.db, config, files }, who, {
      type: 'image',
      zh_name: '海报',
      prompt_template: '海报：{input}',
    });

    const failing = createClaim(
      { db: t.db, config },
      who,
      { template_ids: [tpl.id], credits: 80 },
      {
        afterWrite: () => Promise.reject(new Error('disk full')),
      },
    );
    await expect(failing).rejects.toSatisfy(
      (err: unknown) => err instanceof AppError && err.status === 500 && /no credits were taken/.test(err.message),
    );

    const [after] = await t.db.select({ credits: tenants.credits }).from(tenants).where(eq(tenants.id, tenant.id));
    expect(after?.credits).toBe(200);
    expect(await t.db.select().from(claimCodes).where(eq(claimCodes.tenantId, tenant.id))).toEqual([]);
    const [tplAfter] = await t.db.select({ gated: templates.gated }).from(templates).where(eq(templates.id, tpl.id));
    expect(tplAfter?.gated).toBe(false);
    const claimRows = (await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.tenantId, tenant.id))).filter(
      (r) => r.kind === 'claim',
    );
    expect(claimRows).toEqual([]);

    // The same request without the failure succeeds and takes the credits once.
    const ok = await createClaim({ db: t.db, config }, who, { template_ids: [tpl.id], credits: 80 });
    expect(ok.credits_balance_after).toBe(120);
  });
});
