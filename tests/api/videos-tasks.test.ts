import { describe, expect, it } from 'vitest';
import { adminKey, api, newMember, newTenant, sim, type Job } from '../helpers/api';
import { balance, getTask, H3, submit, videoApiSuite, waitTask, type Page, type Task } from '../helpers/video-api';

const suite = videoApiSuite();
const { callbacks } = suite;

describe('GET and DELETE /api/videos', () => {
  it('lists newest first with paging and filter.status, and refuses invalid values', async () => {
    const t = await newTenant({ credits: 500 });
    await sim('/__sim/config', { json: { channel: 'sim-video-a', latency_ms: 60_000, queued_percent: 0 } });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await submit(t.key, { prompt: `p${i}`, model: H3, duration: 4 })).body.id);
    const last = ids[2] ?? '';
    await waitTask(t.key, last, (x) => x.state === 'running');
    const page = await api<Page>('/videos?page_num=1&page_size=2', { key: t.key });
    expect(page.body).toMatchObject({ ok: true, page_num: 1, page_size: 2, total: 3 });
    expect(page.body.tasks.map((x) => x.id)).toEqual([ids[2], ids[1]]);
    expect((await api<Page>('/videos?page_num=2&page_size=2', { key: t.key })).body.tasks.map((x) => x.id)).toEqual([
      ids[0],
    ]);
    const defaults = await api<Page>('/videos', { key: t.key });
    expect(defaults.body).toMatchObject({ page_num: 1, page_size: 20, total: 3 });
    for (const id of ids) await waitTask(t.key, id, (x) => x.state === 'running');
    expect((await api<Page>('/videos?filter.status=running', { key: t.key })).body.total).toBe(3);
    expect((await api<Page>('/videos?filter.status=succeeded', { key: t.key })).body.total).toBe(0);
    for (const bad of [
      'page_num=0',
      'page_size=101',
      'page_size=abc',
      'page_num=1.5',
      'filter.status=done',
      'id=nope',
    ]) {
      const res = await api<Page>(`/videos?${bad}`, { key: t.key });
      expect(res.status, bad).toBe(400);
      expect(res.body.ok).toBe(false);
    }
    for (const id of ids) expect((await api(`/videos?id=${id}`, { key: t.key, method: 'DELETE' })).status).toBe(200);
  });

  it('cancels a running task: upstream cancelled, full refund, failed job, callback sent', async () => {
    const t = await newTenant({ credits: 100 });
    await sim('/__sim/config', { json: { channel: 'sim-video-a', latency_ms: 60_000, queued_percent: 0 } });
    const res = await submit(t.key, { prompt: 'cancel me', model: H3, duration: 4, callback_url: suite.receiverUrl });
    expect(await balance(t.key)).toBe(76);
    await waitTask(t.key, res.body.id, (x) => x.state === 'running');
    const del = await api<{ ok: boolean; id: string; action: string; task: Task }>(`/videos?id=${res.body.id}`, {
      key: t.key,
      method: 'DELETE',
    });
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({
      ok: true,
      id: res.body.id,
      action: 'cancelled',
      task: { state: 'cancelled', job_status: 'failed', error: 'Cancelled by the caller' },
    });
    expect(await balance(t.key)).toBe(100);
    const upstream = (await (await sim('/__sim/video-tasks?channel=sim-video-a&status=cancelled')).json()) as {
      tasks: { prompt?: string }[];
    };
    expect(upstream.tasks.length).toBeGreaterThan(0);
    for (let i = 0; i < 50 && !callbacks.some((c) => c.body.job_id === res.body.id); i++)
      await new Promise((r) => setTimeout(r, 100));
    const cb = callbacks.find((c) => c.body.job_id === res.body.id);
    expect(cb?.body).toMatchObject({ status: 'failed', error: 'Cancelled by the caller' });
    const job = (await api<{ job: Job }>(`/jobs?id=${res.body.id}`, { key: t.key })).body.job;
    expect(job).toMatchObject({ status: 'failed', error: 'Cancelled by the caller' });
  });

  it('deletes a finished task: 404 afterwards, file gone, charge kept', async () => {
    const t = await newTenant({ credits: 100 });
    const res = await submit(t.key, { prompt: 'delete me', model: H3, duration: 4 });
    const task = await waitTask(t.key, res.body.id);
    expect(task.job_status).toBe('done');
    const del = await api<{ action: string }>(`/videos?id=${res.body.id}`, { key: t.key, method: 'DELETE' });
    expect(del.body).toEqual({ ok: true, id: res.body.id, action: 'deleted' });
    expect((await getTask(t.key, res.body.id)).status).toBe(404);
    expect((await api(`/jobs?id=${res.body.id}`, { key: t.key })).status).toBe(404);
    expect((await fetch(task.video_url ?? '')).status).toBe(404);
    expect(await balance(t.key)).toBe(76);
  });

  it('shows a tenant every task, a member its own, another tenant nothing', async () => {
    const t = await newTenant({ credits: 200 });
    const m = await newMember(t.key);
    const other = await newTenant();
    const mine = (await submit(m.key, { prompt: 'member', model: H3, duration: 4 })).body.id;
    const tenants = (await submit(t.key, { prompt: 'tenant', model: H3, duration: 4 })).body.id;
    expect((await getTask(t.key, mine)).status).toBe(200);
    expect((await getTask(m.key, mine)).status).toBe(200);
    expect((await getTask(m.key, tenants)).status).toBe(404);
    expect((await getTask(other.key, mine)).status).toBe(404);
    expect((await api(`/videos?id=${mine}`, { key: other.key, method: 'DELETE' })).status).toBe(404);
    expect((await api(`/videos?id=${tenants}`, { key: m.key, method: 'DELETE' })).status).toBe(404);
    expect((await api<Page>('/videos', { key: m.key })).body.tasks.map((x) => x.id)).toEqual([mine]);
    expect((await api<Page>('/videos', { key: t.key })).body.total).toBe(2);
    expect((await api<Page>('/videos', { key: other.key })).body.total).toBe(0);
    expect((await api('/videos', { key: adminKey() })).status).toBe(403);
  });
});
