import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, adminKey, type ApiResult } from '../helpers/api';
import { startStudio, type StudioServer } from '../helpers/api-server';

/**
 * The named rate limits (docs/api.md → Rate limits) on a server of their own with tiny buckets, so
 * the shared server's tests never meet them: N requests pass, the next is 429 with Retry-After and
 * the limit's name, and the refused request writes nothing.
 */

const N = 2;
const LIMITS = [
  `article=${N}/hour`,
  `reading=${N}/hour`,
  'reading.key=1/hour',
  `image_template=${N}/hour`,
  `claim=${N}/hour`,
  `template=${N}/hour`,
  `webhook_secret=${N}/hour`,
  `webhook_delivery=${N}/hour`,
  `member_create=${N}/hour`,
].join(',');

let server: StudioServer;
beforeAll(async () => {
  server = await startStudio({ STUDIO_RATE_LIMITS: LIMITS });
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

let seq = 0;
const call = <T = Record<string, unknown>>(path: string, opts: Parameters<typeof api>[1] = {}) =>
  api<T>(path, { base: server.base, ...opts });

async function tenant(credits = 1000): Promise<{ id: string; key: string }> {
  seq += 1;
  const res = await call<{ tenant: { id: string }; api_key: string }>('/admin', {
    key: adminKey(),
    body: { action: 'tenant-create', name: `限流 ${seq}-${Date.now()}`, credits, quota_monthly: 5000 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.tenant.id, key: res.body.api_key };
}

const balance = async (key: string) => (await call<{ credits: number }>('/balance', { key })).body.credits;

async function ledgerSize(tenantId: string): Promise<number> {
  const res = await call<{ entries: unknown[] }>('/admin', {
    key: adminKey(),
    body: { action: 'tenant-ledger', tenant_id: tenantId, limit: 200 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.entries.length;
}

/** The refusal of an exhausted bucket: 429, a Retry-After in seconds, the JSON error naming the limit. */
function expectRefused(res: ApiResult, name: string, scope: 'tenant' | 'key' = 'tenant') {
  expect(res.status, JSON.stringify(res.body)).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  const error = (res.body as { error?: string }).error ?? '';
  expect(error).toContain(`Rate limit "${name}" (per ${scope})`);
  expect(error).toMatch(/Retry after \d+ s/);
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#4a8' } })
    .png()
    .toBuffer();

async function postImage(path: string, key: string, image: Buffer, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'poster.png');
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const started = Date.now();
  const res = await fetch(`${server.base}/api${path}`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as Record<string, unknown>,
    ms: Date.now() - started,
  };
}

describe('named rate limits', () => {
  it('article: N articles, then 429 and nothing charged', async () => {
    const t = await tenant();
    const templates = await call<{ templates: { slug: string; locked: boolean; fields: unknown[] | null }[] }>(
      '/templates?type=article&source=platform',
      { key: t.key },
    );
    const open = templates.body.templates.find((x) => !x.locked && x.fields?.length === 0);
    if (!open) throw new Error('the platform catalogue needs an open one-sentence article template');
    const write = () => call('/article', { key: t.key, body: { template_slug: open.slug, input: '桂花拿铁种草文' } });
    for (let i = 0; i < N; i++) expect((await write()).status).toBe(200);
    const before = await balance(t.key);
    const entries = await ledgerSize(t.id);
    expectRefused(await write(), 'article');
    expect(await balance(t.key)).toBe(before);
    expect(await ledgerSize(t.id)).toBe(entries);
  });

  it('reading: N readings, then 429 before the image is read; a member key has its own smaller bucket', async () => {
    const t = await tenant();
    const image = await png(320, 240);
    for (let i = 0; i < N; i++) {
      const res = await postImage('/reverse', t.key, image);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const before = await balance(t.key);
    const entries = await ledgerSize(t.id);
    expectRefused(await postImage('/reverse', t.key, image), 'reading');
    // An image_url is not fetched either: the address does not exist, and the answer is still 429.
    expectRefused(
      await call('/reverse', { key: t.key, body: { image_url: 'https://example.invalid/never-fetched.png' } }),
      'reading',
    );
    expect(await balance(t.key)).toBe(before);
    expect(await ledgerSize(t.id)).toBe(entries);

    // Another tenant: its member may read once (reading.key=1/hour), the tenant's own key still reads.
    const other = await tenant();
    const member = await call<{ account: { api_key: string } }>('/tenant-accounts', {
      key: other.key,
      body: { action: 'create', email: `reader-${Date.now()}@example.cn`, nickname: '读图成员' },
    });
    expect(member.status, JSON.stringify(member.body)).toBe(200);
    const memberKey = member.body.account.api_key;
    expect((await postImage('/reverse', memberKey, image)).status).toBe(200);
    expectRefused(await postImage('/reverse', memberKey, image), 'reading', 'key');
    expect((await postImage('/reverse', other.key, image)).status).toBe(200);
    expectRefused(await postImage('/reverse', other.key, image), 'reading');
  });

  it('reading and image-to-template: a key without credits gets 402 at once, before a large image is decoded', async () => {
    const t = await tenant(0);
    const large = await png(8192, 8192);
    for (const path of ['/reverse', '/image-to-template']) {
      const res = await postImage(path, t.key, large);
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(402);
      expect(res.ms, `${path} answered in ${res.ms} ms`).toBeLessThan(2_000);
    }
    expect(await balance(t.key)).toBe(0);
    expect(await ledgerSize(t.id)).toBe(0);
    // Refused for credits, nothing was counted: after a top-up the full bucket is there.
    const topUp = await call('/admin', {
      key: adminKey(),
      body: { action: 'tenant-credit', tenant_id: t.id, credits: 100, note: 'test' },
    });
    expect(topUp.status, JSON.stringify(topUp.body)).toBe(200);
    const small = await png(320, 240);
    for (let i = 0; i < N; i++) expect((await postImage('/reverse', t.key, small)).status).toBe(200);
  });

  it('image-to-template: N conversions, then 429 and no job or charge', async () => {
    const t = await tenant();
    const image = await png(300, 400);
    for (let i = 0; i < N; i++) {
      const res = await postImage('/image-to-template', t.key, image, { async: 'true' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const entries = await ledgerSize(t.id);
    const before = await balance(t.key);
    expectRefused(await postImage('/image-to-template', t.key, image, { async: 'true' }), 'image_template');
    expect(await ledgerSize(t.id)).toBe(entries);
    expect(await balance(t.key)).toBe(before);
  });

  it('claim codes: N codes, then 429 and no code or credits taken', async () => {
    const t = await tenant();
    const list = await call<{ templates: { id: string; gated?: boolean }[] }>('/templates?type=image&source=platform', {
      key: t.key,
    });
    const platform = list.body.templates[0];
    if (!platform) throw new Error('no platform template');
    const create = () => call('/tenant-claims', { key: t.key, body: { template_ids: [platform.id], credits: 1 } });
    for (let i = 0; i < N; i++) {
      const res = await create();
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const before = await balance(t.key);
    expectRefused(await create(), 'claim');
    expect(await balance(t.key)).toBe(before);
    const codes = await call<{ claims: unknown[] }>('/tenant-claims', { key: t.key });
    expect(codes.body.claims).toHaveLength(N);
  });

  it('templates: N writes, then 429 and no template; a refused body does not count', async () => {
    const t = await tenant();
    const body = (slug: string) => ({
      type: 'image',
      slug,
      zh_name: '限流模板',
      prompt_template: '{product}的主图，柔和自然光',
      fields: [{ key: 'product', label: '商品' }],
    });
    // Refused for its body: given back.
    expect((await call('/templates', { key: t.key, body: { type: 'image' } })).status).toBe(400);
    const stamp = Date.now().toString(36);
    for (let i = 0; i < N; i++) {
      const res = await call('/templates', { key: t.key, body: body(`rl-${stamp}-${i}`) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expectRefused(await call('/templates', { key: t.key, body: body(`rl-${stamp}-x`) }), 'template');
    const mine = await call<{ templates: { slug: string }[] }>('/templates?source=mine', { key: t.key });
    expect(mine.body.templates.map((x) => x.slug).sort()).toEqual([`rl-${stamp}-0`, `rl-${stamp}-1`]);
  });

  it('webhook secret: N rotations, then 429 and the secret stays', async () => {
    const t = await tenant();
    for (let i = 0; i < N; i++) expect((await call('/webhook-secret', { key: t.key, body: {} })).status).toBe(200);
    const before = (await call<{ secret: string }>('/webhook-secret', { key: t.key })).body.secret;
    expectRefused(await call('/webhook-secret', { key: t.key, body: {} }), 'webhook_secret');
    expect((await call<{ secret: string }>('/webhook-secret', { key: t.key })).body.secret).toBe(before);
  });

  it('webhook deliveries: N redeliveries or tests, counted even when refused, then 429', async () => {
    const t = await tenant();
    const unknownJob = { job_id: '00000000-0000-4000-8000-000000000000' };
    // A body the schema refuses gives its token back; a 404 counts.
    expect((await call('/webhook-deliveries/redeliver', { key: t.key, body: {} })).status).toBe(400);
    expect((await call('/webhook-deliveries/redeliver', { key: t.key, body: unknownJob })).status).toBe(404);
    expect((await call('/webhook-deliveries/test', { key: t.key, body: {} })).status).toBe(400);
    expectRefused(await call('/webhook-deliveries/redeliver', { key: t.key, body: unknownJob }), 'webhook_delivery');
    expectRefused(await call('/webhook-deliveries/test', { key: t.key, body: {} }), 'webhook_delivery');
  });

  it('members: N creations, then 429 over REST and the console alike, and no account; other actions are apart', async () => {
    const t = await tenant();
    const create = (n: string) =>
      call<{ account: { account_id: string } }>('/tenant-accounts', {
        key: t.key,
        body: { action: 'create', email: `rl-${n}-${Date.now()}@example.cn`, nickname: `成员${n}` },
      });
    const ids: string[] = [];
    for (let i = 0; i < N; i++) {
      const res = await create(String(i));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ids.push(res.body.account.account_id);
    }
    expectRefused(await create('x'), 'member_create');
    const viaConsole = await call('/trpc/members.create', {
      key: t.key,
      body: { email: `rl-console-${Date.now()}@example.cn`, nickname: '控制台成员' },
    });
    expect(viaConsole.status).toBe(429);
    const listed = await call<{ accounts: { account_id: string }[] }>('/tenant-accounts', { key: t.key });
    expect(listed.body.accounts.map((a) => a.account_id).sort()).toEqual([...ids].sort());
    // `toggle` counts against member_write, not member_create.
    const toggled = await call('/tenant-accounts', {
      key: t.key,
      body: { action: 'toggle', account_id: ids[0], disabled: true },
    });
    expect(toggled.status, JSON.stringify(toggled.body)).toBe(200);
  });

  it('the operator is not limited', async () => {
    for (let i = 0; i < N + 1; i++) {
      const res = await call('/templates', {
        key: adminKey(),
        body: {
          type: 'image',
          slug: `rl-platform-${Date.now().toString(36)}-${i}`,
          zh_name: '平台模板',
          prompt_template: '{product}的主图',
          fields: [{ key: 'product', label: '商品' }],
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });
});
