import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '@/server/db/schema';
import { pruneAbandonedUploads } from '@/server/domain/uploads/uploads';
import { OPERATOR } from '@/server/domain/auth/identity';
import { createTenant } from '@/server/domain/tenants/tenants';
import { LocalFileStore } from '@/server/storage/store';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
});

describe('abandoned direct uploads', () => {
  it('are removed with their object after a day; fresh and finished ones stay', async () => {
    const files = new LocalFileStore(mkdtempSync(path.join(os.tmpdir(), 'studio-prune-')), 'http://studio.test');
    const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
      name: '清理租户',
      credits: 0,
      quota_monthly: 0,
    });
    const row = (key: string, status: 'pending' | 'ready', hoursAgo: number) => ({
      tenantId: tenant.id,
      key: `${tenant.id}/uploads/tenant/${key}`,
      ext: 'png',
      mime: 'image/png',
      mediaType: 'image' as const,
      size: 8,
      strategy: 'direct' as const,
      status,
      createdAt: new Date(Date.now() - hoursAgo * 3600_000),
    });
    await t.db
      .insert(uploads)
      .values([row('old.png', 'pending', 30), row('fresh.png', 'pending', 1), row('done.png', 'ready', 30)]);
    await files.put(`${tenant.id}/uploads/tenant/old.png`, Buffer.from('89504e470d0a1a0a', 'hex'), 'image/png');

    expect(await pruneAbandonedUploads(t.db, files)).toBe(1);
    const left = await t.db
      .select({ key: uploads.key })
      .from(uploads)
      .where(eq(uploads.tenantId, tenant.id))
      .orderBy(sql`${uploads.key}`);
    expect(left.map((r) => r.key.split('/').pop())).toEqual(['done.png', 'fresh.png']);
    expect(await files.size(`${tenant.id}/uploads/tenant/old.png`)).toBeNull();
  });
});
