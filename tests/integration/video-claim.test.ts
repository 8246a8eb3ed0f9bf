import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '@/sim/testing';
import type { Config } from '@/server/config';
import { jobEvents, jobs, ledgerEntries, tasks, videoTasks } from '@/server/db/schema';
import { videoJobOf, VIDEO_CLAIM_READ } from '@/server/domain/videos/claimed';
import { submitVideo } from '@/server/domain/videos/submit';
import { claim, QUEUES } from '@/server/queue/queue';
import type { LocalFileStore } from '@/server/storage/store';
import { simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { startVideoWorker } from '../helpers/video-reads';
import { newVideoTenant } from '../helpers/video-tenant';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

/** A video submission's one statement, and the claim that reads the job back for the worker's step. */

let t: TestDatabase;
let sim: RunningSim;
let config: Config;
let files: LocalFileStore;

beforeAll(async () => {
  t = await createTestDatabase();
  sim = await startSim();
  await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url), 'simulator');
  const started = await startVideoWorker(t, 'video-claim', 5);
  // No worker here: the test claims the tasks itself.
  await started.worker.stop(1000);
  ({ config, files } = started);
});
afterAll(async () => {
  await sim.close();
  await t.close();
});

const deps = () => ({ db: t.db, config, files });

describe('a video submission and its claim', () => {
  it('writes the job, its video task, its queue row, its event and its charge together', async () => {
    const who = await newVideoTenant(t.db, '一条语句');
    const sub = await submitVideo(
      deps(),
      who,
      { prompt: 'one statement', model: 'videomodel-H3', duration: 6 },
      { idempotencyKey: null },
    );
    const [job] = await t.db.select().from(jobs).where(eq(jobs.id, sub.id));
    expect(job).toMatchObject({ kind: 'video', status: 'pending', tenantId: who.tenantId });
    const [vt] = await t.db.select().from(videoTasks).where(eq(videoTasks.id, sub.id));
    expect(vt).toMatchObject({ tier: 'videomodel-H3', state: 'queued', upstreamTaskId: null, tenantId: who.tenantId });
    const queued = (await t.db.select().from(tasks)).filter((r) => r.payload.jobId === sub.id);
    expect(queued.map((r) => r.queue)).toEqual([QUEUES.videoJob]);
    const events = await t.db.select().from(jobEvents).where(eq(jobEvents.jobId, sub.id));
    expect(events.map((e) => e.type)).toEqual(['job.created']);
    const ledger = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.tenantId, who.tenantId));
    const charge = ledger.find((l) => l.kind === 'charge');
    expect(charge).toMatchObject({ amount: -(job?.credits ?? 0), category: 'video', ref: sub.id, note: '6 s video' });
    expect(job?.credits).toBeGreaterThan(0);
  });

  it('answers the job, its video task and the binding with the claim, equal to reading them afterwards', async () => {
    const who = await newVideoTenant(t.db, '认领读取');
    const sub = await submitVideo(
      deps(),
      who,
      { prompt: 'read with the claim', model: 'videomodel-H3', duration: 6 },
      { idempotencyKey: null },
    );
    const claimed = await claim(t.db, [QUEUES.videoJob], 100, 60_000, 'claim-test', VIDEO_CLAIM_READ);
    const task = claimed.find((c) => c.payload.jobId === sub.id);
    expect(task?.row).toBeTruthy();
    if (!task) return;
    const withClaim = await videoJobOf(t.db, task);
    const readAfter = await videoJobOf(t.db, { ...task, row: undefined });
    expect(withClaim?.job.id).toBe(sub.id);
    expect(withClaim?.job.createdAt).toBeInstanceOf(Date);
    expect(withClaim).toEqual(readAfter);
  });

  it('reads nothing for tasks of other queues, nor for a job that is gone', async () => {
    const who = await newVideoTenant(t.db, '无关队列');
    const sub = await submitVideo(
      deps(),
      who,
      { prompt: 'gone before its step', model: 'videomodel-H3', duration: 6 },
      { idempotencyKey: null },
    );
    await t.db.insert(tasks).values({ queue: QUEUES.callback, payload: { jobId: sub.id } });
    await t.db.delete(jobs).where(eq(jobs.id, sub.id));
    const claimed = await claim(
      t.db,
      [QUEUES.videoJob, QUEUES.callback],
      100,
      60_000,
      'claim-test-2',
      VIDEO_CLAIM_READ,
    );
    const mine = claimed.filter((c) => c.payload.jobId === sub.id);
    expect(mine.map((c) => [c.queue, c.row])).toEqual(
      expect.arrayContaining([
        [QUEUES.videoJob, null],
        [QUEUES.callback, null],
      ]),
    );
    const step = mine.find((c) => c.queue === QUEUES.videoJob);
    expect(step && (await videoJobOf(t.db, step as Parameters<typeof videoJobOf>[1]))).toBeUndefined();
  });
});
