import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { tasks } from '@/server/db/schema';
import { claim, completeTasks, enqueue, QUEUES } from '@/server/queue/queue';
import { parked } from '@/server/queue/slots';
import { startQueueWorker } from '@/server/queue/worker';
import { rowsOf } from '@/server/db/rows';
import { sql } from 'drizzle-orm';
import { suiteDatabase } from '../helpers/suite-db';

const t = suiteDatabase();

describe('typed task payloads', () => {
  it('hands a claimed task its parsed payload, and drops one that does not match its queue without a retry', async () => {
    const jobId = randomUUID();
    await t.db.transaction((tx) => enqueue(tx, QUEUES.callback, { jobId }));
    // Written around the queue's schema, as an older release or a hand edit might have.
    await t.db.insert(tasks).values([
      { queue: QUEUES.imageJob, payload: { jobId: 42 } },
      { queue: 'no.such.queue', payload: {} },
    ]);

    const claimed = await claim(t.db, [QUEUES.imageJob, QUEUES.callback], 10, 60_000, 'w-test');
    expect(claimed).toEqual([expect.objectContaining({ queue: QUEUES.callback, payload: { jobId }, attempt: 1 })]);
    // The malformed image task is gone for good; the unknown queue's task was never claimed.
    expect((await t.db.select({ queue: tasks.queue }).from(tasks)).map((r) => r.queue).sort()).toEqual([
      QUEUES.callback,
      'no.such.queue',
    ]);
  });

  it('refuses to enqueue a payload its queue does not take', async () => {
    await expect(t.db.transaction((tx) => enqueue(tx, QUEUES.imageJob, { jobId: 'not-a-uuid' }))).rejects.toThrow(
      /jobId/,
    );
  });

  it('claims and removes tasks with an asynchronous commit of their own, leaving the connection as it was', async () => {
    const jobId = randomUUID();
    await t.db.transaction((tx) => enqueue(tx, QUEUES.callback, { jobId }));
    // Run inside a transaction only to look at the setting the statements leave for their commit.
    const modes = await t.db.transaction(async (tx) => {
      const mode = async () =>
        rowsOf<{ mode: string }>(await tx.execute(sql`select current_setting('synchronous_commit') as mode`))[0]?.mode;
      const before = await mode();
      const claimed = await claim(tx, [QUEUES.callback], 10, 60_000, 'w-async');
      const afterClaim = await mode();
      await completeTasks(
        tx,
        claimed.map((c) => c.id),
      );
      return { before, claimed: claimed.length, afterClaim };
    });
    expect(modes).toEqual({ before: 'on', claimed: 1, afterClaim: 'off' });
    expect(
      rowsOf<{ mode: string }>(await t.db.execute(sql`select current_setting('synchronous_commit') as mode`))[0]?.mode,
    ).toBe('on');
    expect(
      (await t.db.select({ payload: tasks.payload }).from(tasks)).filter(
        (r) => (r.payload as { jobId?: string }).jobId === jobId,
      ),
    ).toEqual([]);
  });
});

describe('parked waits', () => {
  /** Two tasks on a one-slot worker; the first waits 400 ms, parked or not. Answers when each started and ended. */
  async function twoTasks(park: boolean) {
    const times: { task: string; start: number; end: number }[] = [];
    const ids = [randomUUID(), randomUUID()];
    await t.db.transaction(async (tx) => {
      for (const jobId of ids) await enqueue(tx, QUEUES.callback, { jobId });
    });
    const t0 = performance.now();
    const worker = await startQueueWorker(t, {
      concurrency: 1,
      pollMs: 20,
      handlers: {
        [QUEUES.callback]: async (task) => {
          const start = performance.now() - t0;
          const wait = new Promise((r) => setTimeout(r, task.payload.jobId === ids[0] ? 400 : 10));
          await (park ? parked(wait) : wait);
          times.push({ task: task.payload.jobId === ids[0] ? 'first' : 'second', start, end: performance.now() - t0 });
        },
      },
    });
    try {
      const deadline = Date.now() + 5_000;
      while (times.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    } finally {
      await worker.stop(1_000);
    }
    const first = times.find((x) => x.task === 'first');
    const second = times.find((x) => x.task === 'second');
    if (!first || !second) throw new Error('a task did not run');
    return { first, second };
  }

  it('frees the slot of a task waiting between polls: a one-slot worker runs another task meanwhile', async () => {
    const { first, second } = await twoTasks(true);
    expect(second.end).toBeLessThan(first.end);
  });

  it('keeps the slot of a task that waits otherwise', async () => {
    const { first, second } = await twoTasks(false);
    expect(second.start).toBeGreaterThanOrEqual(first.end);
  });
});
