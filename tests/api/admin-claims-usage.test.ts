import { describe, expect, it } from 'vitest';
import { adminKey, api, newTenant, waitForJob } from '../helpers/api';

interface OperatorClaim {
  code: string;
  claim_url: string;
  tenant: { id: string; name: string };
  credits: number;
  templates: { id: string; slug: string; zh_name: string }[];
  state: 'open' | 'redeemed' | 'disabled';
  created_at: string;
  redeemed_at: string | null;
  redeemed_by: { nickname: string; email: string } | null;
  disabled_at: string | null;
}
interface ClaimList {
  ok: boolean;
  claims: OperatorClaim[];
  next_cursor: string | null;
  error?: string;
}
type Bucket = Record<'image' | 'video' | 'chat' | 'reverse' | 'other' | 'total', number>;
interface PlatformUsage {
  ok: boolean;
  timezone: string;
  days: number;
  since: string;
  tenant: { id: string; name: string } | null;
  totals: Bucket;
  charged_cny: number;
  daily: (Bucket & { date: string })[];
  tenants: { id: string; name: string; totals: Bucket; charged_cny: number }[];
  tenant_daily: { date: string; tenant_id: string; category: string; credits: number }[];
  channels: {
    channel: string;
    provider: string;
    jobs: number;
    attempts: number;
    failures: number;
    failure_rate: number | null;
  }[];
  error?: string;
}

let seq = 0;
const unique = () => `${Date.now().toString(36)}${++seq}`;
const admin = <T>(body: Record<string, unknown>) => api<T>('/admin', { key: adminKey(), body });
const listClaims = (body: Record<string, unknown> = {}) => admin<ClaimList>({ action: 'claim-list', ...body });
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());

async function ownTemplate(key: string, name: string) {
  const res = await api<{ template: { id: string; slug: string } }>('/templates', {
    key,
    body: {
      type: 'image',
      slug: `ops-claims-${unique()}`,
      zh_name: name,
      prompt_template: '为{shop}设计一张海报',
      fields: [{ key: 'shop', label: '店铺名' }],
    },
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.template;
}

async function newClaim(key: string, templateId: string, credits: number) {
  const res = await api<{ code: string }>('/tenant-claims', { key, body: { template_ids: [templateId], credits } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.code;
}

describe('claim codes across tenants (claim-list)', () => {
  it('finds codes by code and by tenant name, filters by state, pages newest first, and disabling returns the credits', async () => {
    const sellerName = `运营检索花店-${unique()}`;
    const seller = await newTenant({ credits: 1000, name: sellerName });
    const other = await newTenant({ credits: 1000, name: `另一家-${unique()}` });
    const tpl = await ownTemplate(seller.key, '开业海报');
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) codes.push(await newClaim(seller.key, tpl.id, 10 + i));
    const otherCode = await newClaim(other.key, (await ownTemplate(other.key, '别家模板')).id, 7);
    const email = `ops-buyer-${unique()}@example.cn`;
    const redeemed = await api('/social-claims', { body: { code: codes[0], nickname: '小周', email } });
    expect(redeemed.status).toBe(200);

    // By tenant name: only this seller's five, newest first, with what each gives.
    const byTenant = await listClaims({ q: sellerName });
    expect(byTenant.status).toBe(200);
    expect(byTenant.body.claims.map((c) => c.code)).toEqual([...codes].reverse());
    const newest = byTenant.body.claims[0];
    expect(newest).toMatchObject({
      tenant: { id: seller.id, name: sellerName },
      credits: 14,
      templates: [{ id: tpl.id, slug: tpl.slug, zh_name: '开业海报' }],
      state: 'open',
      redeemed_by: null,
      disabled_at: null,
    });
    expect(newest?.claim_url).toMatch(new RegExp(`/claim/${newest?.code}$`));
    const oldest = byTenant.body.claims.at(-1);
    expect(oldest).toMatchObject({ code: codes[0], state: 'redeemed', redeemed_by: { nickname: '小周', email } });
    expect(oldest?.redeemed_at).toEqual(expect.any(String));
    expect(JSON.stringify(byTenant.body)).not.toMatch(/password|api_key|sk-studio/i);

    // By code: a part of it, in any case, finds that one code only.
    const byCode = await listClaims({ q: otherCode.slice(2, 14).toLowerCase() });
    expect(byCode.body.claims.map((c) => c.code)).toEqual([otherCode]);
    expect(byCode.body.claims[0]?.tenant.id).toBe(other.id);

    // State filter and tenant_id.
    const open = await listClaims({ tenant_id: seller.id, state: 'open' });
    expect(open.body.claims.map((c) => c.code)).toEqual(codes.slice(1).reverse());
    const done = await listClaims({ tenant_id: seller.id, state: 'redeemed' });
    expect(done.body.claims.map((c) => c.code)).toEqual([codes[0]]);

    // Paging: two at a time through all five, each once, in order.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof listClaims>> = await listClaims({
        tenant_id: seller.id,
        limit: 2,
        ...(cursor ? { cursor } : {}),
      });
      expect(page.body.claims.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.claims.map((c) => c.code));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...codes].reverse());

    // Disabling an open code answers the credits returned; the list then shows it disabled.
    const before = (await api<{ credits: number }>('/balance', { key: seller.key })).body.credits;
    const target = codes[2] ?? '';
    const disabled = await admin<{ claim: { code: string; state: string; credits_returned: number } }>({
      action: 'social-claim-disable',
      code: target,
    });
    expect(disabled.status).toBe(200);
    expect(disabled.body.claim).toEqual({ code: target, state: 'disabled', credits_returned: 12 });
    expect((await api<{ credits: number }>('/balance', { key: seller.key })).body.credits).toBe(before + 12);
    const after = await listClaims({ q: target });
    expect(after.body.claims).toHaveLength(1);
    expect(after.body.claims[0]).toMatchObject({ code: target, state: 'disabled', disabled_at: expect.any(String) });
    expect((await listClaims({ tenant_id: seller.id, state: 'disabled' })).body.claims.map((c) => c.code)).toEqual([
      target,
    ]);
    expect((await listClaims({ tenant_id: seller.id, state: 'open' })).body.claims).toHaveLength(3);
  });

  it('refuses bad input with 400, an unknown tenant with 404, and anyone but the operator', async () => {
    const t = await newTenant();
    for (const body of [
      { state: 'gone' },
      { limit: 0 },
      { limit: 101 },
      { tenant_id: 'nope' },
      { cursor: 'yesterday' },
      { extra: 1 },
    ]) {
      const res = await listClaims(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ ok: false });
    }
    expect((await listClaims({ tenant_id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await api('/admin', { key: t.key, body: { action: 'claim-list' } })).status).toBe(403);
    expect((await api('/admin', { body: { action: 'claim-list' } })).status).toBe(401);
  });
});

