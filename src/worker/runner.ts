import { deliverCallback } from '@/server/domain/callbacks/deliver';
import { runConversionJob } from '@/server/domain/image-template/jobs';
import { runImageJob } from '@/server/domain/jobs/run';
import { runVideoJob } from '@/server/domain/videos/run';
import { flushAttempts } from '@/server/upstreams/engine';
import { logger } from '@/server/logger';
import { deliverMail } from '@/server/mail/outbox';
import { QUEUES } from '@/server/queue/queue';
import { startQueueWorker, type QueueWorker } from '@/server/queue/worker';
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
  const queues: QueueWorker = await startQueueWorker(rt.database, {
    concurrency: rt.config.workerConcurrency,
    leaseMs: rt.config.taskLeaseMs,
    handlers: {
      [QUEUES.imageJob]: (task, ctx) =>
        runImageJob(
          { db: rt.db, secret: rt.config.secret, files: rt.files, signal: ctx.signal, callbackAttempts: rt.config.callbackAttempts },
          task,
        ),
      [QUEUES.videoJob]: (task, ctx) =>
        runVideoJob(
          { db: rt.db, secret: rt.config.secret, files: rt.files, video: rt.config.video, signal: ctx.signal, callbackAttempts: rt.config.callbackAttempts },
          task,
        ),
      [QUEUES.templateJob]: (task, ctx) => runConversionJob({ deps: { db: rt.db, config: rt.config, files: rt.files }, signal: ctx.signal }, task),
      [QUEUES.callback]: (task) => deliverCallback({ db: rt.db, config: rt.config }, task),
      [QUEUES.mail]: (task) => deliverMail({ db: rt.db, config: rt.config }, task),
    },
  });
  logger.info({ tasks: tasks.map((t) => t.name), database: rt.database.kind, concurrency: rt.config.workerConcurrency }, 'worker started');
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
