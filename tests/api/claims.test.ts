import { describe, expect, inject, it } from 'vitest';
import { adminKey, api, newMember, newTenant, waitForJob } from '../helpers/api';

interface Claim {
  ok: boolean;
  code: string;
  claim_url: string;
  reply_text: string;
  product_copy: string;
  product_images: string[];
  credits: number;
  templates: { slug: string; zh_name: string }[];
  tutorial_pdf: { url: string; title: string } | null;
  credits_balance_after: number;
  note: string;
  error?: string;
}
interface Redeemed {
  ok: boolean;
  code: string;
  credits_granted: number;
  templates: { slug: string; zh_name: string }[];
  account: { email: string; nickname: string | null; credits: number | null; created: boolean };
  sign_in: { url: string; email: string; password: string | null; hint: string };
  api_key: string | null;
  error?: string;
}
interface Template {
  id: string;
  slug: string;
  gated: boolean;
  locked: boolean;
  source: string;
  prompt_template: string | null;
  fields: { key: string }[] | null;
}

let seq = 0;
const email = () => `buyer-${Date.now().toString(36)}-${++seq}@example.cn`;

async function ownTemplate(key: string) {
  const res = await api<{ template: Template }>('/templates', {
    key,
    body: {
      type: 'image',
      slug: `claim-tpl-${Date.now().toString(36)}-${++seq}`,
      zh_name: '专属海报模板',
      prompt_template: '为{shop}设计一张开业海报，喜庆的红色',
      fields: [{ key: 'shop', label: '店铺名' }],
      sample_images: ['https://cdn.example.com/sample-poster.png'],
    },
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.template;
}

async function platformTemplate(key: string, gated: boolean) {
  const list = await api<{ templates: Template[] }>('/templates?type=image&source=platform', { key });
  const t = list.body.templates.find((x) => x.gated === gated);
  if (!t) throw new Error('no such platform template');
  return t;
}

const createClaim = (key: string, body: Record<string, unknown>) => api<Claim>('/tenant-claims', { key, body });
const balance = async (key: string) => (await api<{ credits: number }>('/balance', { key })).body.credits;

describe('creating claim codes', () => {
  it('takes the credits, answers the whole claim, and gates the tenant’s own templates', async () => {
    const t = await newTenant({ credits: 500, name: '花漾小店' });
    const mine = await ownTemplate(t.key);
    const shared = await platformTemplate(t.key, false);
    const res = await createClaim(t.key, {
      template_ids: [mine.id, shared.id],
      credits: 120,
      note: '淘宝订单 20261121-001',
      tutorial_pdf_url: 'https://cdn.example.com/tutorial.pdf',
    });
    expect(res.status).toBe(200);
    const c = res.body;
    expect(c.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{20}$/);
    expect(c.claim_url).toBe(`${inject('apiBase')}/claim/${c.code}`);
    expect(c.product_copy.startsWith('【花漾小店 提供】')).toBe(true);
    expect(c.reply_text).toContain(c.claim_url);
    expect(c).toMatchObject({
      credits: 120,
      credits_balance_after: 380,
      note: '淘宝订单 20261121-001',
      templates: [
        { slug: mine.slug, zh_name: '专属海报模板' },
        { slug: shared.slug, zh_name: expect.any(String) },
      ],
      tutorial_pdf: { url: 'https://cdn.example.com/tutorial.pdf', title: 'AI生图核心技巧（教程PDF）' },
    });
    expect(c.product_images).toContain('https://cdn.example.com/sample-poster.png');
    expect(await balance(t.key)).toBe(380);

    const list = await api<{ templates: Template[] }>('/templates?source=all', { key: t.key });
    expect(list.body.templates.find((x) => x.id === mine.id)?.gated).toBe(true);
    expect(list.body.templates.find((x) => x.id === shared.id)?.gated).toBe(false);

    const noPdf = await createClaim(t.key, { template_ids: [mine.id], credits: 1 });
    expect(noPdf.body.tutorial_pdf).toBeNull();
    expect(noPdf.body.note).toBe('');
  });

  it('refuses bad input with 400, a short pool with 409, and members with 403, taking nothing', async () => {
    const t = await newTenant({ credits: 50 });
    const other = await newTenant();
    const mine = await ownTemplate(t.key);
    const theirs = await ownTemplate(other.key);
    const cases: [Record<string, unknown> | string, number, RegExp][] = [
      [{ template_ids: [], credits: 10 }, 400, /template_ids/],
      [{ credits: 10 }, 400, /template_ids/],
      [{ template_ids: [theirs.id], credits: 10 }, 400, /neither your template nor a platform-shared template/],
      [{ template_ids: ['not-an-id'], credits: 10 }, 400, /template_ids/],
      [{ template_ids: [mine.id], credits: 0 }, 400, /credits/],
      [{ template_ids: [mine.id], credits: -5 }, 400, /credits/],
      [{ template_ids: [mine.id], credits: 2.5 }, 400, /credits/],
      [{ template_ids: [mine.id], credits: '2.5' }, 400, /credits/],
      [{ template_ids: [mine.id], credits: 51 }, 409, /Not enough credits/],
      ['{"template_ids": [', 400, /not valid JSON/],
    ];
    for (const [body, status, error] of cases) {
      const res =
        typeof body === 'string'
          ? await api<Claim>('/tenant-claims', { key: t.key, rawBody: body })
          : await createClaim(t.key, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error).toMatch(error);
    }
    const member = await newMember(t.key);
    expect((await createClaim(member.key, { template_ids: [mine.id], credits: 1 })).status).toBe(403);
    expect((await api('/tenant-claims', { key: member.key })).status).toBe(403);
    expect(await balance(t.key)).toBe(50);
    const list = await api<{ templates: Template[] }>(`/templates?slug=${mine.slug}`, { key: t.key });
    expect(list.body.templates[0]?.gated).toBe(false);
  });
});

describe('redeeming on the public endpoints', () => {
  it('previews without a key, redeems once into a platform account with the credits and unlocked templates', async () => {
    const seller = await newTenant({ credits: 300, name: '星河设计' });
    const mine = await ownTemplate(seller.key);
    const gatedPlatform = await platformTemplate(seller.key, true);
    const claim = (await createClaim(seller.key, { template_ids: [mine.id, gatedPlatform.id], credits: 40 })).body;

    const preview = await api<{ state: string; provider: string; credits: number; templates: { slug: string }[] }>(
      `/social-claims?code=${claim.code}`,
    );
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      ok: true,
      code: claim.code,
      state: 'open',
      provider: '星河设计',
      credits: 40,
    });
    expect(preview.body.templates.map((x) => x.slug)).toEqual([mine.slug, gatedPlatform.slug]);
    expect(JSON.stringify(preview.body)).not.toContain('为{shop}设计');
    expect((await api(`/social-claims?code=${'Z'.repeat(20)}`)).status).toBe(404);

    const buyerEmail = email();
    const res = await api<Redeemed>('/social-claims', {
      body: { code: claim.code, nickname: '小林', email: buyerEmail },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ok: true,
      code: claim.code,
      credits_granted: 40,
      account: { email: buyerEmail, nickname: '小林', credits: 40, created: true },
      sign_in: { url: `${inject('apiBase')}/login`, email: buyerEmail },
    });
    expect(res.body.sign_in.password).toMatch(/^\S{10,}$/);
    const buyerKey = res.body.api_key ?? '';
    expect(buyerKey).toMatch(/^sk-studio-/);

    // The buyer's account: its own credits, the unlocked templates in full, its own jobs.
    expect(await balance(buyerKey)).toBe(40);
    const visible = (await api<{ templates: Template[] }>('/templates?type=image', { key: buyerKey })).body.templates;
    const granted = visible.find((x) => x.id === mine.id);
    expect(granted).toMatchObject({
      locked: false,
      source: 'platform',
      prompt_template: '为{shop}设计一张开业海报，喜庆的红色',
    });
    // The buyer sees who sold it by name, never the seller's internal tenant id.
    expect(granted).toMatchObject({ tenant_id: null, seller: '星河设计' });
    expect(JSON.stringify(visible)).not.toContain(seller.id);
    expect(visible.find((x) => x.id === gatedPlatform.id)?.locked).toBe(false);
    const outsider = await newTenant();
    const outsiderView = (await api<{ templates: Template[] }>('/templates?type=image', { key: outsider.key })).body
      .templates;
    expect(outsiderView.find((x) => x.id === gatedPlatform.id)?.locked).toBe(true);
    expect(outsiderView.some((x) => x.id === mine.id)).toBe(false);

    const job = await api<{ jobId: string }>('/generate', {
      key: buyerKey,
      body: { template_id: mine.slug, input: { shop: '小林花店' }, quality: 'low' },
    });
    expect(job.status).toBe(200);
    expect((await waitForJob(buyerKey, job.body.jobId)).status).toBe('done');
    expect(await balance(buyerKey)).toBe(39);
    expect((await api<{ jobs: unknown[] }>('/jobs', { key: seller.key })).body.jobs).toEqual([]);

    // A buyer's account is not an organisation.
    expect((await api('/tenant-accounts', { key: buyerKey })).status).toBe(403);
    expect((await createClaim(buyerKey, { template_ids: [gatedPlatform.id], credits: 1 })).status).toBe(403);

    const again = await api<Redeemed>('/social-claims', {
      body: { code: claim.code, nickname: '别人', email: email() },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/already been redeemed/);
    const state = await api<{
      claims: {
        code: string;
        state: string;
        redeemed_by: { nickname: string; email: string } | null;
        redeemed_at: string | null;
      }[];
    }>('/tenant-claims', { key: seller.key });
    expect(state.body.claims.find((x) => x.code === claim.code)).toMatchObject({
      state: 'redeemed',
      redeemed_by: { nickname: '小林', email: buyerEmail },
    });
  });

  it('lets exactly one of many concurrent redemptions win', async () => {
    const seller = await newTenant({ credits: 100 });
    const mine = await ownTemplate(seller.key);
    const claim = (await createClaim(seller.key, { template_ids: [mine.id], credits: 25 })).body;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api<Redeemed>('/social-claims', { body: { code: claim.code, nickname: `买家${i}`, email: email() } }),
      ),
    );
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(11);
    expect(await balance(winners[0]?.body.api_key ?? '')).toBe(25);
  });

  it('answers a repeated request with the same Idempotency-Key the same, and tops up an existing account', async () => {
    const seller = await newTenant({ credits: 100 });
    const mine = await ownTemplate(seller.key);
    const first = (await createClaim(seller.key, { template_ids: [mine.id], credits: 10 })).body;
    const second = (await createClaim(seller.key, { template_ids: [mine.id], credits: 15 })).body;
    const buyer = email();
    const body = { code: first.code, nickname: '阿青', email: buyer };
    const a = await api<Redeemed>('/social-claims', { body, headers: { 'idempotency-key': 'order-1' } });
    const b = await api<Redeemed>('/social-claims', { body, headers: { 'idempotency-key': 'order-1' } });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect((await api('/social-claims', { body, headers: { 'idempotency-key': 'order-2' } })).status).toBe(409);

    // Whoever types an existing buyer's email adds to that account, but learns none of its figures
    // and cannot rename it.
    const topUp = await api<Redeemed>('/social-claims', {
      body: { code: second.code, nickname: '冒名者', email: buyer.toUpperCase() },
    });
    expect(topUp.status).toBe(200);
    expect(topUp.body.account).toEqual({ email: buyer, nickname: null, credits: null, created: false });
    expect(topUp.body.credits_granted).toBe(15);
    expect(topUp.body.sign_in.password).toBeNull();
    expect(topUp.body.api_key).toBeNull();
    const buyerKey = a.body.api_key ?? '';
    expect(await balance(buyerKey)).toBe(25);
    const usage = await api<{ tenant: { name: string } }>('/tenant-usage', { key: buyerKey });
    expect(usage.body.tenant.name).toBe('阿青');
  });

  it('refuses bad bodies, and the email of a company console', async () => {
    const ownerEmail = `owner-${Date.now()}@example.cn`;
    const seller = await newTenant({ credits: 100, email: ownerEmail });
    const mine = await ownTemplate(seller.key);
    const claim = (await createClaim(seller.key, { template_ids: [mine.id], credits: 5 })).body;
    for (const body of [
      { code: claim.code, nickname: '', email: email() },
      { code: claim.code, nickname: 'x', email: 'not-an-email' },
      { code: claim.code },
    ]) {
      expect((await api('/social-claims', { body })).status, JSON.stringify(body)).toBe(400);
    }
    const res = await api<Redeemed>('/social-claims', {
      body: { code: claim.code, nickname: '老板', email: ownerEmail },
    });
    expect(res.status).toBe(409);
    // The refusal says what to do without confirming that, or what kind of, login the address has.
    expect(res.body.error).toBe('This email cannot receive a claim code; redeem with another email address');
    expect(res.body.error).not.toMatch(/console|company|admin|tenant|exists/i);
    expect((await api<{ state: string }>(`/social-claims?code=${claim.code}`)).body.state).toBe('open');
  });

  it('opens the account with a chosen password, which it never echoes, and refuses a bad one', async () => {
    const seller = await newTenant({ credits: 100 });
    const mine = await ownTemplate(seller.key);
    const claim = (await createClaim(seller.key, { template_ids: [mine.id], credits: 5 })).body;
    const buyer = email();
    for (const password of ['short', 'x'.repeat(129), 'with\u0000nul', 12345678]) {
      const refused = await api<Redeemed>('/social-claims', {
        body: { code: claim.code, nickname: '小林', email: buyer, password },
      });
      expect(refused.status, JSON.stringify(password)).toBe(400);
    }
    const res = await api<Redeemed>('/social-claims', {
      body: { code: claim.code, nickname: '小林', email: buyer, password: 'chun-cha-2026' },
    });
    expect(res.status).toBe(200);
    expect(res.body.account.created).toBe(true);
    expect(res.body.sign_in.password).toBeNull();
    expect(JSON.stringify(res.body)).not.toContain('chun-cha-2026');
  });
});

