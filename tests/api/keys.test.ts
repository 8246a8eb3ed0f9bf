import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, api, newMember, newTenant } from '../helpers/api';
import { startStudio, type StudioServer } from '../helpers/api-server';

/** `/api/tenant-keys` over HTTP, and the policies of the keys it makes on the requests they send. */

interface Made {
  api_key: string;
  key: { id: string; hint: string; label: string };
}

async function makeKey(tenantKey: string, body: Record<string, unknown>, base?: string): Promise<Made> {
  const res = await api<Made>('/tenant-keys', { key: tenantKey, body, ...(base ? { base } : {}) });
  if (res.status !== 200) throw new Error(`key create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const credits = async (key: string) => (await api<{ credits: number }>('/balance', { key })).body.credits;

describe('named keys over REST', () => {
  it('are made once, listed without the key, refused for a bad policy, and revoked for good', async () => {
    const a = await newTenant();
    const made = await makeKey(a.key, { label: 'CI', policy: { kinds: ['image'], requests_per_minute: 30 } });
    expect(made.key.hint).toBe(`sk-studio-…${made.api_key.slice(-4)}`);
    const list = await api<{ keys: { id: string; primary: boolean }[] }>('/tenant-keys', { key: a.key });
    expect(list.status).toBe(200);
    expect(list.body.keys.map((k) => k.primary)).toEqual([true, false]);
    expect(JSON.stringify(list.body)).not.toContain(made.api_key);

    const badRange = await api<{ error: string; issues: { path: unknown[] }[] }>('/tenant-keys', {
      key: a.key,
      body: { label: 'x', policy: { allowed_ips: ['10.0.0.0/33'] } },
    });
    expect(badRange.status).toBe(400);
    expect(badRange.body.issues[0]?.path).toEqual(['policy', 'allowed_ips', 0]);
    const past = await api<{ error: string }>('/tenant-keys', {
      key: a.key,
      body: { label: 'x', policy: { expires_at: '2020-01-01T00:00:00+08:00' } },
    });
    expect(past.status).toBe(400);
    expect(past.body.error).toContain('policy.expires_at');

    // A named key manages no keys.
    const asNamed = await api<{ error: string }>('/tenant-keys', { key: made.api_key });
    expect(asNamed.status).toBe(403);

    expect((await api(`/tenant-keys?id=${made.key.id}`, { key: a.key, method: 'DELETE' })).status).toBe(200);
    const after = await api<{ error: string }>('/balance', { key: made.api_key });
    expect(after.status).toBe(403);
    expect(after.body.error).toContain('do not retry');
    expect((await api(`/tenant-keys?id=${made.key.id}`, { key: a.key, method: 'DELETE' })).status).toBe(404);
  });

  it('let a member manage its own keys only', async () => {
    const a = await newTenant();
    const m = await newMember(a.key);
    const other = await newMember(a.key);
    const own = await makeKey(m.key, { label: '笔记本' });
    const foreign = await api('/tenant-keys', { key: m.key, body: { label: 'x', account_id: other.id } });
    expect(foreign.status).toBe(403);
    const byOther = await api(`/tenant-keys?id=${own.key.id}`, { key: other.key, method: 'DELETE' });
    expect(byOther.status).toBe(404);
    const listed = await api<{ keys: { id: string }[] }>(`/tenant-keys?account_id=${m.id}`, { key: a.key });
    expect(listed.body.keys.map((k) => k.id)).toContain(own.key.id);
  });

  it('refuse a kind, an address and a rate without charging, naming the rule', async () => {
    const a = await newTenant({ credits: 100 });
    const chatOnly = await makeKey(a.key, { label: 'chat', policy: { kinds: ['chat'] } });
    const before = await credits(a.key);
    const kind = await api<{ error: string }>('/generate', { key: chatOnly.api_key, body: { prompt: '一只猫' } });
    expect(kind.status).toBe(403);
    expect(kind.body.error).toMatch(/Key policy "kinds".*will not help/);
    expect(await credits(a.key)).toBe(before);

    // The server reads the client address itself: headers a caller writes are not believed.
    const far = await makeKey(a.key, { label: 'far', policy: { allowed_ips: ['203.0.113.0/24'] } });
    const spoofed = await api<{ error: string }>('/balance', {
      key: far.api_key,
      headers: { 'x-studio-client-address': '203.0.113.5', 'x-forwarded-for': '203.0.113.5' },
    });
    expect(spoofed.status).toBe(403);
    expect(spoofed.body.error).toContain('Key policy "allowed_ips"');
    const near = await makeKey(a.key, { label: 'near', policy: { allowed_ips: ['127.0.0.0/8', '::1/128'] } });
    expect((await api('/balance', { key: near.api_key })).status).toBe(200);

    const slow = await makeKey(a.key, { label: 'slow', policy: { requests_per_minute: 2 } });
    expect((await api('/balance', { key: slow.api_key })).status).toBe(200);
    expect((await api('/balance', { key: slow.api_key })).status).toBe(200);
    const over = await api<{ error: string }>('/balance', { key: slow.api_key });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(over.body.error).toContain('"requests_per_minute" (key policy)');
  });
});

describe('the address of a key’s allow-list behind a proxy', () => {
  let server: StudioServer;
  beforeAll(async () => {
    server = await startStudio({ STUDIO_CLIENT_IP_HEADER: 'x-forwarded-for' });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('is the configured header’s last entry, an IPv6 address whole', async () => {
    const created = await api<{ api_key: string }>('/admin', {
      base: server.base,
      key: adminKey(),
      body: { action: 'tenant-create', name: `代理后的租户 ${Date.now()}`, credits: 10, quota_monthly: 0 },
    });
    const made = await makeKey(
      created.body.api_key,
      { label: 'v6', policy: { allowed_ips: ['2001:db8:1::/48', '198.51.100.7/32'] } },
      server.base,
    );
    const from = (forwarded: string) =>
      api('/balance', { base: server.base, key: made.api_key, headers: { 'x-forwarded-for': forwarded } });
    expect((await from('203.0.113.1, 2001:db8:1:ffff::5')).status).toBe(200);
    expect((await from('198.51.100.7')).status).toBe(200);
    expect((await from('2001:db8:1::5, 198.51.100.8')).status).toBe(403);
    expect((await from('2001:db8:2::5')).status).toBe(403);
  });
});
