import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStudio, type StudioServer } from '../helpers/api-server';
import { adminKey, api, newTenant, sim } from '../helpers/api';
import { balance, H3, submit, videoApiSuite, waitTask, type Task } from '../helpers/video-api';

const suite = videoApiSuite();

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
    const res = await submit(t.key, { prompt: 'refuse me', model: H3, duration: 4, callback_url: suite.receiverUrl });
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
