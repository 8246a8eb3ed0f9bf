'use client';

import { trpc } from '@/trpc/react';
import { isTimeout } from '@/components/console/error-text';
import { pendingPollMs, useJobFeed } from './job-feed';
import { shareJob } from './merge';

/** Reads one job and keeps it current: the feed pushes changes, a slow poll covers any gap. */
export function useLiveJob(id: string) {
  const feed = useJobFeed();
  return trpc.jobs.get.useQuery(
    { id },
    {
      refetchInterval: (q) => (q.state.data?.job?.status === 'pending' ? pendingPollMs(feed) : false),
      // A read that started before a job finished must not put it back to pending.
      structuralSharing: shareJob,
      // A timeout already waited long: say so at once rather than wait twice more.
      retry: (count, error) => count < 2 && (error.data?.httpStatus ?? 500) >= 500 && !isTimeout(error),
    },
  );
}
