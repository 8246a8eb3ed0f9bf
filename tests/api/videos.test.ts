import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStudio, type StudioServer } from '../helpers/api-server';
import { adminKey, api, newMember, newTenant, sim, upload, type Job } from '../helpers/api';
import { sample } from '../helpers/media-samples';

interface Task {
  id: string;
  task_id: string;
  job_status: string;
  state: string;
  model: string;
  ratio: string;
  duration: number;
  resolution: string;
  template_id: string | null;
  video_url: string | null;
  cover_url: string | null;
  error: string | null;
  reason: string | null;
  note: string | null;
  credits: number;
}
interface Page {
  ok: boolean;
  tasks: Task[];
  page_num: number;
  page_size: number;
  total: number;
  error?: string;
}

const H3 = 'videomodel-H3';
const submit = (key: string, body: Record<string, unknown>, headers: Record<string, string> = {}, base?: string) =>
  api<{ ok: boolean; id: string; task_id: string; jobId: string; status: string; state: string; error?: string }>(
    '/videos',
    {
      key,
      body,
      headers,
      ...(base ? { base } : {}),
    },
  );
const getTask = (key: string, id: string) =>
  api<{ ok: boolean; task: Task; error?: string }>(`/videos?id=${id}`, { key });
const balance = async (key: string) => (await api<{ credits: number }>('/balance', { key })).body.credits;

async function waitTask(
  key: string,
  id: string,
  until: (t: Task) => boolean = (t) => t.job_status !== 'pending',
): Promise<Task> {
  for (let i = 0; i < 200; i++) {
    const res = await getTask(key, id);
    if (res.status === 200 && until(res.body.task)) return res.body.task;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`video task ${id} did not reach the state`);
}

const callbacks: { body: Record<string, unknown> }[] = [];
const receiver = createServer((req, res) => {
  let text = '';
  req.on('data', (c: Buffer) => (text += c.toString()));
  req.on('end', () => {
    callbacks.push({ body: JSON.parse(text) as Record<string, unknown> });
    res.end('ok');
  });
});
let receiverUrl = '';

