import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningSim } from '@/sim/testing';
import { jobs, tasks } from '@/server/db/schema';
import { runImageJob } from '@/server/domain/jobs/run';
import { QUEUES, type Task, type TaskPayload } from '@/server/queue/queue';
import { startQueueWorker, type QueueWorker, type TaskContext } from '@/server/queue/worker';
import type { LocalFileStore } from '@/server/storage/store';
import { jobsSuite } from '../helpers/jobs-suite';
import { testConfig, type TestDatabase } from '../helpers/test-db';

/** A rolling restart: a stopping worker gives its unfinished tasks to another one at once. */
const suite = jobsSuite();
let t: TestDatabase;
let sim: RunningSim;
let files: LocalFileStore;
beforeAll(() => {
  ({ t, sim, files } = suite);
});
const { newJob, ledgerOf } = suite;

/** A worker running real image jobs; `seen` records the attempt number of each task it starts. */
function imageWorker(seen: number[], pollMs: number): Promise<QueueWorker> {
  return startQueueWorker(t, {
    concurrency: 10,
    pollMs,
    handlers: {
      [QUEUES.imageJob]: (task: Task<TaskPayload<'image.job'>>, ctx: TaskContext) => {
        seen.push(task.attempt);
        return runImageJob({ db: t.db, config: testConfig(), files, signal: ctx.signal, retryDelayMs: () => 5 }, task);
      },
    },
  });
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}

const jobStatus = async (jobId: string) =>
  (await t.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId)))[0]?.status;

describe('a worker stopping during a rolling restart', () => {
  it('releases a task it could not finish by the deadline; another worker takes it at once and the job is charged once', async () => {
    // The upstream answers slower than the drain deadline: the first worker cannot finish in time.
    await sim.control('/__sim/config', { json: { channel: '*', latency_ms: 20_000 } });
    await sim.control('/__sim/requests', { method: 'DELETE' });
    const first: number[] = [];
    const second: number[] = [];
    let a: QueueWorker | null = null;
    let b: QueueWorker | null = null;
    try {
      a = await imageWorker(first, 50);
      const { tenantId, jobId } = await newJob();
      await until(
        () => Promise.resolve(first.length),
        (n) => n > 0,
        5_000,
      );
      expect(first).toEqual([1]);
      // The first worker's upstream call has arrived (and waits): only then may the upstream speed up again.
      const arrived = await until(
        async () => ((await (await sim.control('/__sim/requests')).json()) as unknown[]).length,
        (n) => n > 0,
        5_000,
      );
      expect(arrived).toBe(1);
      // The second worker polls only once a minute: only the release's wake-up can make it claim in time
      // (the task's lease is five minutes).
      b = await imageWorker(second, 60_000);
      await sim.control('/__sim/config', { json: { channel: '*', latency_ms: 0 } });

      const stopping = Date.now();
      await a.stop(300);
      const status = await until(
        () => jobStatus(jobId),
        (s) => s !== 'pending',
        5_000,
      );
      expect(status).toBe('done');
      expect(Date.now() - stopping).toBeLessThan(5_000);
      // The interrupted run was not counted: the second worker ran attempt 1 again.
      expect(second).toEqual([1]);
      expect(await ledgerOf(tenantId)).toEqual([
        { kind: 'adjust', amount: 100 },
        { kind: 'charge', amount: -4 },
      ]);
      // The task is removed just after the job ends.
      expect(
        await until(
          () => t.db.select().from(tasks).where(eq(tasks.queue, QUEUES.imageJob)),
          (r) => r.length === 0,
          2_000,
        ),
      ).toHaveLength(0);
    } finally {
      await sim.control('/__sim/config', { json: { channel: '*', latency_ms: 0 } });
      await a?.stop(100);
      await b?.stop(1000);
    }
  });

  it('lets a task that finishes within the deadline complete instead of releasing it', async () => {
    await sim.control('/__sim/config', { json: { channel: '*', latency_ms: 400 } });
    const seen: number[] = [];
    const a = await imageWorker(seen, 50);
    try {
      const { tenantId, jobId } = await newJob();
      await until(
        () => Promise.resolve(seen.length),
        (n) => n > 0,
        5_000,
      );
      await a.stop(10_000);
      expect(await jobStatus(jobId)).toBe('done');
      expect(seen).toEqual([1]);
      expect(await t.db.select().from(tasks).where(eq(tasks.queue, QUEUES.imageJob))).toHaveLength(0);
      expect((await ledgerOf(tenantId)).filter((e) => e.kind !== 'adjust')).toEqual([{ kind: 'charge', amount: -4 }]);
    } finally {
      await sim.control('/__sim/config', { json: { channel: '*', latency_ms: 0 } });
    }
  });
});
