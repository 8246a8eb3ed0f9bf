import { describe, expect, inject, it } from 'vitest';
import { api, newMember, newTenant } from '../helpers/api';
import { collect } from '../helpers/sse';

describe('job progress feed', () => {
  it('streams creation and the final result, and resumes from Last-Event-ID', async () => {
    const t = await newTenant();
    let jobId = '';
    const events = await collect(t.key, (ev) => {
      if (!jobId && ev.some((e) => e.event === 'ready')) {
        jobId = 'submitting';
        void api<{ jobId: string }>('/generate', { key: t.key, body: { prompt: '流式 stream', quality: 'low' } }).then(
          (r) => (jobId = r.body.jobId),
        );
      }
      return ev.some((e) => e.event === 'job.done' || e.event === 'job.failed');
    });
    const jobEvents = events.filter((e) => e.event.startsWith('job.'));
    expect(jobEvents.map((e) => e.event)).toEqual(['job.created', 'job.done']);
    const done = JSON.parse(jobEvents[1]?.data ?? '{}') as { id: string; status: string; cdn_url: string };
    expect(done).toMatchObject({ id: jobId, status: 'done', cdn_url: expect.stringMatching(/\/files\//) });
    expect(JSON.stringify(jobEvents)).not.toMatch(/sim-/);

    const created = jobEvents[0];
    const resumed = await collect(t.key, (ev) => ev.some((e) => e.event === 'ready'), {
      'last-event-id': String(created?.id),
    });
    expect(resumed.filter((e) => e.event.startsWith('job.')).map((e) => [e.event, e.id])).toEqual([
      ['job.done', jobEvents[1]?.id],
    ]);
  });

  it('shows a member only its own jobs and refuses a missing key', async () => {
    const t = await newTenant();
    const m = await newMember(t.key);
    const tenantJob = await api<{ jobId: string }>('/generate', {
      key: t.key,
      body: { prompt: 'tenant', quality: 'low' },
    });
    const memberJob = await api<{ jobId: string }>('/generate', {
      key: m.key,
      body: { prompt: 'member', quality: 'low' },
    });
    const seen = await collect(m.key, (ev) => ev.some((e) => e.event === 'ready'), { 'last-event-id': '1' });
    const ids = new Set(
      seen.filter((e) => e.event.startsWith('job.')).map((e) => (JSON.parse(e.data) as { id: string }).id),
    );
    expect(ids.has(memberJob.body.jobId)).toBe(true);
    expect(ids.has(tenantJob.body.jobId)).toBe(false);
    const anonymous = await fetch(`${inject('apiBase')}/api/jobs-stream`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ ok: false });
  });
});
