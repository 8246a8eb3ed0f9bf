import { deliverAlert } from '@/server/domain/alerts/deliver';
import { deliverCallback } from '@/server/domain/callbacks/deliver';
import { checkHandlers, jobHandlers } from '@/server/domain/jobs/kinds';
import { flushAttempts } from '@/server/upstreams/engine';
import { logger } from '@/server/logger';
import { deliverMail } from '@/server/mail/outbox';
import { QUEUES } from '@/server/queue/queue';
import { startLanes } from '@/server/queue/lanes';
import { VIDEO_CLAIM_READ } from '@/server/domain/videos/claimed';
import type { QueueWorker } from '@/server/queue/worker';
import type { Runtime } from '@/server/runtime';

export interface WorkerHandle {
  /**
   * Stops taking new work, lets the tasks it holds finish for up to `drainMs` (default: the
   * configured drain deadline), then releases the rest to other workers.
   */
  stop(drainMs?: number): Promise<void>;
}

/** A unit of recurring work run by the worker. */
export interface RecurringTask {
  name: string;
  everyMs: number;
  run(rt: Runtime, signal: AbortSignal): Promise<void>;
}

/**
 * Runs the queues and the recurring tasks until stopped. In embedded mode this runs inside the web
 * process (PGlite allows one process per data folder); on PostgreSQL it can also run as its own process.
 */
export async function startWorker(rt: Runtime, tasks: RecurringTask[]): Promise<WorkerHandle> {
  const controller = new AbortController();
  const inFlight = new Set<Promise<void>>();
  const running = new Set<string>();
  const timers = tasks.map((task) =>
    setInterval(() => {
      // Skip a beat rather than pile up when a run takes longer than the interval.
      if (controller.signal.aborted || running.has(task.name)) return;
      running.add(task.name);
      const p = task
        .run(rt, controller.signal)
        .catch((err: unknown) => logger.error({ err, task: task.name }, 'recurring task failed'))
        .finally(() => {
          inFlight.delete(p);
          running.delete(task.name);
        });
      inFlight.add(p);
    }, task.everyMs),
  );
  const contextOf = (signal: AbortSignal) => ({ db: rt.db, config: rt.config, files: rt.files, signal });
  const queues: QueueWorker = await startLanes(rt.database, [
    {
      concurrency: rt.config.workerConcurrency,
      leaseMs: rt.config.taskLeaseMs,
      read: VIDEO_CLAIM_READ,
      handlers: {
        // Image, video and image-to-template jobs: one run context for every kind (domain/jobs/kinds.ts).
        ...jobHandlers(contextOf),
        [QUEUES.callback]: (task) => deliverCallback({ db: rt.db, config: rt.config }, task),
        [QUEUES.mail]: (task) => deliverMail({ db: rt.db, config: rt.config }, task),
        [QUEUES.alert]: (task) => deliverAlert({ db: rt.db, config: rt.config }, task),
      },
    },
    // The status checks of open video tasks, in a lane of their own: they never hold a slot a job needs.
    {
      concurrency: rt.config.video.checkConcurrency,
      leaseMs: rt.config.taskLeaseMs,
      read: VIDEO_CLAIM_READ,
      handlers: checkHandlers(contextOf),
    },
  ]);
  logger.info(
    { tasks: tasks.map((t) => t.name), database: rt.database.kind, concurrency: rt.config.workerConcurrency },
    'worker started',
  );
  return {
    async stop(drainMs = rt.config.drain.ms) {
      controller.abort();
      for (const t of timers) clearInterval(t);
      await queues.stop(drainMs);
      await Promise.allSettled([...inFlight]);
      await flushAttempts();
      logger.info('worker stopped');
    },
  };
}