describe('platform usage (platform-usage)', () => {
  it('shows the credits of image jobs and a chat call under their tenant, category and day, and the channels’ attempts', async () => {
    const name = `平台用量租户-${unique()}`;
    const t = await newTenant({ credits: 1000, name });
    const jobs: string[] = [];
    for (const prompt of ['一杯拿铁', '一盆绿萝']) {
      const res = await api<{ jobId: string }>('/generate', { key: t.key, body: { prompt, quality: 'high' } });
      expect(res.status).toBe(200);
      expect((await waitForJob(t.key, res.body.jobId)).status).toBe('done');
      jobs.push(res.body.jobId);
    }
    const chat = await api('/chat', {
      key: t.key,
      body: { model: 'studio-auto', messages: [{ role: 'user', content: '写一句咖啡店的开业文案' }] },
    });
    expect(chat.status).toBe(200);
    const chatCredits = Number(chat.headers.get('x-studio-credits'));
    expect(chatCredits).toBeGreaterThan(0);

    // The tenant's own report is what the operator's must agree with.
    const own = (await api<{ totals: Bucket }>('/tenant-usage?days=1', { key: t.key })).body.totals;
    expect(own.chat).toBe(chatCredits);
    expect(own.image).toBeGreaterThan(0);

    const all = await admin<PlatformUsage>({ action: 'platform-usage' });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ ok: true, timezone: 'Asia/Shanghai', days: 30, tenant: null });
    expect(all.body.daily).toHaveLength(30);
    expect(all.body.daily.at(-1)?.date).toBe(today());
    const row = all.body.tenants.find((x) => x.id === t.id);
    expect(row).toMatchObject({ name, totals: { ...own } });
    expect(row?.charged_cny).toBeGreaterThan(0);
    expect(all.body.tenant_daily.filter((c) => c.tenant_id === t.id)).toEqual(
      expect.arrayContaining([
        { date: today(), tenant_id: t.id, category: 'image', credits: own.image },
        { date: today(), tenant_id: t.id, category: 'chat', credits: chatCredits },
      ]),
    );
    expect(all.body.totals.total).toBeGreaterThanOrEqual(own.total);

    // Narrowed to the tenant: its figures alone, and the channels that served its jobs and the chat.
    const mine = await admin<PlatformUsage>({ action: 'platform-usage', tenant_id: t.id, days: 7 });
    expect(mine.status).toBe(200);
    expect(mine.body.tenant).toEqual({ id: t.id, name });
    expect(mine.body.daily).toHaveLength(7);
    expect(mine.body.totals).toEqual({ ...own, article: 0 });
    expect(mine.body.daily.at(-1)).toEqual({ date: today(), ...own, article: 0 });
    expect(mine.body.tenants.map((x) => x.id)).toEqual([t.id]);
    const attempts = (
      await admin<{ attempts: { channel: string; ref: string | null; ok: boolean }[] }>({
        action: 'upstream-attempts',
        limit: 1000,
      })
    ).body.attempts;
    const jobChannel = attempts.find((a) => a.ref === jobs[0] && a.ok)?.channel;
    expect(jobChannel).toBeTruthy();
    const served = mine.body.channels.find((c) => c.channel === jobChannel);
    expect(served?.jobs).toBeGreaterThanOrEqual(1);
    expect(served?.attempts).toBeGreaterThanOrEqual(served?.jobs ?? 1);
    const total = mine.body.channels.reduce((sum, c) => sum + c.jobs, 0);
    expect(total).toBeGreaterThanOrEqual(3); // two image jobs and one chat request
    for (const c of mine.body.channels)
      expect(c.failure_rate).toBe(c.attempts ? Math.round((c.failures / c.attempts) * 10_000) / 10_000 : null);
  });

  it('refuses a window outside 1-366 days, an unknown tenant, and anyone but the operator', async () => {
    const t = await newTenant();
    for (const days of [0, 367, 2.5, '30']) {
      const res = await admin<PlatformUsage>({ action: 'platform-usage', days });
      expect(res.status, String(days)).toBe(400);
      expect(res.body.error).toMatch(/days/);
    }
    expect((await admin({ action: 'platform-usage', days: 366 })).status).toBe(200);
    expect((await admin({ action: 'platform-usage', tenant_id: '00000000-0000-4000-8000-000000000000' })).status).toBe(
      404,
    );
    expect((await api('/admin', { key: t.key, body: { action: 'platform-usage' } })).status).toBe(403);
  });
});
