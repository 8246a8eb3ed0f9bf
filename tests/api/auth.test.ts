import { describe, expect, it } from 'vitest';
import { adminKey, api, newMember, newTenant } from '../helpers/api';

describe('authentication', () => {
  it('answers 401 with an error text when the key is missing or unknown', async () => {
    const missing = await api('/balance');
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ ok: false, code: 'UNAUTHORIZED', reason: 'unauthorized' });
    expect(String(missing.body.error)).toMatch(/X-API-Key/);

    const unknown = await api('/balance', { key: 'sk-studio-thisKeyWasNeverIssued0000000000000' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toEqual(expect.any(String));

    const wrongPrefix = await api('/balance', { key: 'sk-other-1234' });
    expect(wrongPrefix.status).toBe(401);
  });

  it('accepts the key in X-API-Key and as a bearer token', async () => {
    const t = await newTenant({ credits: 321 });
    const viaHeader = await api('/balance', { key: t.key });
    const viaBearer = await api('/balance', { key: t.key, bearer: true });
    expect(viaHeader.status).toBe(200);
    expect(viaHeader.body).toEqual({ ok: true, credits: 321, pool: 'tenant' });
    expect(viaBearer.body).toEqual(viaHeader.body);
  });

  it('gives member keys 403 on tenant-only endpoints, with a do-not-retry text', async () => {
    const t = await newTenant();
    const m = await newMember(t.key);
    for (const [path, method] of [
      ['/tenant-accounts', 'GET'],
      ['/tenant-pool', 'GET'],
    ] as const) {
      const res = await api(path, { key: m.key, method });
      expect(res.status, path).toBe(403);
      expect(String(res.body.error)).toMatch(/tenant key/i);
      expect(String(res.body.error)).toMatch(/not retry/i);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN', reason: 'tenant_only' });
    }
    const create = await api('/tenant-accounts', {
      key: m.key,
      body: { action: 'create', email: 'x@y.cn', nickname: 'x' },
    });
    expect(create.status).toBe(403);
    // A member can still read its own balance.
    expect((await api('/balance', { key: m.key })).status).toBe(200);
  });

  it('lets only the super-administrator key call /api/admin', async () => {
    const t = await newTenant();
    const m = await newMember(t.key);
    for (const key of [t.key, m.key]) {
      const res = await api('/admin', { key, body: { action: 'tenant-list' } });
      expect(res.status).toBe(403);
      expect(res.body.ok).toBe(false);
    }
    const ok = await api<{ tenants: { id: string }[] }>('/admin', { key: adminKey(), body: { action: 'tenant-list' } });
    expect(ok.status).toBe(200);
    expect(ok.body.tenants.map((x) => x.id)).toContain(t.id);
    // The admin key belongs to no tenant.
    expect((await api('/balance', { key: adminKey() })).status).toBe(403);
  });

  it('stops a tenant key replaced by tenant-rekey on the very next request', async () => {
    const t = await newTenant({ credits: 10 });
    expect((await api('/balance', { key: t.key })).status).toBe(200);
    const rekey = await api<{ api_key: string }>('/admin', {
      key: adminKey(),
      body: { action: 'tenant-rekey', tenant_id: t.id },
    });
    expect(rekey.status).toBe(200);
    expect(rekey.body.api_key).toMatch(/^sk-studio-/);
    const old = await api('/balance', { key: t.key });
    expect(old.status).toBe(403);
    expect(String(old.body.error)).toMatch(/replaced/);
    expect((await api('/balance', { key: rekey.body.api_key })).body).toMatchObject({ ok: true, credits: 10 });
  });

  it('stops a member key at once on rekey and on disable, and restores it on enable', async () => {
    const t = await newTenant();
    const m = await newMember(t.key);
    expect((await api('/balance', { key: m.key })).status).toBe(200);

    const off = await api('/tenant-accounts', {
      key: t.key,
      body: { action: 'toggle', account_id: m.id, disabled: true },
    });
    expect(off.body).toMatchObject({ ok: true, account: { account_id: m.id, disabled: true } });
    const refused = await api('/balance', { key: m.key });
    expect(refused.status).toBe(403);
    expect(String(refused.body.error)).toMatch(/disabled/);

    await api('/tenant-accounts', { key: t.key, body: { action: 'toggle', account_id: m.id, disabled: false } });
    expect((await api('/balance', { key: m.key })).status).toBe(200);

    const rekey = await api<{ account: { api_key: string } }>('/tenant-accounts', {
      key: t.key,
      body: { action: 'rekey', account_id: m.id },
    });
    expect(rekey.status).toBe(200);
    expect((await api('/balance', { key: m.key })).status).toBe(403);
    expect((await api('/balance', { key: rekey.body.account.api_key })).status).toBe(200);
  });
});
