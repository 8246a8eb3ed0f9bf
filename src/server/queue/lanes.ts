import type { Database } from '@/server/db/client';
import { startQueueWorker, type QueueWorker, type QueueWorkerOptions } from './worker';

/**
 * Several queue workers in one process, each a lane with its own queues and slots: work of one lane
 * never waits for a slot held by another's (a video's creation is not queued behind the status checks
 * of every open video task). A notification wakes only the lane serving its queue (worker.ts).
 */
export async function startLanes(database: Database, lanes: QueueWorkerOptions[]): Promise<QueueWorker> {
  const workers: QueueWorker[] = [];
  try {
    for (const lane of lanes) workers.push(await startQueueWorker(database, lane));
  } catch (err) {
    await Promise.allSettled(workers.map((w) => w.stop(0)));
    throw err;
  }
  return {
    inFlight: () => workers.reduce((n, w) => n + w.inFlight(), 0),
    parked: () => workers.reduce((n, w) => n + w.parked(), 0),
    async stop(drainMs) {
      await Promise.all(workers.map((w) => w.stop(drainMs)));
    },
  };
}
