'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { trpc } from '@/trpc/react';
import { JobCards, JobsTable } from '@/components/jobs/job-rows';
import { useJobFeed } from '@/components/jobs/job-feed';
import { LiveIndicator } from '@/components/jobs/live-indicator';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { EmptyState, ListState } from '@/components/ui/list-state';
import { buttonClasses } from '@/components/ui/button';
import { JobsIcon } from '@/components/icons';

export const RECENT_JOBS_INPUT = { limit: 5 } as const;

/** The newest jobs, kept current by the job feed. */
export function RecentJobs() {
  const t = useTranslations('overview.recent');
  const feed = useJobFeed();
  const query = trpc.jobs.get.useQuery(RECENT_JOBS_INPUT, {
    refetchInterval: (q) =>
      feed !== 'live' && q.state.data?.jobs?.some((j) => j.status === 'pending') ? 5_000 : false,
  });
  const jobs = query.data?.jobs ?? [];
  return (
    <section aria-labelledby="recent-jobs" className="space-y-3" data-testid="recent-jobs">
      <div className="flex items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <h2 id="recent-jobs" className="text-base font-semibold text-slate-900">
            {t('title')}
          </h2>
          <LiveIndicator state={feed} />
        </div>
        <Link href="/jobs" className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
          {t('all')}
        </Link>
      </div>
      <ListState
        query={query}
        loading={<ListSkeleton label={t('loading')} rows={3} />}
        empty={jobs.length === 0}
        placeholder={
          <EmptyState
            icon={JobsIcon}
            title={t('emptyTitle')}
            description={t('emptyBody')}
            action={
              <Link href="/playground" className={buttonClasses('primary', 'md')}>
                {t('first')}
              </Link>
            }
          />
        }
      >
        <JobsTable jobs={jobs} />
        <JobCards jobs={jobs} />
      </ListState>
    </section>
  );
}
