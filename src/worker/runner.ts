import type { Runtime } from '../server/runtime';
import { logger } from '../server/logger';

export interface WorkerHandle {
  /** Stops taking new work and waits for in-flight work to finish. */
  stop(): Promise<void>;
}

/** A unit of recurring work run by the worker; handlers for queues register here as features land. */
export interface RecurringTask {
  name: string;
  everyMs: number;
  run(rt: Runtime, signal: AbortSignal): Promise<void>;
}

/**
 * Runs the worker's tasks until stopped. In embedded mode this runs inside the web process
 * (PGlite allows one process per data folder); on PostgreSQL it can also run as its own process.
 */
export function startWorker(rt: Runtime, tasks: RecurringTask[]): WorkerHandle {
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
  logger.info({ tasks: tasks.map((t) => t.name), database: rt.database.kind }, 'worker started');
  return {
    async stop() {
      controller.abort();
      for (const t of timers) clearInterval(t);
      await Promise.allSettled([...inFlight]);
      logger.info('worker stopped');
    },
  };
}
