import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { ASYNC_COMMIT, hotStatement, rowsOf } from '@/server/db/rows';
import { currentTraceParent } from '@/server/tracing/tracing';
import { tasks, type TaskRow } from '@/server/db/schema';
import { logger } from '@/server/logger';
import { currentRequestId } from '@/server/request-id';
import { taskPayloads, type QueueName, type TaskPayload } from './payloads';

export { QUEUES, type QueueName, type TaskPayload } from './payloads';

/** Channel workers LISTEN on; pg_notify inside the enqueuing transaction is delivered at commit. */
export const TASK_CHANNEL = 'studio_tasks';

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
}

/** Adds work in the caller's transaction, so it exists exactly when the caller's writes do. */
export async function enqueue<Q extends QueueName>(
  tx: Db,
  queue: Q,
  payload: TaskPayload<Q>,
  opts: EnqueueOptions = {},
): Promise<void> {
  await enqueueMany(tx, queue, [payload], opts);
}

export async function enqueueMany<Q extends QueueName>(
  tx: Db,
  queue: Q,
  payloads: TaskPayload<Q>[],
  opts: EnqueueOptions = {},
): Promise<void> {
  if (payloads.length === 0) return;
  // One statement inserts and announces (a data-modifying CTE always runs): one round trip, not two.
  await tx.execute(sql`with i as (${enqueueStatement(tx, queue, payloads, opts)}) select 1`);
}

/**
 * The insert of `payloads` into `queue` that also announces them, as a statement to run as a `WITH`
 * part of another. Each row's RETURNING calls pg_notify; PostgreSQL sends identical notifications of
 * one transaction once, at commit.
 */
function enqueueStatement<Q extends QueueName>(
  tx: Db,
  queue: Q,
  payloads: TaskPayload<Q>[],
  opts: EnqueueOptions = {},
): SQL {
  const schema = taskPayloads[queue];
  return tx
    .insert(tasks)
    .values(
      payloads.map((payload) => ({
        queue,
        payload: schema.parse(payload),
        runAt: opts.runAt ?? new Date(),
        maxAttempts: opts.maxAttempts ?? 3,
        requestId: currentRequestId() ?? null,
        traceParent: currentTraceParent(),
      })),
    )
    .returning({ announced: sql`pg_notify(${TASK_CHANNEL}, ${queue})` })
    .getSQL();
}

/**
 * The insert that queues one task per job of a `WITH` part (`jobs`, whose rows have `id` and
 * `request_id`) on the queue named by `queue`, announcing them: for statements that insert jobs and
 * queue their work in one round trip (submit.ts). The payload is `{jobId}`, the payload of every
 * job queue (payloads.ts), built from the inserted row's id.
 */
export function jobTasksStatement(queue: SQL, jobs: SQL, traceParent: SQL, maxAttempts = 3): SQL {
  // Every job of one statement comes from one request: its span (when tracing) is every task's parent.
  return sql`insert into ${tasks} (queue, payload, max_attempts, request_id, trace_parent)
      select ${queue}::text, jsonb_build_object('jobId', ${jobs}.id), ${maxAttempts}, ${jobs}.request_id, ${traceParent}::text from ${jobs}
      returning pg_notify(${TASK_CHANNEL}, queue)`;
}

interface ClaimedRow {
  id: number | string;
  queue: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  request_id: string | null;
  trace_parent?: string | null;
  row?: Record<string, unknown> | null;
}

/**
 * A read the claim makes for each task it claims, in the same statement: what the task's handler would
 * otherwise read first in a second round trip (a video job, its task and its tenant's binding). `select`
 * is one SQL expression over the claimed row, named `tasks`; its value reaches the handler as `task.row`.
 */
export interface ClaimRead {
  /** The statement's name among the compiled claims. */
  name: string;
  select: SQL;
}

/** A task as its handler sees it: the payload parsed with its queue's schema. */
export interface Task<P> {
  id: number;
  payload: P;
  /** 1 on the first run; more when an earlier run failed or its worker died. */
  attempt: number;
  maxAttempts: number;
  /** The request that set the task off, when one did: current while the task runs. */
  requestId?: string | null;
  /** The span that queued it (W3C traceparent), when tracing is on. */
  traceParent?: string | null;
  /** What the lane's {@link ClaimRead} read with the claim; absent without one (or for tasks claimed otherwise). */
  row?: Record<string, unknown> | null;
}

/** A claimed task of any queue, told apart by `queue`. */
export type ClaimedTask = { [Q in QueueName]: Task<TaskPayload<Q>> & { queue: Q } }[QueueName];

const isQueue = (queue: string): queue is QueueName => Object.hasOwn(taskPayloads, queue);

/** Parses a claimed row's payload; a row that does not parse is removed (with its reason logged). */
async function parseClaimed(db: Db, r: ClaimedRow): Promise<ClaimedTask | null> {
  const base = {
    id: Number(r.id),
    attempt: r.attempts,
    maxAttempts: r.max_attempts,
    requestId: r.request_id,
    traceParent: r.trace_parent ?? null,
    ...(r.row !== undefined ? { row: r.row } : {}),
  };
  if (isQueue(r.queue)) {
    const parsed = taskPayloads[r.queue].safeParse(r.payload);
    // The payload parsed with this queue's schema, so it is this queue's task.
    if (parsed.success) return { ...base, queue: r.queue, payload: parsed.data } as ClaimedTask;
    logger.error(
      { queue: r.queue, task: base.id, issues: parsed.error.issues },
      'task payload does not match its queue; dropped',
    );
  } else {
    logger.error({ queue: r.queue, task: base.id }, 'task of an unknown queue; dropped');
  }
  await completeTask(db, base.id);
  return null;
}

