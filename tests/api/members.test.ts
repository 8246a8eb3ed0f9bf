import { afterEach, describe, expect, it } from 'vitest';
import { adminKey, api, newMember, newTenant, sim } from '../helpers/api';

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

describe('refunds of work started before set-quota switched the wallet', () => {
  interface Member {
    account_id: string;
    mode: string;
    credits: number | null;
    spent: number;
  }
  interface LedgerPage {
    entries: { kind: string; amount: number; account_id: string | null; ref: string | null }[];
    next_cursor: string | null;
  }
  const MINI = 'videomodel-2-0-mini-260801'; // 1 credit a second

  afterEach(async () => {
    await sim('/__sim/reset', { method: 'POST' });
  });

  /** A 4-credit video of `key` that stays running upstream until it is cancelled. */
  async function runningVideo(key: string): Promise<string> {
    for (const channel of ['sim-video-a', 'sim-video-b'])
      await sim('/__sim/config', { json: { channel, latency_ms: 60_000, queued_percent: 0 } });
    const res = await api<{ id: string }>('/videos', { key, body: { prompt: '退款测试', model: MINI, duration: 4 } });
    expect(res.status).toBe(200);
    for (let i = 0; i < 200; i++) {
      const task = await api<{ task: { state: string } }>(`/videos?id=${res.body.id}`, { key });
      if (task.body.task.state === 'running') return res.body.id;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the video did not start');
  }

  const setQuota = (key: string, body: Record<string, unknown>) =>
    api<{ account: { mode: string; credits: number | null }; allocatable: number }>('/tenant-accounts', {
      key,
      body: { action: 'set-quota', ...body },
    });

  /**
   * What the tenant is shown: the pool, the member, the member's balance and the month's usage; and
   * the operator's ledger of the tenant, which sums to exactly those balances, wallet by wallet.
   */
  async function shown(t: { id: string; key: string }, m: { id: string; key: string }) {
    const pool = (await api<Pool>('/tenant-pool', { key: t.key })).body;
    const list = (await api<{ accounts: Member[] }>('/tenant-accounts', { key: t.key })).body.accounts;
    const member = list.find((a) => a.account_id === m.id);
    const balance = (await api<{ credits: number; pool: string }>('/balance', { key: m.key })).body;
    const usage = (await api<{ totals: { video: number; total: number } }>('/tenant-usage', { key: t.key })).body;
    const ledger = await api<LedgerPage>('/admin', {
      key: adminKey(),
      body: { action: 'tenant-ledger', tenant_id: t.id, limit: 200 },
    });
    expect(ledger.body.next_cursor).toBeNull();
    const sumOf = (account: string | null) =>
      ledger.body.entries.filter((e) => e.account_id === account).reduce((s, e) => s + e.amount, 0);
    expect(sumOf(null)).toBe(pool.allocatable);
    expect(sumOf(m.id)).toBe(member?.credits ?? 0);
    expect(pool.reserved).toBe(member?.credits ?? 0);
    return { pool, member, balance, usage, ledger: ledger.body.entries };
  }

  it("gives a dedicated member's cancelled video back to the pool after a switch to shared", async () => {
    const t = await newTenant({ credits: 500 });
    const m = await newMember(t.key, { credits: 100 });
    const video = await runningVideo(m.key);
    expect((await shown(t, m)).pool).toMatchObject({ allocatable: 400, reserved: 96, total: 496 });

    const shared = await setQuota(t.key, { account_id: m.id, shared: true });
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ account: { mode: 'shared', credits: null }, allocatable: 496 });

    const del = await api(`/videos?id=${video}`, { key: m.key, method: 'DELETE' });
    expect(del.status).toBe(200);
    const after = await shown(t, m);
    expect(after.pool).toMatchObject({ allocatable: 500, reserved: 0, total: 500 });
    expect(after.member).toMatchObject({ mode: 'shared', credits: null, spent: 0 });
    expect(after.balance).toMatchObject({ credits: 500, pool: 'tenant' });
    expect(after.usage.totals).toMatchObject({ video: 0, total: 0 });
    expect(after.ledger.filter((e) => e.ref === video)).toEqual([
      expect.objectContaining({ kind: 'refund', amount: 4, account_id: null }),
      expect.objectContaining({ kind: 'charge', amount: -4, account_id: m.id }),
    ]);
  });

  it("gives a shared member's cancelled video back to the pool after a switch to dedicated, keeping the quota set", async () => {
    const t = await newTenant({ credits: 500 });
    const m = await newMember(t.key, { shared: true });
    const video = await runningVideo(m.key);
    expect((await shown(t, m)).pool).toMatchObject({ allocatable: 496, reserved: 0, total: 496 });

    const dedicated = await setQuota(t.key, { account_id: m.id, credits: 50 });
    expect(dedicated.body).toMatchObject({ account: { mode: 'dedicated', credits: 50 }, allocatable: 446 });

    expect((await api(`/videos?id=${video}`, { key: m.key, method: 'DELETE' })).status).toBe(200);
    const after = await shown(t, m);
    expect(after.pool).toMatchObject({ allocatable: 450, reserved: 50, total: 500 });
    expect(after.member).toMatchObject({ mode: 'dedicated', credits: 50, spent: 0 });
    expect(after.balance).toMatchObject({ credits: 50, pool: 'dedicated' });
    expect(after.usage.totals).toMatchObject({ video: 0, total: 0 });
  });
});
