import type { Config } from '../server/config';
import { pruneSignInThrottles } from '../server/domain/auth/sign-in-throttle';
import { pruneJobEvents } from '../server/domain/jobs/events';
import { pruneAbandonedUploads } from '../server/domain/uploads/uploads';
import { probeRemovedUpstreams } from '../server/upstreams/maintenance';
import { recomputeScores } from '../server/upstreams/stats';
import type { RecurringTask } from './runner';

/** The worker's recurring work. Each task is idempotent, so several workers may run it. */
export function recurringTasksFor(config: Config): RecurringTask[] {
  return [
    {
      name: 'prune-job-events',
      everyMs: 10 * 60_000,
      run: async (rt) => {
        await pruneJobEvents(rt.db);
      },
    },
    {
      name: 'prune-abandoned-uploads',
      everyMs: 60 * 60_000,
      run: async (rt) => {
        await pruneAbandonedUploads(rt.db, rt.files);
      },
    },
    {
      name: 'prune-sign-in-throttles',
      everyMs: 60 * 60_000,
      run: async (rt) => {
        await pruneSignInThrottles(rt.db);
      },
    },
    {
      name: 'upstream-scores',
      everyMs: config.scoreIntervalMs,
      run: async (rt) => {
        await recomputeScores(rt.db);
      },
    },
    {
      name: 'upstream-probes',
      everyMs: config.probeIntervalMs,
      run: async (rt) => {
        await probeRemovedUpstreams(rt.db, rt.config.secret, { intervalMs: config.probeIntervalMs });
      },
    },
  ];
}
