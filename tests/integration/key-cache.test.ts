import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '@/server/db/schema';
import { OPERATOR } from '@/server/domain/auth/identity';
import { KeyCache } from '@/server/domain/auth/key-cache';
import { CREDENTIALS_CHANNEL } from '@/server/credential-changes';
import { bindTenantModel, createTenant, rekeyTenant } from '@/server/domain/tenants/tenants';
import { simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

let t: TestDatabase;
const src = { configured: undefined };
const deps = () => ({ db: t.db, config: { secret: testSecret } });

beforeAll(async () => {
  t = await createTestDatabase();
  await syncUpstreams(t.db, testSecret, simulatorUpstreams('http://127.0.0.1:9'), 'simulator');
});
afterAll(async () => {
  await t.close();
});

type Inside = { listening: boolean; suspended: Map<string, number> };

/** A cache that is listening, and a tenant whose own creation has been notified back to it. */
async function cacheAndTenant(name: string) {
  const cache = new KeyCache(t);
  await cache.resolve(src, 'sk-studio-nobody000000000000000000000000');
  await eventually(() => Promise.resolve((cache as unknown as Inside).listening));
  const created = await createTenant(deps(), OPERATOR, { name, credits: 0, quota_monthly: 0 });
  await eventually(() => Promise.resolve((cache as unknown as Inside).suspended.size === 0));
  return { cache, tenant: created.tenant, api_key: created.api_key };
}

/** Waits until `check` holds (a notification travels through the database). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('never held');
}

describe('the key cache', () => {
  it('answers from memory, and drops a tenant’s keys when a change of it is notified by any process', async () => {
    const { cache, tenant, api_key } = await cacheAndTenant('缓存租户');
    expect((await cache.resolve(src, api_key)).ok).toBe(true);
    // Behind the cache's back (no announcement): the kept answer still stands, so it is kept.
    await t.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.tenantId, tenant.id));
    expect((await cache.resolve(src, api_key)).ok).toBe(true);
    // Another process announces a change of the tenant: the answer goes.
    await t.db.execute(sql`select pg_notify(${CREDENTIALS_CHANNEL}, ${tenant.id})`);
    await eventually(async () => !(await cache.resolve(src, api_key)).ok);
    expect(await cache.resolve(src, api_key)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('refuses a replaced key on the very next look-up in the process that replaced it', async () => {
    const { cache, tenant, api_key } = await cacheAndTenant('换钥租户');
    expect((await cache.resolve(src, api_key)).ok).toBe(true);
    const { api_key: fresh } = await rekeyTenant(deps(), OPERATOR, { tenant_id: tenant.id });
    expect(await cache.resolve(src, api_key)).toEqual({ ok: false, reason: 'revoked' });
    expect((await cache.resolve(src, fresh)).ok).toBe(true);
  });

  it('gives a new binding on the next look-up', async () => {
    const { cache, tenant, api_key } = await cacheAndTenant('绑定租户');
    expect(await cache.resolve(src, api_key)).toMatchObject({ ok: true, binding: null });
    await bindTenantModel({ db: t.db }, OPERATOR, { tenant_id: tenant.id, model: 'chatmodel-lite' });
    expect(await cache.resolve(src, api_key)).toMatchObject({ ok: true, binding: 'chatmodel-lite' });
  });
});