describe('disabling claim codes', () => {
  it('returns an open code’s credits to the tenant, and a disabled code cannot be redeemed', async () => {
    const seller = await newTenant({ credits: 100 });
    const mine = await ownTemplate(seller.key);
    const claim = (await createClaim(seller.key, { template_ids: [mine.id], credits: 30 })).body;
    expect(await balance(seller.key)).toBe(70);
    expect(
      (await api('/admin', { key: seller.key, body: { action: 'social-claim-disable', code: claim.code } })).status,
    ).toBe(403);
    // Codes are read as buyers paste them: case and surrounding spaces do not matter.
    const off = await api<{ claim: { code: string; state: string; credits_returned: number } }>('/admin', {
      key: adminKey(),
      body: { action: 'social-claim-disable', code: ` ${claim.code.toLowerCase()} ` },
    });
    expect(off.status).toBe(200);
    expect(off.body.claim).toEqual({ code: claim.code, state: 'disabled', credits_returned: 30 });
    expect(await balance(seller.key)).toBe(100);
    const twice = await api<{ claim: { credits_returned: number } }>('/admin', {
      key: adminKey(),
      body: { action: 'social-claim-disable', code: claim.code },
    });
    expect(twice.body.claim.credits_returned).toBe(0);
    expect(await balance(seller.key)).toBe(100);

    expect((await api<{ state: string }>(`/social-claims?code=${claim.code}`)).body.state).toBe('disabled');
    const redeem = await api<Redeemed>('/social-claims', {
      body: { code: claim.code, nickname: '迟到的买家', email: email() },
    });
    expect(redeem.status).toBe(409);
    expect(redeem.body.error).toMatch(/disabled/);
    const list = await api<{ claims: { code: string; state: string; disabled_at: string | null }[] }>(
      '/tenant-claims?state=disabled',
      { key: seller.key },
    );
    expect(list.body.claims.map((x) => x.code)).toEqual([claim.code]);
    expect(
      (await api('/admin', { key: adminKey(), body: { action: 'social-claim-disable', code: 'NOPE' } })).status,
    ).toBe(404);
  });
});
