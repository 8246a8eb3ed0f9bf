import { afterEach, describe, expect, it } from 'vitest';
import { adminKey, api, newMember, newTenant, sim, waitForJob } from '../helpers/api';

interface Bucket {
  image: number;
  video: number;
  chat: number;
  reverse: number;
  other: number;
  total: number;
}
interface Usage {
  ok: boolean;
  tenant: { name: string };
  timezone: string;
  days: number;
  since: string;
  generated_at: string;
  totals: Bucket;
  daily: (Bucket & { date: string })[];
  error?: string;
}
interface Stats {
  window_hours: number;
  generated_at: string;
  tenant: { name: string; quota_monthly: number; used_month: number; credits: number };
  mine: {
    attempts_total: number;
    jobs: {
      total: number;
      done: number;
      failed: number;
      processing: number;
      success_rate: number | null;
      p95_ms: number | null;
    };
    charged_cny: number;
  };
}

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());

describe('tenant usage', () => {
  afterEach(async () => {
    await sim('/__sim/faults', { method: 'DELETE' });
  });

  it('reports credits consumed per Asia/Shanghai day and category, continuous, in credits only', async () => {
    const t = await newTenant({ credits: 100, name: '用量报表租户' });
    const ok = await api<{ jobId: string }>('/generate', { key: t.key, body: { prompt: '一杯咖啡', quality: 'high' } });
    await waitForJob(t.key, ok.body.jobId);
    // A failed job is refunded: it consumes nothing.
    await sim('/__sim/faults', { json: { channel: '*', fault: 'bad_output' } });
    const failed = await api<{ jobId: string }>('/generate', {
      key: t.key,
      body: { prompt: '失败的任务', quality: 'low' },
    });
    expect((await waitForJob(t.key, failed.body.jobId)).status).toBe('failed');
    await sim('/__sim/faults', { method: 'DELETE' });
    const platform = (
      await api<{ templates: { slug: string; fields: unknown[] | null; locked: boolean }[] }>(
        '/templates?type=article&source=platform',
        { key: t.key },
      )
    ).body.templates.find((x) => !x.locked && x.fields?.length === 0);
    expect(
      (await api('/article', { key: t.key, body: { template_slug: platform?.slug, input: '关于秋天的第一杯奶茶' } }))
        .status,
    ).toBe(200);

    const res = await api<Usage>('/tenant-usage', { key: t.key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, tenant: { name: '用量报表租户' }, timezone: 'Asia/Shanghai', days: 30 });
    expect(res.body.daily).toHaveLength(30);
    const dates = res.body.daily.map((d) => d.date);
    expect(dates.at(-1)).toBe(today());
    for (let i = 1; i < dates.length; i++) {
      expect(Date.parse(`${dates[i]}T00:00:00Z`) - Date.parse(`${dates[i - 1]}T00:00:00Z`)).toBe(86_400_000);
    }
    expect(res.body.since).toBe(new Date(Date.parse(`${dates[0]}T00:00:00+08:00`)).toISOString());
    expect(res.body.daily.at(-1)).toEqual({
      date: today(),
      image: 4,
      video: 0,
      chat: 1,
      reverse: 0,
      other: 0,
      total: 5,
    });
    expect(res.body.totals).toEqual({ image: 4, video: 0, chat: 1, reverse: 0, other: 0, total: 5 });
    expect(JSON.stringify(res.body)).not.toMatch(/cny|usd|cost|provider|sim-|upstream/i);
  });

  it('reads days leniently: default 30, at most 90, invalid values become 30', async () => {
    const t = await newTenant();
    for (const [query, days] of [
      ['?days=7', 7],
      ['?days=90', 90],
      ['?days=365', 90],
      ['?days=0', 30],
      ['?days=-3', 30],
      ['?days=abc', 30],
      ['?days=', 30],
    ] as const) {
      const res = await api<Usage>(`/tenant-usage${query}`, { key: t.key });
      expect(res.status, query).toBe(200);
      expect(res.body.days, query).toBe(days);
      expect(res.body.daily, query).toHaveLength(days);
    }
  });

  it('is for the tenant key only', async () => {
    const t = await newTenant();
    const member = await newMember(t.key);
    for (const path of ['/tenant-usage', '/tenant-stats']) {
      expect((await api(path, { key: member.key })).status, path).toBe(403);
      expect((await api(path, { key: adminKey() })).status, path).toBe(403);
      expect((await api(path)).status, path).toBe(401);
    }
  });
});

describe('tenant stats', () => {
  it('counts the window’s jobs and attempts and prices consumption at the tenant’s markup', async () => {
    const t = await newTenant({ credits: 200, name: '统计租户' });
    const jobs = await Promise.all(
      [1, 2, 3].map((i) =>
        api<{ jobId: string }>('/generate', { key: t.key, body: { prompt: `第${i}张`, quality: 'medium' } }),
      ),
    );
    for (const j of jobs) expect((await waitForJob(t.key, j.body.jobId)).status).toBe('done');

    const res = await api<Stats & Record<string, unknown>>('/tenant-stats', { key: t.key });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['generated_at', 'mine', 'ok', 'tenant', 'window_hours']);
    expect(res.body.window_hours).toBe(24);
    expect(res.body.tenant).toEqual({ name: '统计租户', quota_monthly: 5000, used_month: 6, credits: 194 });
    expect(res.body.mine.jobs).toMatchObject({ total: 3, done: 3, failed: 0, processing: 0, success_rate: 1 });
    expect(res.body.mine.jobs.p95_ms).toBeGreaterThanOrEqual(0);
    // The attempt log is written in batches every 200 ms.
    await expect
      .poll(async () => (await api<Stats>('/tenant-stats', { key: t.key })).body.mine.attempts_total)
      .toBeGreaterThanOrEqual(3);
    // 6 credits at 0.10 CNY each, markup 1.
    expect(res.body.mine.charged_cny).toBeCloseTo(0.6, 5);
    expect(JSON.stringify(res.body)).not.toMatch(/overall|by_provider|balance_cny|balance_usd|sim-/);

    const markup = await api('/admin', {
      key: adminKey(),
      body: { action: 'tenant-markup', tenant_id: t.id, markup: 1.5 },
    });
    expect(markup.status).toBe(200);
    expect((await api<Stats>('/tenant-stats', { key: t.key })).body.mine.charged_cny).toBeCloseTo(0.9, 5);

    for (const [query, hours] of [
      ['?hours=1', 1],
      ['?hours=168', 168],
      ['?hours=1000', 168],
      ['?hours=0', 24],
      ['?hours=x', 24],
    ] as const) {
      expect((await api<Stats>(`/tenant-stats${query}`, { key: t.key })).body.window_hours, query).toBe(hours);
    }
  });
});
