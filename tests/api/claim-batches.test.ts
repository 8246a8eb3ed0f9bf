import { describe, expect, it } from 'vitest';
import { adminKey, api, newTenant } from '../helpers/api';

interface Batch {
  id: string;
  note: string;
  credits: number;
  count: number;
  templates: { id: string; slug: string; zh_name: string; exclusive: boolean }[];
  product_copy: string;
  reply_text: string;
  counts: { open: number; redeemed: number; disabled: number };
  disabled_at: string | null;
}
interface Created {
  batch: Batch;
  codes: string[];
  credits_balance_after: number;
  error?: string;
  reason?: string;
}
interface BatchCodes {
  batch: Batch;
  codes: { code: string; claim_url: string; state: string; reply_text: string; redeemed_by: unknown }[];
}
interface Csv {
  filename: string;
  content_type: string;
  csv: string;
}

let seq = 0;
const email = () => `batch-buyer-${Date.now().toString(36)}-${++seq}@example.cn`;

async function ownTemplate(key: string) {
  const res = await api<{ template: { id: string } }>('/templates', {
    key,
    body: {
      type: 'image',
      slug: `batch-tpl-${Date.now().toString(36)}-${++seq}`,
      zh_name: '专属头像模板',
      prompt_template: '把{name}画成水彩头像',
      fields: [{ key: 'name', label: '名字' }],
    },
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.template;
}

const createBatch = (key: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api<Created>('/tenant-claim-batches', { key, body, headers });
const balance = async (key: string) => (await api<{ credits: number }>('/balance', { key })).body.credits;
const redeem = (code: string, nickname = '买家') =>
  api<{ ok: boolean }>('/social-claims', { body: { code, nickname, email: email(), password: 'a good password 1' } });

describe('claim batches', () => {
  it('makes 50 codes in one transaction: one ledger row for all the credits, every code unique and open', async () => {
    const seller = await newTenant({ credits: 1000, name: '批量小店' });
    const mine = await ownTemplate(seller.key);
    const res = await createBatch(seller.key, {
      count: 50,
      credits: 20,
      template_ids: [mine.id],
      note: '淘宝订单 1001-1050',
    });
    expect(res.status).toBe(200);
    expect(res.body.codes).toHaveLength(50);
    expect(new Set(res.body.codes).size).toBe(50);
    expect(res.body.credits_balance_after).toBe(0);
    expect(await balance(seller.key)).toBe(0);
    expect(res.body.batch).toMatchObject({ count: 50, credits: 20, note: '淘宝订单 1001-1050' });
    expect(res.body.batch.counts).toEqual({ open: 50, redeemed: 0, disabled: 0 });
    // The copy is the batch's; the reply names where each buyer's own link goes.
    expect(res.body.batch.product_copy).toMatch(/^【批量小店 提供】/);
    expect(res.body.batch.product_copy).toContain('1 款专属模板：「专属头像模板」');
    expect(res.body.batch.reply_text).toContain('领取链接：{领取链接}');

    const ledger = await api<{ entries: { kind: string; amount: number; ref: string | null }[] }>('/admin', {
      key: adminKey(),
      body: { action: 'tenant-ledger', tenant_id: seller.id },
    });
    const claimRows = ledger.body.entries.filter((e) => e.kind === 'claim');
    expect(claimRows).toEqual([expect.objectContaining({ amount: -1000, ref: `claim-batch:${res.body.batch.id}` })]);

    const view = await api<BatchCodes>(`/tenant-claim-batches/codes?id=${res.body.batch.id}`, { key: seller.key });
    expect(view.status).toBe(200);
    expect(view.body.codes.map((c) => c.code).sort()).toEqual([...res.body.codes].sort());
    const first = view.body.codes[0];
    expect(first?.reply_text).toContain(first?.claim_url ?? 'missing');
    // The single-code list shows the batch's codes too.
    const single = await api<{ claims: unknown[] }>('/tenant-claims?limit=100', { key: seller.key });
    expect(single.body.claims).toHaveLength(50);
  });

  it('refuses a batch the pool cannot pay for with 402 and makes nothing; bad counts are 400', async () => {
    const seller = await newTenant({ credits: 99 });
    const mine = await ownTemplate(seller.key);
    const short = await createBatch(seller.key, { count: 10, credits: 10, template_ids: [mine.id] });
    expect(short.status).toBe(402);
    expect(short.body.reason).toBe('insufficient_credits');
    expect(short.body.error).toMatch(/10 codes × 10 credits need 100, the tenant has 99/);
    expect(await balance(seller.key)).toBe(99);
    const batches = await api<{ batches: Batch[] }>('/tenant-claim-batches', { key: seller.key });
    expect(batches.body.batches).toEqual([]);
    expect((await api<{ claims: unknown[] }>('/tenant-claims', { key: seller.key })).body.claims).toEqual([]);

    for (const count of [0, 501, 2.5, '3']) {
      const bad = await createBatch(seller.key, { count, credits: 1, template_ids: [mine.id] });
      expect(bad.status, `count ${String(count)}`).toBe(400);
    }
    expect(await balance(seller.key)).toBe(99);
  });

  it('answers a retry with the same Idempotency-Key with the same batch, and refuses the key with another body', async () => {
    const seller = await newTenant({ credits: 100 });
    const mine = await ownTemplate(seller.key);
    const body = { count: 3, credits: 10, template_ids: [mine.id] };
    const headers = { 'idempotency-key': `batch-${Date.now()}` };
    const first = await createBatch(seller.key, body, headers);
    const again = await createBatch(seller.key, body, headers);
    expect(again.status).toBe(200);
    expect(again.body.batch.id).toBe(first.body.batch.id);
    expect([...again.body.codes].sort()).toEqual([...first.body.codes].sort());
    expect(await balance(seller.key)).toBe(70);
    const other = await createBatch(seller.key, { ...body, count: 4 }, headers);
    expect(other.status).toBe(409);
    expect(await balance(seller.key)).toBe(70);
  });

  it('exports the batch as CSV with a byte order mark, Shanghai times and escaped buyer names', async () => {
    const seller = await newTenant({ credits: 100 });
    const mine = await ownTemplate(seller.key);
    const made = (await createBatch(seller.key, { count: 3, credits: 5, template_ids: [mine.id] })).body;
    const [a] = made.codes;
    if (!a) throw new Error('no code');
    // A buyer's nickname with a comma, a quote and a leading '=' must stay one harmless cell.
    expect((await redeem(a, '=张,"三"')).status).toBe(200);
    const res = await api<Csv>(`/tenant-claim-batches/csv?id=${made.batch.id}`, { key: seller.key });
    expect(res.status).toBe(200);
    expect(res.body.content_type).toBe('text/csv; charset=utf-8');
    expect(res.body.filename).toMatch(/^claim-codes-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.csv$/);
    expect(res.body.csv.charCodeAt(0)).toBe(0xfeff);
    const lines = res.body.csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('code,link,credits,state,redeemed_by,redeemed_at');
    expect(lines).toHaveLength(5); // header, 3 codes, the empty string after the last CRLF
    const row = lines.find((l) => l.startsWith(a));
    expect(row).toMatch(
      new RegExp(
        `^${a},http[^,]+/claim/${a},5,redeemed,"'=张,""三"" <batch-buyer-[^>]+>",\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$`,
      ),
    );
    const when = row?.split(',').at(-1) ?? '';
    const shanghai = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect(when.slice(0, 10)).toBe(shanghai);
    expect(lines.filter((l) => l.endsWith(',5,open,,'))).toHaveLength(2);
  });

  it('keeps each tenant to its own batches: another tenant’s id is 404, a member key 403', async () => {
    const seller = await newTenant({ credits: 100 });
    const other = await newTenant({ credits: 100 });
    const mine = await ownTemplate(seller.key);
    const made = (await createBatch(seller.key, { count: 2, credits: 5, template_ids: [mine.id] })).body;
    expect((await api(`/tenant-claim-batches/codes?id=${made.batch.id}`, { key: other.key })).status).toBe(404);
    expect((await api(`/tenant-claim-batches/csv?id=${made.batch.id}`, { key: other.key })).status).toBe(404);
    expect((await api<{ batches: Batch[] }>('/tenant-claim-batches', { key: other.key })).body.batches).toEqual([]);
    expect((await api('/tenant-claim-batches/codes?id=not-a-uuid', { key: seller.key })).status).toBe(400);
    // Another tenant's template cannot be put in a batch.
    expect((await createBatch(other.key, { count: 1, credits: 1, template_ids: [mine.id] })).status).toBe(400);
    expect((await api('/tenant-claim-batches')).status).toBe(401);
  });

  it('lets the operator disable a whole batch: open codes return their credits, redeemed ones stay, audited', async () => {
    const seller = await newTenant({ credits: 100 });
    const mine = await ownTemplate(seller.key);
    const made = (await createBatch(seller.key, { count: 4, credits: 10, template_ids: [mine.id], note: '单号 7-10' }))
      .body;
    const [sold] = made.codes;
    if (!sold) throw new Error('no code');
    expect((await redeem(sold)).status).toBe(200);
    expect(await balance(seller.key)).toBe(60);

    const disable = (key: string) =>
      api<{ batch: { codes_disabled: number; credits_returned: number; redeemed: number } }>('/admin', {
        key,
        body: { action: 'claim-batch-disable', batch_id: made.batch.id },
      });
    expect((await disable(seller.key)).status).toBe(403);
    const off = await disable(adminKey());
    expect(off.status).toBe(200);
    expect(off.body.batch).toMatchObject({ codes_disabled: 3, credits_returned: 30, redeemed: 1 });
    expect(await balance(seller.key)).toBe(90);
    expect((await disable(adminKey())).body.batch).toMatchObject({ codes_disabled: 0, credits_returned: 0 });
    expect(await balance(seller.key)).toBe(90);

    const view = await api<BatchCodes>(`/tenant-claim-batches/codes?id=${made.batch.id}`, { key: seller.key });
    expect(view.body.batch.counts).toEqual({ open: 0, redeemed: 1, disabled: 3 });
    expect(view.body.batch.disabled_at).not.toBeNull();
    const left = made.codes.find((c) => c !== sold) ?? '';
    expect((await redeem(left)).status).toBe(409);

    const audit = await api<{ entries: { action: string; target_kind: string | null; target_id: string | null }[] }>(
      '/admin',
      { key: adminKey(), body: { action: 'audit-list', audited_action: 'claim-batch-disable', tenant_id: seller.id } },
    );
    expect(audit.body.entries[0]).toMatchObject({ target_kind: 'claim-batch', target_id: made.batch.id });
    const listed = await api<{ claims: { batch: { id: string; note: string } | null }[] }>('/admin', {
      key: adminKey(),
      body: { action: 'claim-list', tenant_id: seller.id },
    });
    expect(listed.body.claims.every((c) => c.batch?.id === made.batch.id && c.batch.note === '单号 7-10')).toBe(true);
    const unknown = await api('/admin', {
      key: adminKey(),
      body: { action: 'claim-batch-disable', batch_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
  });
});