/** The claim, compiled once (once per read made with it): a worker runs it on every wake-up. */
const claimStatement = (read: ClaimRead | undefined) =>
  hotStatement<string>(
    (v) => sql`
    update tasks
       set locked_until = now() + (${v('lease')}::integer * interval '1 millisecond'),
           locked_by = ${v('worker')}::text,
           attempts = attempts + 1
     where id in (
       select id from tasks
        where queue = any(${v('queues')}::text[])
          and run_at <= now()
          and (locked_until is null or locked_until < now())
        order by run_at
        limit ${v('limit')}::integer
        for update skip locked)
     returning id, queue, payload, attempts, max_attempts, request_id, trace_parent, ${ASYNC_COMMIT} as commit_mode${
       read ? sql`, ${read.select} as row` : sql``
     }`,
  );
const claims = new Map<string, ReturnType<typeof claimStatement>>();

/**
 * Claims up to `limit` due tasks under a lease (with `read`, what each task's handler reads first is read
 * in the same statement), committed asynchronously (`ASYNC_COMMIT`): a claim lost in a database crash
 * leaves the task due again, as if never claimed. SKIP LOCKED lets many workers claim at once without
 * waiting on each other; a task whose lease expired (its worker died) is due again.
 */
export async function claim<Q extends QueueName>(
  db: Db,
  queues: readonly Q[],
  limit: number,
  leaseMs: number,
  workerId: string,
  read?: ClaimRead,
): Promise<Extract<ClaimedTask, { queue: Q }>[]> {
  if (limit <= 0) return [];
  const name = read?.name ?? '';
  let statement = claims.get(name);
  if (!statement) claims.set(name, (statement = claimStatement(read)));
  const rows = await statement<ClaimedRow>(db, 'claim', {
    queues: `{${queues.join(',')}}`,
    lease: leaseMs,
    worker: workerId,
    limit,
  });
  const claimed = await Promise.all(rows.map((r) => parseClaimed(db, r)));
  return claimed.filter(
    (t): t is Extract<ClaimedTask, { queue: Q }> => t !== null && (queues as readonly string[]).includes(t.queue),
  );
}

/** Renews the leases of tasks still running in this worker. */
export async function extendLeases(db: Db, ids: number[], leaseMs: number, workerId: string): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update tasks set locked_until = now() + (${leaseMs} * interval '1 millisecond')
     where locked_by = ${workerId} and id in (${sql.join(
       ids.map((id) => sql`${id}`),
       sql`, `,
     )})`);
}

export async function completeTask(db: Db, id: number): Promise<void> {
  await db.execute(sql`delete from tasks where id = ${id}`);
}

/**
 * Removes finished tasks, any number in one statement, committed asynchronously: a removal lost in a
 * database crash runs the task again once its lease ends, and its handler finds the work already done.
 */
export async function completeTasks(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(tasks).where(inArray(tasks.id, ids)).returning({ commit: ASYNC_COMMIT });
}

/**
 * Puts a task that finished one step back to run again at `now + delayMs`, as a fresh attempt: a
 * long task (polling a video) holds no worker slot or connection while it waits. With `queue` the task
 * moves to that queue (its payload must be that queue's too); a task due at once is announced.
 */
export async function rescheduleTask(db: Db, id: number, delayMs: number, queue?: QueueName): Promise<void> {
  const ms = Math.max(0, Math.round(delayMs));
  await db.execute(sql`
    update tasks set locked_until = null, locked_by = null, attempts = 0, last_error = null,
           run_at = now() + (${ms} * interval '1 millisecond')${queue ? sql`, queue = ${queue}` : sql``}
     where id = ${id}
     ${ms === 0 ? sql`returning pg_notify(${TASK_CHANNEL}, queue)` : sql``}`);
}

/**
 * Gives back the tasks a stopping worker still holds, unfinished: claimable at once by any worker (not
 * when the lease would have run out), and the interrupted run is not counted as an attempt. The other
 * workers are woken. Answers the released tasks' queues, one entry per task.
 */
export async function releaseTasks(db: Db, workerId: string): Promise<string[]> {
  const result = await db.execute(sql`
    update tasks set locked_until = null, locked_by = null, attempts = greatest(attempts - 1, 0), run_at = least(run_at, now())
     where locked_by = ${workerId}
     returning queue`);
  const queues = rowsOf<{ queue: string }>(result).map((r) => r.queue);
  for (const queue of new Set(queues)) await db.execute(sql`select pg_notify(${TASK_CHANNEL}, ${queue})`);
  return queues;
}

/** Puts a failed task back for a later attempt. */
export async function retryTask(db: Db, id: number, delayMs: number, error: string): Promise<void> {
  await db.execute(sql`
    update tasks set locked_until = null, locked_by = null, last_error = ${error.slice(0, 2000)},
           run_at = now() + (${delayMs} * interval '1 millisecond')
     where id = ${id}`);
}

export type { TaskRow };
