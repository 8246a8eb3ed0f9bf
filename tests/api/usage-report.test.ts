import { describe, expect, inject, it } from 'vitest';
import { api, newMember, newTenant, waitForJob } from '../helpers/api';

interface Report {
  from: string;
  to: string;
  group_by: string;
  account_id: string | null;
  rows: { key: string; label: string | null; calls: number; credits: number; cny: number }[];
  totals: { calls: number; credits: number; cny: number };
}

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());

describe('usage over a date range', () => {
  it('refuses a reversed, too long or impossible range with a 400 naming the field', async () => {
    const t = await newTenant();
    for (const [query, text] of [
      ['from=2026-11-20&to=2026-11-01', /from: must be on or before to/],
      ['from=2025-01-01&to=2026-01-02', /at most 366 days/],
      ['from=2026-02-30', /real calendar day/],
      ['group_by=provider', /group_by/],
    ] as const) {
      const res = await api<{ error: string }>(`/tenant-usage/report?${query}`, { key: t.key });
      expect(res.status, query).toBe(400);
      expect(res.body.error).toMatch(text);
    }
  });

  it('groups by member, keeps a member key to its own usage, and exports the table as CSV', async () => {
    const t = await newTenant({ credits: 100 });
    const m = await newMember(t.key, { nickname: '小林', shared: true });
    const job = await api<{ jobId: string }>('/generate', {
      key: m.key,
      body: { prompt: '一杯咖啡', quality: 'high' },
    });
    expect(job.status).toBe(200);
    await waitForJob(m.key, job.body.jobId);
    const day = today();

    const byMember = await api<Report>(`/tenant-usage/report?from=${day}&to=${day}&group_by=member`, { key: t.key });
    expect(byMember.status).toBe(200);
    expect(byMember.body.rows).toEqual([{ key: m.id, label: '小林', calls: 1, credits: 4, cny: 0.4 }]);

    const own = await api<Report>('/tenant-usage/report', { key: m.key });
    expect(own.status).toBe(200);
    expect(own.body.account_id).toBe(m.id);
    expect(own.body.totals.credits).toBe(4);
    const other = await newMember(t.key, { shared: true });
    const refused = await api<{ error: string }>(`/tenant-usage/report?account_id=${other.id}`, { key: m.key });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/only its own usage/);

    // Read as bytes: a text decoder would drop the byte-order mark Excel needs.
    const file = await fetch(
      `${inject('apiBase')}/api/tenant-usage/report/export?from=${day}&to=${day}&group_by=member`,
      { headers: { 'x-api-key': t.key } },
    );
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/text\/csv/);
    expect(file.headers.get('content-disposition')).toContain(`usage-member-${day}_${day}.csv`);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8').split('\r\n')).toEqual([
      'from,to,group_by,key,label,calls,credits,cny',
      `${day},${day},member,${m.id},小林,1,4,0.40`,
      `${day},${day},member,total,,1,4,0.40`,
      '',
    ]);
  });
});
