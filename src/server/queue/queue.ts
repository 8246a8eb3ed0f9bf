import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { tasks, type TaskRow } from '../db/schema';

/** Every queue name, with the zod-free payload shape its handler re-parses. */
export const QUEUES = { imageJob: 'image.job', callback: 'callback.deliver' } as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Channel workers LISTEN on; pg_notify inside the enqueuing transaction is delivered at commit. */
export const TASK_CHANNEL = 'studio_tasks';

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
}

/** Adds work in the caller's transaction, so it exists exactly when the caller's writes do. */
export async function enqueue(tx: Db, queue: QueueName, payload: Record<string, unknown>, opts: EnqueueOptions = {}): Promise<void> {
  await enqueueMany(tx, queue, [payload], opts);
}

export async function enqueueMany(tx: Db, queue: QueueName, payloads: Record<string, unknown>[], opts: EnqueueOptions = {}): Promise<void> {
  if (payloads.length === 0) return;
  await tx.insert(tasks).values(
    payloads.map((payload) => ({ queue, payload, runAt: opts.runAt ?? new Date(), maxAttempts: opts.maxAttempts ?? 3 })),
  );
  await tx.execute(sql`select pg_notify(${TASK_CHANNEL}, ${queue})`);
}

interface ClaimedRow {
  id: number | string;
  queue: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

export interface ClaimedTask {
  id: number;
  queue: string;
  payload: Record<string, unknown>;
  /** 1 on the first run; more when an earlier run failed or its worker died. */
  attempt: number;
  maxAttempts: number;
}

/**
 * Claims up to `limit` due tasks under a lease. SKIP LOCKED lets many workers claim at once without
 * waiting on each other; a task whose lease expired (its worker died) is due again.
 */
export async function claim(db: Db, queues: readonly string[], limit: number, leaseMs: number, workerId: string): Promise<ClaimedTask[]> {
  if (limit <= 0) return [];
  const queueList = sql.join(queues.map((q) => sql`${q}`), sql`, `);
  const result = await db.execute(sql`
    update tasks
       set locked_until = now() + (${leaseMs} * interval '1 millisecond'),
           locked_by = ${workerId},
           attempts = attempts + 1
     where id in (
       select id from tasks
        where queue in (${queueList})
          and run_at <= now()
          and (locked_until is null or locked_until < now())
        order by run_at
        limit ${limit}
        for update skip locked)
     returning id, queue, payload, attempts, max_attempts`);
  return rowsOf<ClaimedRow>(result).map((r) => ({
    id: Number(r.id),
    queue: r.queue,
    payload: r.payload,
    attempt: r.attempts,
    maxAttempts: r.max_attempts,
  }));
}

/** Renews the leases of tasks still running in this worker. */
export async function extendLeases(db: Db, ids: number[], leaseMs: number, workerId: string): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update tasks set locked_until = now() + (${leaseMs} * interval '1 millisecond')
     where locked_by = ${workerId} and id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
}

export async function completeTask(db: Db, id: number): Promise<void> {
  await db.execute(sql`delete from tasks where id = ${id}`);
}

/** Puts a failed task back for a later attempt. */
export async function retryTask(db: Db, id: number, delayMs: number, error: string): Promise<void> {
  await db.execute(sql`
    update tasks set locked_until = null, locked_by = null, last_error = ${error.slice(0, 2000)},
           run_at = now() + (${delayMs} * interval '1 millisecond')
     where id = ${id}`);
}

export type { TaskRow };
