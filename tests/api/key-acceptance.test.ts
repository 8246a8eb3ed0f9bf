import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKey, api } from '../helpers/api';
import { startStudio, type StudioServer } from '../helpers/api-server';

/**
 * The acceptance of keys with policies: a tenant admin creates a key for a CI pipeline limited to image
 * jobs of one family, 30 requests a minute and 500 credits a day from one address range, and every
 * limit holds. A high-quality image costs 50 credits here, so the day's cap is reached in ten jobs.
 */
describe('a CI pipeline’s key', () => {
  let server: StudioServer;
  beforeAll(async () => {
    server = await startStudio({ STUDIO_PRICES: '{"image":{"low":1,"medium":2,"high":50}}' });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('holds to image jobs of one family, 30 requests a minute, 500 credits a day and one address range', async () => {
    const base = server.base;
    const tenant = await api<{ api_key: string }>('/admin', {
      base,
      key: adminKey(),
      body: { action: 'tenant-create', name: `CI 租户 ${Date.now()}`, credits: 2_000, quota_monthly: 0 },
    });
    const admin = tenant.body.api_key;
    const policy = {
      kinds: ['image'],
      models: ['imagegen-1'],
      requests_per_minute: 30,
      spend_cap: { credits: 500, period: 'day' },
      allowed_ips: ['127.0.0.0/8', '::1/128'],
    };
    const made = await api<{ api_key: string; key: { id: string; policy: unknown } }>('/tenant-keys', {
      base,
      key: admin,
      body: { label: 'CI pipeline', policy },
    });
    expect(made.status).toBe(200);
    expect(made.body.key.policy).toEqual(policy);
    const ci = made.body.api_key;
    const balance = async () => (await api<{ credits: number }>('/balance', { base, key: admin })).body.credits;
    const before = await balance();
    const image = (body: Record<string, unknown>) =>
      api<{ error: string }>('/generate', { base, key: ci, body: { prompt: '一只猫', ...body } });

    // Another kind: 403, and no token of its rate taken.
    const video = await api<{ error: string }>('/videos', { base, key: ci, body: { prompt: '海浪', duration: 5 } });
    expect(video.status).toBe(403);
    expect(video.body.error).toMatch(/Key policy "kinds".*will not help/);
    // Another family: 403 before anything is charged (request 1 of the minute).
    const family = await image({ model: 'imagegen-2' });
    expect(family.status).toBe(403);
    expect(family.body.error).toMatch(/Key policy "models".*not imagegen-2.*will not help/);
    expect(await balance()).toBe(before);

    // Nine jobs of 50 credits (requests 2-10): 450 of the day's 500.
    for (let i = 0; i < 9; i++) expect((await image({ model: 'imagegen-1', quality: 'high' })).status).toBe(200);
    // Two more would pass the cap: 402, naming the rule and the reset, nothing charged (request 11).
    const batch = await api<{ error: string }>('/generate-batch', {
      base,
      key: ci,
      body: {
        items: [
          { prompt: '山', model: 'imagegen-1', quality: 'high' },
          { prompt: '海', model: 'imagegen-1', quality: 'high' },
        ],
      },
    });
    expect(batch.status).toBe(402);
    expect(batch.body.error).toMatch(
      /Key policy "spend_cap".*resets at .* 00:00 \(Asia\/Shanghai\), retrying before then will not help/,
    );
    // The tenth fits exactly (request 12); then not a single credit more (request 13).
    expect((await image({ model: 'imagegen-1', quality: 'high' })).status).toBe(200);
    expect((await image({ model: 'imagegen-1', quality: 'low' })).status).toBe(402);
    expect(await balance()).toBe(before - 500);

    // From another address range: 403 (the key's range changed by the tenant admin, then back).
    const elsewhere = { ...policy, allowed_ips: ['203.0.113.0/24'] };
    expect(
      (
        await api('/tenant-keys', {
          base,
          key: admin,
          method: 'PATCH',
          body: { id: made.body.key.id, policy: elsewhere },
        })
      ).status,
    ).toBe(200);
    const far = await api<{ error: string }>('/balance', { base, key: ci });
    expect(far.status).toBe(403);
    expect(far.body.error).toContain('Key policy "allowed_ips"');
    expect(
      (await api('/tenant-keys', { base, key: admin, method: 'PATCH', body: { id: made.body.key.id, policy } })).status,
    ).toBe(200);

    // 30 requests a minute: 17 more pass (requests 14-30), the 31st is 429 with Retry-After.
    for (let i = 0; i < 17; i++) expect((await api('/balance', { base, key: ci })).status).toBe(200);
    const over = await api<{ error: string }>('/balance', { base, key: ci });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(over.body.error).toContain('"requests_per_minute" (key policy)');
  });
});
