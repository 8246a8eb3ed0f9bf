import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { Database } from '@/server/db/client';
import { logger } from '@/server/logger';
import { withRequestId } from '@/server/request-id';
import { inTaskSpan } from '@/server/tracing/tracing';
import type { QueueName, TaskPayload } from './payloads';
import { metrics } from '@/server/metrics/registry';
import { coalesce } from './coalesce';
import { runInSlot, type Slot } from './slots';
import {
  claim,
  completeTask,
  completeTasks,
  extendLeases,
  releaseTasks,
  rescheduleTask,
  retryTask,
  TASK_CHANNEL,
  type ClaimedTask,
  type ClaimRead,
  type Task,
} from './queue';

/** What a task's span says of it: its queue's job id, when the payload names one (never its input). */
function taskAttributes(task: { payload: unknown }): Record<string, string> {
  const jobId = (task.payload as { jobId?: unknown } | null)?.jobId;
  return typeof jobId === 'string' ? { 'studio.job.id': jobId } : {};
}

export interface TaskContext {
  /**
   * Aborted when a stopping worker's drain deadline passes; long work should give up promptly (throw)
   * and leave its writes re-runnable: the task is released and runs again on another worker.
   */
  signal: AbortSignal;
}

/** Answered by a handler whose task should run again later (the next step of a long task). */
export interface Reschedule {
  rescheduleInMs: number;
  /** The queue the next step waits in, when not the task's own (its payload must be that queue's too). */
  queue?: QueueName;
}

/**
 * A handler finishes the task by returning; returning `{rescheduleInMs}` runs it again later as a fresh
 * attempt; throwing puts it back for another attempt until maxAttempts.
 */
export type TaskHandler<Q extends QueueName> = (
  task: Task<TaskPayload<Q>>,
  ctx: TaskContext,
) => Promise<void | Reschedule>;

/** One handler per queue this worker serves, each receiving its queue's parsed payload. */
export type TaskHandlers = { [Q in QueueName]?: TaskHandler<Q> };

export interface QueueWorkerOptions {
  handlers: TaskHandlers;
  /** Tasks running at once in this process (each mostly waits on an upstream). */
  concurrency: number;
  leaseMs?: number;
  pollMs?: number;
  retryDelayMs?: (attempt: number) => number;
  /** What the claim reads with each task for its handler (queue.ts `ClaimRead`). */
  read?: ClaimRead;
}

export interface QueueWorker {
  /**
   * Stops claiming, lets running tasks finish for up to `drainMs`, then aborts the rest and releases
   * them: another worker claims them at once, and the interrupted run is not counted as an attempt.
   */
  stop(drainMs?: number): Promise<void>;
  inFlight(): number;
  /** Running tasks waiting between polls without holding a slot (queue/slots.ts). */
  parked(): number;
}

/**
 * Claims and runs tasks with bounded concurrency. Woken by NOTIFY when work is enqueued anywhere,
 * and by a slow poll for delayed tasks and leases that expired.
 */
