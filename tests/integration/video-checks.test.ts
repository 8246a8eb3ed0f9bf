import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SimRequestRecord } from '@/sim/request-log';
import { startSim, type RunningSim } from '@/sim/testing';
import type { Config } from '@/server/config';
import { ledgerEntries, tasks, videoTasks } from '@/server/db/schema';
import { OPERATOR, type ScopedIdentity } from '@/server/domain/auth/identity';
import { createTenant } from '@/server/domain/tenants/tenants';
import { forTests as renderTimes } from '@/server/domain/videos/render-times';
import { submitVideo } from '@/server/domain/videos/submit';
import { startLanes } from '@/server/queue/lanes';
import { claim, enqueue, QUEUES } from '@/server/queue/queue';
import type { QueueWorker } from '@/server/queue/worker';
import type { LocalFileStore } from '@/server/storage/store';
import { flushAttempts } from '@/server/upstreams/engine';
import { simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { startVideoLanes, startVideoWorker, videoReads, waitFor } from '../helpers/video-reads';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

/**
 * When the worker creates and checks upstream video tasks: creations in a lane of their own, the first
 * status check near the end of the tier's learned render time, a restart during the checks resuming the
 * task. Checked against the simulator's Ark video channel (Ark's task API, `GET .../tasks/{id}`, 2025-06).
 */

let t: TestDatabase;
let sim: RunningSim;
let config: Config;
let files: LocalFileStore;
let worker: QueueWorker;

const H3 = 'videomodel-H3';
// Whole seconds: Ark's task times are in seconds, so a render of whole seconds is learned exactly.
const RENDER_MS = 3_000;

beforeAll(async () => {
  t = await createTestDatabase();
  sim = await startSim();
  await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url), 'simulator');
  ({ config, files, worker } = await startVideoWorker(t, 'video-checks', 20));
  // Checks after the first come every tenth of the render time, up to pollMaxMs.
  config.video = { ...config.video, pollMaxMs: 1_000 };
});
afterAll(async () => {
  await worker.stop(1000);
  await sim.close();
  await t.close();
});
afterEach(async () => {
  await sim.control('/__sim/reset', { method: 'POST' });
  renderTimes.learned.clear();
});

async function newTenant(): Promise<ScopedIdentity & { kind: 'tenant' }> {
  const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
    name: '视频检查',
    credits: 1000,
    quota_monthly: 0,
  });
  return { kind: 'tenant', tenantId: tenant.id, via: 'key' };
}

const { finished } = videoReads(() => t.db);
const submit = (who: ScopedIdentity, prompt: string) =>
  submitVideo({ db: t.db, config, files }, who, { prompt, model: H3, duration: 4 }, { idempotencyKey: null });

async function rowOf(id: string) {
  const [vt] = await t.db.select().from(videoTasks).where(eq(videoTasks.id, id));
  if (!vt) throw new Error('no video task');
  return vt;
}

/** The simulator's requests for one upstream task: its creation and its status checks, by time. */
async function requestsFor(upstreamTaskId: string) {
  const all = (await (await sim.control('/__sim/requests?limit=5000')).json()) as SimRequestRecord[];
  const checks = all.filter((r) => r.method === 'GET' && r.path.includes(upstreamTaskId));
  return checks.map((r) => Date.parse(r.at));
}

async function creations(): Promise<number> {
  const all = (await (await sim.control('/__sim/requests?limit=5000')).json()) as SimRequestRecord[];
  return all.filter((r) => r.method === 'POST' && r.path.includes('tasks')).length;
}