beforeAll(async () => {
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/cb`;
});
afterAll(async () => {
  await new Promise((r) => receiver.close(r));
});
afterEach(async () => {
  await sim('/__sim/reset', { method: 'POST' });
});

describe('POST /api/videos', () => {
  it('answers at once, charges the tier price per second, and delivers an MP4 served with ranges', async () => {
    const t = await newTenant({ credits: 200 });
    const res = await submit(t.key, {
      prompt: '海边日落 sunset',
      model: H3,
      duration: 5,
      ratio: '16:9',
      resolution: '2K',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      id: res.body.id,
      task_id: res.body.id,
      jobId: res.body.id,
      status: 'pending',
      state: 'queued',
    });
    expect(await balance(t.key)).toBe(170);
    const task = await waitTask(t.key, res.body.id);
    expect(task).toMatchObject({
      job_status: 'done',
      state: 'succeeded',
      model: H3,
      duration: 5,
      resolution: '2K',
      credits: 30,
      error: null,
    });
    expect(JSON.stringify(task)).not.toMatch(/sim-video|simulator|vm-/);
    const job = (await api<{ job: Job & { kind: string } }>(`/jobs?id=${res.body.id}`, { key: t.key })).body.job;
    expect(job).toMatchObject({ status: 'done', kind: 'video', cdn_url: task.video_url });
    const file = await fetch(task.video_url ?? '', { headers: { range: 'bytes=0-11' } });
    expect(file.status).toBe(206);
    expect(file.headers.get('content-type')).toBe('video/mp4');
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(4, 8)
        .toString('latin1'),
    ).toBe('ftyp');
    expect((await fetch(task.cover_url ?? '')).headers.get('content-type')).toBe('image/png');
  });

  it("refuses durations outside each tier's range and resolutions it does not offer, charging nothing", async () => {
    const t = await newTenant({ credits: 100 });
    const tiers: [string, number, number, string][] = [
      ['videomodel-2-0-pro-260801', 4, 15, '480p'],
      ['videomodel-2-0-fast-260801', 4, 15, '480p, 720p'],
      ['videomodel-2-0-mini-260801', 4, 15, '480p, 720p'],
      ['videomodel-2-5-pro-260801', 4, 30, '720p, 1080p'],
      [H3, 4, 15, '768P, 2K'],
    ];
    for (const [model, min, max, offered] of tiers) {
      for (const duration of [min - 1, max + 1]) {
        const res = await submit(t.key, { prompt: 'x', model, duration });
        expect(res.status).toBe(400);
        expect(res.body.error).toContain(`duration: must be ${min}-${max} seconds for ${model}`);
      }
      const res = await submit(t.key, { prompt: 'x', model, resolution: '4K' });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(`resolution: ${model} offers ${offered}`);
    }
    const more: [Record<string, unknown>, RegExp][] = [
      [{ prompt: 'x', colour: 'red' }, /colour/],
      [{ prompt: 'x', duration: 5.5 }, /duration/],
      [{}, /exactly one of prompt or template_id/],
      [{ prompt: 'x', model: 'no-such-tier' }, /model: unknown video tier/],
      [{ prompt: 'x', ratio: '2:1' }, /ratio: must be one of/],
      [
        { prompt: 'x', images: Array.from({ length: 10 }, (_, i) => `${inject('apiBase')}/files/x${i}.png`) },
        /at most 9 images/,
      ],
      [{ prompt: 'x', images: ['https://example.com/a.png'] }, /images\[0\]: only files served by Studio/],
      [
        { prompt: 'x', model: 'videomodel-2-0-fast-260801', generate_audio: true },
        /No upstream currently available.*generated audio/,
      ],
    ];
    for (const [body, message] of more) {
      const res = await submit(t.key, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toMatch(message);
    }
    expect(await balance(t.key)).toBe(100);
  });

  it('takes 0, 1, 2, 4 or 9 of your own images, refuses 10 at no cost, and refuses files of the wrong media type', async () => {
    const t = await newTenant({ credits: 2000 });
    const png = (await upload(inject('apiBase'), t.key, await sample('png'), { filename: 'a.png' })).body.url;
    const mp3 = (await upload(inject('apiBase'), t.key, await sample('mp3'), { filename: 'a.mp3' })).body.url;
    const mp4 = (await upload(inject('apiBase'), t.key, await sample('mp4'), { filename: 'a.mp4' })).body.url;
    const model = 'videomodel-2-5-pro-260801';
    for (const n of [0, 1, 2, 4, 9]) {
      const res = await submit(t.key, { prompt: 'x', model, images: Array.from({ length: n }, () => png) });
      expect(res.status, `${n} images`).toBe(200);
      const done = await waitTask(t.key, res.body.id);
      expect(done.error, `${n} images`).toBeNull();
      expect(done.job_status).toBe('done');
    }
    const before = await balance(t.key);
    const ten = await submit(t.key, { prompt: 'x', model, images: Array.from({ length: 10 }, () => png) });
    expect(ten.status).toBe(400);
    expect(ten.body.error).toMatch(/at most 9 images/);
    const wrong: [Record<string, unknown>, RegExp][] = [
      [{ images: [mp3] }, /images\[0\]: must be an image file/],
      [{ videos: [png] }, /videos\[0\]: must be a video file/],
      [{ audios: [mp4] }, /audios\[0\]: must be an audio file/],
    ];
    for (const [extra, message] of wrong) {
      const res = await submit(t.key, { prompt: 'x', model, ...extra });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    const ok = await submit(t.key, { prompt: 'x', model, videos: [mp4], audios: [mp3] });
    expect(ok.status).toBe(200);
    expect(await balance(t.key)).toBe(before - 40);
  });

  it('fills a video template, its ratio and duration applying unless the caller gives its own', async () => {
    const t = await newTenant({ credits: 200 });
    const tpl = await api<{ template: { id: string } }>('/video-templates', {
      key: t.key,
      body: {
        zh_name: '模板视频',
        prompt_template: '{产品}慢慢旋转',
        generation_configs: [{ ratio: '9:16', duration: 8 }],
      },
    });
    expect(tpl.status).toBe(200);
    const a = await submit(t.key, { template_id: tpl.body.template.id, input: '茶杯', model: H3 });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect((await getTask(t.key, a.body.id)).body.task).toMatchObject({
      ratio: '9:16',
      duration: 8,
      template_id: tpl.body.template.id,
    });
    const b = await submit(t.key, {
      template_id: tpl.body.template.id,
      input: '茶杯',
      model: H3,
      ratio: '1:1',
      duration: 4,
    });
    expect((await getTask(t.key, b.body.id)).body.task).toMatchObject({ ratio: '1:1', duration: 4 });
  });

  it('answers a replayed Idempotency-Key with the same task and charges once', async () => {
    const t = await newTenant({ credits: 100 });
    const body = { prompt: 'once', model: H3, duration: 4 };
    const a = await submit(t.key, body, { 'idempotency-key': 'v-1' });
    const b = await submit(t.key, body, { 'idempotency-key': 'v-1' });
    expect(b.body.id).toBe(a.body.id);
    expect(await balance(t.key)).toBe(76);
    const other = await submit(t.key, { ...body, duration: 5 }, { 'idempotency-key': 'v-1' });
    expect(other.status).toBe(409);
  });
});

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
    const res = await submit(t.key, { prompt: 'cancel me', model: H3, duration: 4, callback_url: receiverUrl });
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

describe('video failures and cancel per protocol', () => {
  interface Orphan {
    job_id: string;
    tenant_id: string;
    channel: string | null;
    upstream_task_id: string | null;
    upstream_state: string | null;
    orphaned_at: string;
    ended: boolean;
  }
  const orphans = (body: Record<string, unknown> = {}) =>
    api<{ ok: boolean; orphans: Orphan[]; error?: string }>('/admin', {
      key: adminKey(),
      body: { action: 'video-orphans', ...body },
    });

  it('says a refused video was refused by the provider, with reason content_refused, and refunds it', async () => {
    const t = await newTenant({ credits: 100 });
    expect(
      (
        await sim('/__sim/faults', {
          json: { channel: 'sim-video-a', fault: 'task_failed', code: 'OutputVideoSensitiveContentDetected' },
        })
      ).status,
    ).toBe(200);
    const res = await submit(t.key, { prompt: 'refuse me', model: H3, duration: 4, callback_url: receiverUrl });
    expect(await balance(t.key)).toBe(76);
    const task = await waitTask(t.key, res.body.id);
    expect(task).toMatchObject({ job_status: 'failed', state: 'failed', reason: 'content_refused' });
    expect(task.error).toMatch(/^The provider refused the content: its moderation blocked the generated video/);
    expect(JSON.stringify(task)).not.toMatch(/sim-video|simulator|Sensitive/);
    expect(await balance(t.key)).toBe(100);
    await sim('/__sim/faults', { method: 'DELETE' });
    const succeeded = await submit(t.key, { prompt: 'fine', model: H3, duration: 4 });
    expect((await waitTask(t.key, succeeded.body.id)).reason).toBeNull();
  });

  it('refunds a running task the provider will not cancel at once, and lists it to the operator until it ends', async () => {
    const t = await newTenant({ credits: 100 });
    await sim('/__sim/config', {
      json: { channel: 'sim-video-a', latency_ms: 2000, queued_percent: 0, cancel_running: false },
    });
    const res = await submit(t.key, { prompt: 'orphan', model: H3, duration: 4 });
    await waitTask(t.key, res.body.id, (x) => x.state === 'running');
    const del = await api<{ task: Task }>(`/videos?id=${res.body.id}`, { key: t.key, method: 'DELETE' });
    expect(del.body.task).toMatchObject({ state: 'cancelled', reason: 'cancelled' });
    expect(await balance(t.key)).toBe(100);
    const open = await orphans({ ended: false });
    expect(open.status).toBe(200);
    const mine = open.body.orphans.find((o) => o.job_id === res.body.id);
    expect(mine).toMatchObject({ tenant_id: t.id, channel: 'sim-video-a', upstream_state: 'running', ended: false });
    expect(mine?.upstream_task_id).toMatch(/^cgt-/);
    let done: Orphan | undefined;
    for (let i = 0; i < 60 && !done?.ended; i++) {
      await new Promise((r) => setTimeout(r, 100));
      done = (await orphans({ ended: true })).body.orphans.find((o) => o.job_id === res.body.id);
    }
    expect(done).toMatchObject({ upstream_state: 'succeeded', ended: true });
    expect(await balance(t.key)).toBe(100);
  });

  it('refuses a bad video-orphans body and anyone but the operator', async () => {
    const t = await newTenant();
    expect((await orphans({ limit: 0 })).status).toBe(400);
    expect((await orphans({ state: 'running' })).status).toBe(400);
    expect((await api('/admin', { key: t.key, body: { action: 'video-orphans' } })).status).toBe(403);
  });
});

describe('the per-tenant video rate limit', () => {
  let server: StudioServer;
  beforeAll(async () => {
    server = await startStudio({ STUDIO_VIDEO_RATE_PER_HOUR: '2' });
  }, 120_000);
  afterAll(async () => {
    await server.stop();
  });

  it('answers 429 with Retry-After past the limit, charging nothing for the refused one', async () => {
    const t = await newTenantOn(server.base);
    for (let i = 0; i < 2; i++)
      expect((await submit(t, { prompt: `r${i}`, model: H3, duration: 4 }, {}, server.base)).status).toBe(200);
    const before = (await api<{ credits: number }>('/balance', { key: t, base: server.base })).body.credits;
    const res = await submit(t, { prompt: 'r3', model: H3, duration: 4 }, {}, server.base);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await api<{ credits: number }>('/balance', { key: t, base: server.base })).body.credits).toBe(before);
  });
});

async function newTenantOn(base: string): Promise<string> {
  const res = await api<{ api_key: string }>('/admin', {
    key: adminKey(),
    base,
    body: { action: 'tenant-create', name: '限流租户', credits: 500, quota_monthly: 5000 },
  });
  if (res.status !== 200) throw new Error(`tenant-create failed: ${JSON.stringify(res.body)}`);
  return res.body.api_key;
}
