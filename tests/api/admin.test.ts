import { describe, expect, it } from 'vitest';
import { adminKey, api, newTenant } from '../helpers/api';

describe('operator API', () => {
  it('creates a tenant with its key, credits and console login', async () => {
    const res = await api<{ tenant: Record<string, unknown>; api_key: string }>('/admin', {
      key: adminKey(),
      body: {
        action: 'tenant-create',
        name: '杭州小店 Hangzhou',
        credits: 2500,
        quota_monthly: 8000,
        admin_email: `owner-${Date.now()}@shop.cn`,
        admin_password: 'a long password',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.tenant).toMatchObject({ name: '杭州小店 Hangzhou', credits: 2500, quota_monthly: 8000 });
    expect(res.body.api_key).toMatch(/^sk-studio-[A-Za-z0-9]{40}$/);
    const bal = await api('/balance', { key: res.body.api_key });
    expect(bal.body).toEqual({ ok: true, credits: 2500, pool: 'tenant' });
  });

  it('refuses a second tenant with the same console login email', async () => {
    const email = `dup-${Date.now()}@shop.cn`;
    await newTenant({ email });
    const again = await api('/admin', {
      key: adminKey(),
      body: { action: 'tenant-create', name: 'Other', admin_email: email, admin_password: 'another password' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(email);
  });

  it('adjusts credits by a signed delta and never below zero', async () => {
    const t = await newTenant({ credits: 100 });
    const up = await api('/admin', {
      key: adminKey(),
      body: { action: 'tenant-credit', tenant_id: t.id, credits: 50, note: '充值' },
    });
    expect(up.body).toMatchObject({ ok: true, credits: 150 });
    const down = await api('/admin', {
      key: adminKey(),
      body: { action: 'tenant-credit', tenant_id: t.id, credits: -30 },
    });
    expect(down.body).toMatchObject({ credits: 120 });
    const tooMuch = await api('/admin', {
      key: adminKey(),
      body: { action: 'tenant-credit', tenant_id: t.id, credits: -121 },
    });
    expect(tooMuch.status).toBe(409);
    expect((await api('/balance', { key: t.key })).body).toMatchObject({ credits: 120 });
    const unknown = await api('/admin', {
      key: adminKey(),
      body: { action: 'tenant-credit', tenant_id: '00000000-0000-4000-8000-000000000000', credits: 5 },
    });
    expect(unknown.status).toBe(404);
  });

  it('rejects unknown fields in an action body', async () => {
    const res = await api('/admin', { key: adminKey(), body: { action: 'tenant-list', surprise: 1 } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/surprise/);
  });
});
