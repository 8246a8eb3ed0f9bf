import { describe, expect, it } from 'vitest';
import { api, newMember, newTenant } from '../helpers/api';

interface Pool {
  allocatable: number;
  reserved: number;
  total: number;
}

describe('member accounts and the pool', () => {
  it('lists accounts with their plain-text keys', async () => {
    const t = await newTenant();
    const m = await newMember(t.key, { nickname: '设计师小李' });
    const list = await api<{ accounts: { account_id: string; api_key: string; nickname: string; mode: string }[] }>(
      '/tenant-accounts',
      { key: t.key },
    );
    expect(list.status).toBe(200);
    expect(list.body.accounts).toEqual([
      expect.objectContaining({ account_id: m.id, api_key: m.key, nickname: '设计师小李', mode: 'shared' }),
    ]);
  });

  it('moves dedicated credits between the pool and the member, as an absolute overwrite', async () => {
    const t = await newTenant({ credits: 1000 });
    const m = await newMember(t.key, { credits: 300 });
    expect((await api<Pool>('/tenant-pool', { key: t.key })).body).toMatchObject({
      allocatable: 700,
      reserved: 300,
      total: 1000,
    });
    expect((await api('/balance', { key: m.key })).body).toEqual({ ok: true, credits: 300, pool: 'dedicated' });

    const lower = await api('/tenant-accounts', {
      key: t.key,
      body: { action: 'set-quota', account_id: m.id, credits: 100 },
    });
    expect(lower.body).toMatchObject({ ok: true, account: { mode: 'dedicated', credits: 100 }, allocatable: 900 });

    // The maximum is allocatable + the member's current credits: 900 + 100.
    const tooMuch = await api('/tenant-accounts', {
      key: t.key,
      body: { action: 'set-quota', account_id: m.id, credits: 1001 },
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toMatch(/Allocatable credits are insufficient/);
    expect(tooMuch.body.error).toMatch(/1000/);
    const max = await api('/tenant-accounts', {
      key: t.key,
      body: { action: 'set-quota', account_id: m.id, credits: 1000 },
    });
    expect(max.body).toMatchObject({ allocatable: 0 });

    const shared = await api('/tenant-accounts', {
      key: t.key,
      body: { action: 'set-quota', account_id: m.id, shared: true },
    });
    expect(shared.body).toMatchObject({ account: { mode: 'shared', credits: null }, allocatable: 1000 });
    expect((await api<Pool>('/tenant-pool', { key: t.key })).body).toMatchObject({
      allocatable: 1000,
      reserved: 0,
      total: 1000,
    });
  });

  it('refuses dedicated credits above the allocatable amount at creation', async () => {
    const t = await newTenant({ credits: 50 });
    const res = await api('/tenant-accounts', {
      key: t.key,
      body: { action: 'create', email: 'big@x.cn', nickname: 'big', credits: 51 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/Allocatable credits are insufficient/);
    // Nothing was half-written: no account, no reservation.
    expect((await api<{ accounts: unknown[] }>('/tenant-accounts', { key: t.key })).body.accounts).toHaveLength(0);
    expect((await api<Pool>('/tenant-pool', { key: t.key })).body).toMatchObject({ allocatable: 50, reserved: 0 });
  });

  it('refuses a duplicate email in one tenant but allows it in another', async () => {
    const a = await newTenant();
    const b = await newTenant();
    const body = { action: 'create', email: 'Same@Example.cn', nickname: '同名' };
    expect((await api('/tenant-accounts', { key: a.key, body })).status).toBe(200);
    const dup = await api('/tenant-accounts', { key: a.key, body: { ...body, email: 'same@example.cn' } });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatch(/already exists/);
    expect((await api('/tenant-accounts', { key: b.key, body })).status).toBe(200);
  });

  it("answers 404 for another tenant's account in every action", async () => {
    const a = await newTenant();
    const b = await newTenant();
    const m = await newMember(a.key);
    for (const body of [
      { action: 'set-quota', account_id: m.id, credits: 1 },
      { action: 'rekey', account_id: m.id },
      { action: 'toggle', account_id: m.id, disabled: true },
    ]) {
      const res = await api('/tenant-accounts', { key: b.key, body });
      expect(res.status, body.action).toBe(404);
      expect(res.body.ok).toBe(false);
    }
    expect((await api('/balance', { key: m.key })).status).toBe(200);
  });

  it('rejects malformed actions with 400', async () => {
    const t = await newTenant();
    expect((await api('/tenant-accounts', { key: t.key, body: { action: 'explode' } })).status).toBe(400);
    expect(
      (await api('/tenant-accounts', { key: t.key, body: { action: 'create', email: 'not-an-email', nickname: 'x' } }))
        .status,
    ).toBe(400);
    const both = await api('/tenant-accounts', {
      key: t.key,
      body: { action: 'create', email: 'both@x.cn', nickname: 'x', shared: true, credits: 5 },
    });
    expect(both.status).toBe(400);
    const neg = await api('/tenant-accounts', {
      key: t.key,
      body: { action: 'create', email: 'neg@x.cn', nickname: 'x', credits: -5 },
    });
    expect(neg.status).toBe(400);
  });
});
