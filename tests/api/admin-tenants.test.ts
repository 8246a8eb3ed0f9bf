import { describe, expect, it } from 'vitest';
import { adminKey, api, newTenant, waitForJob } from '../helpers/api';

interface LedgerRow {
  id: string;
  at: string;
  kind: string;
  category: string | null;
  amount: number;
  balance_after: number;
  note: string | null;
}
interface LedgerPage {
  entries: LedgerRow[];
  next_cursor: string | null;
}
interface AuditRow {
  actor: string;
  action: string;
  target_kind: string | null;
  target_id: string | null;
  tenant_id: string | null;
  body: Record<string, unknown> | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  request_id: string | null;
}
interface AuditPage {
  entries: AuditRow[];
  next_cursor: string | null;
}

const admin = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api('/admin', { key: adminKey(), body, headers });
const ledger = (body: Record<string, unknown>) =>
  api<LedgerPage>('/admin', { key: adminKey(), body: { action: 'tenant-ledger', ...body } });
const audit = (body: Record<string, unknown>) =>
  api<AuditPage>('/admin', { key: adminKey(), body: { action: 'audit-list', ...body } });

describe('tenant ledger (operator)', () => {
  it('lists grants and charges newest first, with balances, and pages by cursor', async () => {
    const t = await newTenant({ credits: 100 });
    expect((await admin({ action: 'tenant-credit', tenant_id: t.id, credits: 40, note: '月度充值' })).status).toBe(200);
    expect((await admin({ action: 'tenant-credit', tenant_id: t.id, credits: -15, note: '更正' })).status).toBe(200);
    const job = await api<{ jobId: string }>('/generate', {
      key: t.key,
      body: { prompt: '一杯咖啡', quality: 'medium' },
    });
    expect((await waitForJob(t.key, job.body.jobId)).status).toBe('done');

    const all = await ledger({ tenant_id: t.id });
    expect(all.status).toBe(200);
    expect(all.body.next_cursor).toBeNull();
    expect(all.body.entries.map((e) => [e.kind, e.category, e.amount, e.balance_after, e.note])).toEqual([
      ['charge', 'image', -2, 123, null],
      ['adjust', null, -15, 125, '更正'],
      ['adjust', null, 40, 140, '月度充值'],
      ['adjust', null, 100, 100, 'opening credits'],
    ]);

    const first = await ledger({ tenant_id: t.id, limit: 3 });
    expect(first.body.entries.map((e) => e.amount)).toEqual([-2, -15, 40]);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await ledger({ tenant_id: t.id, limit: 3, cursor: first.body.next_cursor });
    expect(second.body.entries.map((e) => e.amount)).toEqual([100]);
    expect(second.body.next_cursor).toBeNull();

    // Another tenant's ledger holds none of these rows.
    const other = await newTenant({ credits: 7 });
    expect((await ledger({ tenant_id: other.id })).body.entries.map((e) => e.amount)).toEqual([7]);
    expect((await ledger({ tenant_id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await ledger({ tenant_id: t.id, cursor: 'yesterday' })).status).toBe(400);
    expect((await ledger({ tenant_id: t.id, limit: 0 })).status).toBe(400);
  });

  it('is for the super-administrator key only', async () => {
    const t = await newTenant();
    expect((await api('/admin', { key: t.key, body: { action: 'tenant-ledger', tenant_id: t.id } })).status).toBe(403);
    expect((await api('/admin', { key: t.key, body: { action: 'audit-list' } })).status).toBe(403);
  });
});

describe('audit log', () => {
  it('records each change with actor, target, before and after and the request id, never a secret', async () => {
    const email = `audit-${Date.now()}@shop.cn`;
    const password = 'a secret password 123';
    const created = await api<{ tenant: { id: string }; api_key: string }>('/admin', {
      key: adminKey(),
      headers: { 'x-request-id': 'req-audit-create-1' },
      body: {
        action: 'tenant-create',
        name: '审计租户',
        credits: 50,
        quota_monthly: 900,
        admin_email: email,
        admin_password: password,
      },
    });
    expect(created.status).toBe(200);
    const id = created.body.tenant.id;
    const keys = [created.body.api_key];

    expect(
      (
        await admin(
          { action: 'tenant-credit', tenant_id: id, credits: 25, note: '补发' },
          { 'x-request-id': 'req-audit-credit-2' },
        )
      ).status,
    ).toBe(200);
    expect((await admin({ action: 'tenant-markup', tenant_id: id, markup: 1.5 })).status).toBe(200);
    expect((await admin({ action: 'tenant-toggle', tenant_id: id, disabled: true })).status).toBe(200);
    expect((await admin({ action: 'tenant-toggle', tenant_id: id, disabled: false })).status).toBe(200);
    const rekey = await api<{ api_key: string }>('/admin', {
      key: adminKey(),
      body: { action: 'tenant-rekey', tenant_id: id },
    });
    expect(rekey.status).toBe(200);
    keys.push(rekey.body.api_key);

    const res = await audit({ tenant_id: id });
    expect(res.status).toBe(200);
    const rows = res.body.entries;
    expect(rows.map((r) => r.action)).toEqual([
      'tenant-rekey',
      'tenant-toggle',
      'tenant-toggle',
      'tenant-markup',
      'tenant-credit',
      'tenant-create',
    ]);
    for (const r of rows) {
      expect(r).toMatchObject({ actor: 'admin-key', target_kind: 'tenant', target_id: id, tenant_id: id });
      expect(r.request_id).toEqual(expect.any(String));
    }
    const [rekeyed, enabled, disabled, markup, credit, create] = rows as [
      AuditRow,
      AuditRow,
      AuditRow,
      AuditRow,
      AuditRow,
      AuditRow,
    ];
    expect(create.request_id).toBe('req-audit-create-1');
    expect(create.before).toBeNull();
    expect(create.after).toMatchObject({
      name: '审计租户',
      credits: 50,
      quota_monthly: 900,
      disabled: false,
      api_key: 'issued',
    });
    expect(create.body).toMatchObject({ name: '审计租户', admin_email: email, admin_password: '[redacted]' });
    expect(credit.request_id).toBe('req-audit-credit-2');
    expect(credit.before).toMatchObject({ credits: 50 });
    expect(credit.after).toMatchObject({ credits: 75 });
    expect(credit.body).toMatchObject({ credits: 25, note: '补发' });
    expect([markup.before?.markup, markup.after?.markup]).toEqual([1, 1.5]);
    expect([disabled.before?.disabled, disabled.after?.disabled]).toEqual([false, true]);
    expect([enabled.before?.disabled, enabled.after?.disabled]).toEqual([true, false]);
    expect(rekeyed.after).toMatchObject({ api_key: 'issued' });

    const raw = JSON.stringify(res.body);
    expect(raw).not.toContain(password);
    for (const key of keys) expect(raw).not.toContain(key);
    expect(raw).not.toContain(adminKey());

    // The action filter and the cursor.
    const toggles = await audit({ tenant_id: id, audited_action: 'tenant-toggle' });
    expect(toggles.body.entries).toHaveLength(2);
    const page = await audit({ tenant_id: id, limit: 4 });
    expect(page.body.entries).toHaveLength(4);
    const rest = await audit({ tenant_id: id, limit: 4, cursor: page.body.next_cursor });
    expect(rest.body.entries.map((r) => r.action)).toEqual(['tenant-credit', 'tenant-create']);
    expect(rest.body.next_cursor).toBeNull();
  });

  it('takes its request id from the answer header when the caller sent none', async () => {
    const t = await newTenant();
    const res = await admin({ action: 'tenant-markup', tenant_id: t.id, markup: 2 });
    expect(res.status).toBe(200);
    const [row] = (await audit({ tenant_id: t.id, audited_action: 'tenant-markup' })).body.entries;
    expect(row?.request_id).toBe(res.headers.get('x-request-id'));
  });

  it('does not record reads, refused bodies or failed actions', async () => {
    const t = await newTenant({ credits: 10 });
    const count = async () => (await audit({ tenant_id: t.id })).body.entries.length;
    const start = await count();
    expect(start).toBe(1);
    expect((await admin({ action: 'tenant-list' })).status).toBe(200);
    expect((await ledger({ tenant_id: t.id })).status).toBe(200);
    expect((await admin({ action: 'tenant-credit', tenant_id: t.id, credits: 'lots' })).status).toBe(400);
    expect((await admin({ action: 'tenant-markup', tenant_id: t.id, markup: 1000 })).status).toBe(400);
    expect((await admin({ action: 'tenant-credit', tenant_id: t.id, credits: -11 })).status).toBe(409);
    expect((await admin({ action: 'tenant-bind', tenant_id: t.id, model: 'no-such-family' })).status).toBe(400);
    expect(await count()).toBe(start);
    expect((await audit({ audited_action: 'tenant-list' })).body.entries).toEqual([]);
    expect((await audit({ audited_action: 'audit-list' })).body.entries).toEqual([]);
  });

  it('records bindings and upstream changes with their before and after', async () => {
    const t = await newTenant();
    expect((await admin({ action: 'tenant-bind', tenant_id: t.id, model: 'sim-image-a' })).status).toBe(200);
    const [bind] = (await audit({ tenant_id: t.id, audited_action: 'tenant-bind' })).body.entries;
    expect([bind?.before?.bound_model, bind?.after?.bound_model]).toEqual([null, 'sim-image-a']);

    expect((await admin({ action: 'upstream-update', name: 'sim-image-b', rating: 4.5 })).status).toBe(200);
    expect((await admin({ action: 'upstream-update', name: 'sim-image-b', rating: 3 })).status).toBe(200);
    const [up] = (await audit({ audited_action: 'upstream-update' })).body.entries;
    expect(up).toMatchObject({
      actor: 'admin-key',
      target_kind: 'upstream',
      target_id: 'sim-image-b',
      tenant_id: null,
    });
    expect([up?.before?.rating, up?.after?.rating]).toEqual([4.5, 3]);
  });
});

describe('tenant list (operator)', () => {
  it('shows binding, markup, this month’s use and state', async () => {
    const t = await newTenant({ credits: 30 });
    await admin({ action: 'tenant-markup', tenant_id: t.id, markup: 1.25 });
    const job = await api<{ jobId: string }>('/generate', {
      key: t.key,
      body: { prompt: '一朵花', quality: 'medium' },
    });
    expect((await waitForJob(t.key, job.body.jobId)).status).toBe('done');
    const res = await api<{ tenants: Record<string, unknown>[] }>('/admin', {
      key: adminKey(),
      body: { action: 'tenant-list' },
    });
    const row = res.body.tenants.find((x) => x.id === t.id);
    expect(row).toMatchObject({
      credits: 28,
      quota_monthly: 5000,
      used_month: 2,
      markup: 1.25,
      bound_model: null,
      disabled: false,
      members: 0,
      kind: 'organization',
    });
  });
});