export async function startQueueWorker(database: Database, opts: QueueWorkerOptions): Promise<QueueWorker> {
  const workerId = `w-${randomUUID()}`;
  const leaseMs = opts.leaseMs ?? 5 * 60_000;
  const pollMs = opts.pollMs ?? 1000;
  const retryDelay = opts.retryDelayMs ?? ((attempt: number) => Math.min(60_000, 2_000 * 2 ** (attempt - 1)));
  const queues = Object.keys(opts.handlers) as QueueName[];
  const controller = new AbortController();
  // Every running task's upstream call listens on this signal: thousands at once is the normal case.
  setMaxListeners(0, controller.signal);
  const running = new Map<number, Promise<void>>();
  // Running tasks waiting between polls of a provider's task (queue/slots.ts): they do not hold a slot,
  // up to ten times the concurrency (what a parked task keeps in memory is small, not nothing).
  let parkedNow = 0;
  const maxParked = opts.concurrency * 10;
  const slot: Slot = {
    park: () => {
      parkedNow++;
      void pump();
    },
    unpark: () => {
      parkedNow--;
    },
  };
  // Tasks that end in the same turn of the event loop are deleted in one statement.
  const complete = coalesce(async (ids: number[]) => {
    await completeTasks(database.db, ids);
    return new Map<number, true>();
  }, 'immediate');
  let claiming = false;
  let again = false;
  let stopping = false;

  const runTask = async (task: ClaimedTask) => {
    // Each queue's handler takes that queue's payload; `claim` parsed it with the same schema.
    const handler: TaskHandler<QueueName> | undefined = opts.handlers[task.queue];
    try {
      if (!handler) throw new Error(`no handler for queue ${task.queue}`);
      const next = await handler(task, { signal: controller.signal });
      if (next) await rescheduleTask(database.db, task.id, next.rescheduleInMs, next.queue);
      else await complete(task.id);
    } catch (err) {
      if (controller.signal.aborted) return; // released by stop(): another worker runs it again
      const message = err instanceof Error ? err.message : String(err);
      logger.info(
        { queue: task.queue, task: task.id, attempt: task.attempt, err: message },
        'task will be retried or dropped',
      );
      try {
        if (task.attempt >= task.maxAttempts) await completeTask(database.db, task.id);
        else {
          const asked = (err as { delayMs?: unknown }).delayMs;
          await retryTask(database.db, task.id, typeof asked === 'number' ? asked : retryDelay(task.attempt), message);
        }
      } catch (inner) {
        logger.error({ err: inner }, 'could not record a task failure');
      }
    }
  };

  const pump = async (): Promise<void> => {
    if (claiming) {
      again = true;
      return;
    }
    claiming = true;
    try {
      do {
        again = false;
        const free = opts.concurrency - (running.size - Math.min(parkedNow, maxParked));
        if (free <= 0 || stopping) break;
        const claimed = await claim(database.db, queues, Math.min(free, 100), leaseMs, workerId, opts.read);
        for (const task of claimed) {
          // The task runs as part of the request that set it off: its logs and callbacks carry that id.
          const p = withRequestId(task.requestId, () =>
            inTaskSpan(task, taskAttributes(task), () => runInSlot(slot, () => runTask(task))),
          ).finally(() => {
            running.delete(task.id);
            void pump();
          });
          running.set(task.id, p);
        }
        if (claimed.length === Math.min(free, 100)) again = true;
      } while (again && !controller.signal.aborted);
    } catch (err) {
      if (!controller.signal.aborted) logger.error({ err }, 'claiming tasks failed');
    } finally {
      claiming = false;
    }
  };

  // A notification names the queue that has work: another queue's (another lane's) does not wake this worker.
  const unlisten = await database.listen(TASK_CHANNEL, (queue) => {
    if (!queue || (queues as string[]).includes(queue)) void pump();
  });
  const poll = setInterval(() => void pump(), pollMs);
  const renew = setInterval(
    () => {
      extendLeases(database.db, [...running.keys()], leaseMs, workerId).catch((err: unknown) =>
        logger.warn({ err }, 'could not renew task leases'),
      );
    },
    Math.max(1000, leaseMs / 3),
  );
  void pump();

  return {
    inFlight: () => running.size,
    parked: () => parkedNow,
    async stop(drainMs = 30_000) {
      stopping = true;
      clearInterval(poll);
      await unlisten().catch(() => {});
      const drained = Promise.allSettled([...running.values()]);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([drained, new Promise((r) => (timer = setTimeout(r, drainMs)))]);
      clearTimeout(timer);
      controller.abort();
      await drained;
      clearInterval(renew);
      // What is still ours was cut short: give it back so another worker takes it now.
      try {
        const released = await releaseTasks(database.db, workerId);
        for (const queue of released) metrics().drainReleased.inc({ queue });
        if (released.length > 0)
          logger.info({ released: released.length }, 'unfinished tasks released to other workers');
      } catch (err) {
        logger.warn({ err }, 'could not release unfinished tasks; they are taken over when their lease runs out');
      }
    },
  };
}