describe('status checks of an upstream video task', () => {
  it('come first near the end of the render time learned from finished tasks, so a task is checked about 3 times', async () => {
    await sim.control('/__sim/config', { json: { channel: '*', latency_ms: RENDER_MS, queued_percent: 0 } });
    const who = await newTenant();
    // Nothing learned yet: the back-off from pollFirstMs (50 ms, doubling up to 1 s) checks it from the start.
    const first = await submit(who, 'first');
    expect((await finished(who, first.id, 20_000)).job_status).toBe('done');
    const firstVt = await rowOf(first.id);
    const unlearned = firstVt.polls + 1;
    // Seven at the back-off's own pace; fewer when the machine is slow, but always checked early and often.
    expect(unlearned).toBeGreaterThanOrEqual(4);
    const early = await requestsFor(firstVt.upstreamTaskId ?? '');
    expect((early[0] ?? Infinity) - (firstVt.upstreamCreatedAt ?? new Date()).getTime()).toBeLessThan(0.5 * RENDER_MS);

    // The next task of the tier on that upstream: its first check waits for 80 % of the learned time.
    const second = await submit(who, 'second');
    const created = await waitFor(
      () => rowOf(second.id),
      (vt) => vt.upstreamTaskId !== null,
    );
    // The queue row moves to the check lane right after the task id is stored (the lane's reschedule).
    const row = await waitFor(
      async () => {
        const [r] = await t.db
          .select({ queue: tasks.queue, dueInMs: sql<number>`extract(epoch from (${tasks.runAt} - now())) * 1000` })
          .from(tasks)
          .where(sql`${tasks.payload}->>'jobId' = ${second.id}`);
        return r;
      },
      (r) => r?.queue === QUEUES.videoCheck,
    );
    expect(row?.queue).toBe(QUEUES.videoCheck);
    expect(Number(row?.dueInMs)).toBeGreaterThan(0.8 * RENDER_MS - 300);
    expect((await finished(who, second.id, 20_000)).job_status).toBe('done');
    const vt = await rowOf(second.id);
    expect(vt.polls + 1).toBeLessThanOrEqual(4);
    const checks = await requestsFor(vt.upstreamTaskId ?? created.upstreamTaskId ?? '');
    const createdAt = (vt.upstreamCreatedAt ?? new Date()).getTime();
    expect(checks.length).toBe(vt.polls + 1);
    expect((checks[0] ?? 0) - createdAt).toBeGreaterThanOrEqual(0.8 * RENDER_MS - 50);
  });

  it('learn from the task ends recorded in the database when this worker has not seen the tier (a restarted worker)', async () => {
    await sim.control('/__sim/config', { json: { channel: '*', latency_ms: RENDER_MS, queued_percent: 0 } });
    const who = await newTenant();
    const first = await submit(who, 'before the restart');
    expect((await finished(who, first.id, 20_000)).job_status).toBe('done');
    await flushAttempts();
    renderTimes.learned.clear();
    const second = await submit(who, 'after the restart');
    expect((await finished(who, second.id, 20_000)).job_status).toBe('done');
    expect((await rowOf(second.id)).polls + 1).toBeLessThanOrEqual(4);
  });

  it('resume the same upstream task when the worker holding a check dies: not created again, charged once', async () => {
    await sim.control('/__sim/config', { json: { channel: '*', latency_ms: RENDER_MS, queued_percent: 0 } });
    const who = await newTenant();
    const sub = await submit(who, 'restart while checking');
    const open = await waitFor(
      () => rowOf(sub.id),
      (vt) => vt.upstreamTaskId !== null,
    );
    await worker.stop(1000);
    try {
      // A worker claims the status check under a short lease and "dies" without finishing it.
      await t.db
        .update(tasks)
        .set({ runAt: new Date() })
        .where(sql`${tasks.payload}->>'jobId' = ${sub.id}`);
      const claimed = await claim(t.db, [QUEUES.videoCheck], 10, 200, 'dead-worker');
      expect(claimed.map((c) => c.payload.jobId)).toContain(sub.id);
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      worker = await startVideoLanes(t, config, files, 20);
    }
    expect((await finished(who, sub.id, 20_000)).job_status).toBe('done');
    const vt = await rowOf(sub.id);
    expect(vt.upstreamTaskId).toBe(open.upstreamTaskId);
    expect(await creations()).toBe(1);
    const charges = await t.db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tenantId, who.tenantId), eq(ledgerEntries.kind, 'charge')));
    expect(charges).toHaveLength(1);
  });
});

describe('the creation lane', () => {
  it('runs a new task at once while every status-check slot is held', async () => {
    const ran: string[] = [];
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const ids = Array.from({ length: 6 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
    const lanes = await startLanes(t, [
      {
        concurrency: 2,
        pollMs: 50,
        handlers: {
          [QUEUES.videoJob]: (task) => {
            ran.push(task.payload.jobId);
            return Promise.resolve();
          },
        },
      },
      {
        concurrency: 2,
        pollMs: 50,
        handlers: {
          [QUEUES.videoCheck]: async (task) => {
            ran.push(task.payload.jobId);
            await held;
          },
        },
      },
    ]);
    try {
      await worker.stop(1000);
      for (const jobId of ids.slice(0, 5)) await enqueue(t.db, QUEUES.videoCheck, { jobId });
      await waitFor(
        () => Promise.resolve(ran.length),
        (n) => n >= 2,
      );
      const before = Date.now();
      await enqueue(t.db, QUEUES.videoJob, { jobId: ids[5] ?? '' });
      await waitFor(
        () => Promise.resolve(ran.includes(ids[5] ?? '')),
        (v) => v,
        3_000,
      );
      expect(ran).toContain(ids[5]);
      expect(Date.now() - before).toBeLessThan(1_000);
      // The checks still wait for their slots: only two of the five ran.
      expect(ran.filter((id) => id !== ids[5])).toHaveLength(2);
    } finally {
      release();
      await lanes.stop(1000);
      await t.db.delete(tasks).where(sql`${tasks.payload}->>'jobId' like '00000000-0000-4000-8000-%'`);
      worker = await startVideoLanes(t, config, files, 20);
    }
  });
});
