'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { trpc } from '@/trpc/react';
import { PlaygroundIcon, VideoIcon } from '@/components/icons';
import { buttonClasses } from '@/components/ui/button';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { EmptyState, ListState } from '@/components/ui/list-state';
import { filterClasses, filterTray } from '@/components/console/filter-group';
import { LoadMore } from '@/components/console/load-more';
import { PageHeader } from '@/components/console/page-header';
import { useJobFeed } from './job-feed';
import { JOB_STATUSES, type JobStatus } from './job-model';
import { JobCards, JobsTable } from './job-rows';
import { LiveIndicator } from './live-indicator';
import { shareListPages } from './merge';

const PAGE_SIZE = 20;
const FILTERS: readonly (JobStatus | undefined)[] = [undefined, ...JOB_STATUSES];

const hrefFor = (status: JobStatus | undefined) => (status ? `/jobs?status=${status}` : '/jobs');

/** The caller's jobs, newest first, paged with "Load more" and kept current by the job feed. */
export function JobsList({ status }: { status: JobStatus | undefined }) {
  const t = useTranslations('jobs');
  const feed = useJobFeed();
  const query = trpc.jobs.get.useInfiniteQuery(
    { status, limit: PAGE_SIZE },
    {
      getNextPageParam: (last) => last.next_cursor ?? undefined,
      structuralSharing: shareListPages,
      // Without the feed, pending rows are re-read on a timer instead.
      refetchInterval: (q) =>
        feed !== 'live' && q.state.data?.pages.some((p) => p.jobs?.some((j) => j.status === 'pending')) ? 5_000 : false,
    },
  );
  const jobs = query.data?.pages.flatMap((p) => p.jobs ?? []) ?? [];

  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow={t('eyebrow')}
        title={t('title')}
        description={t('description')}
        action={
          <div className="flex flex-wrap gap-2">
            <Link href="/videos" className={buttonClasses('secondary', 'md')}>
              <VideoIcon className="size-4" />
              {t('newVideo')}
            </Link>
            <Link href="/playground" className={buttonClasses('primary', 'md')}>
              <PlaygroundIcon className="size-4" />
              {t('newImage')}
            </Link>
          </div>
        }
      />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label={t('filterLabel')} className={filterTray}>
          {FILTERS.map((f) => (
            <Link
              key={f ?? 'all'}
              href={hrefFor(f)}
              aria-current={f === status ? 'page' : undefined}
              scroll={false}
              className={filterClasses(f === status)}
            >
              {f ? t(`status.${f}`) : t('all')}
            </Link>
          ))}
        </nav>
        <LiveIndicator state={feed} />
      </div>

      <ListState
        query={query}
        empty={jobs.length === 0}
        loading={<ListSkeleton label={t('listLabel')} rows={5} />}
        placeholder={<EmptyJobs status={status} />}
      >
        <JobsTable jobs={jobs} />
        <JobCards jobs={jobs} />
        <LoadMore query={query} end={t('end', { count: jobs.length, status: status ?? 'all' })} />
      </ListState>
    </div>
  );
}

function EmptyJobs({ status }: { status: JobStatus | undefined }) {
  const t = useTranslations('jobs.empty');
  return (
    <EmptyState
      icon={PlaygroundIcon}
      title={t('title', { status: status ?? 'all' })}
      description={status ? t('filtered') : t('none')}
      action={
        <div className="flex gap-2">
          {status && (
            <Link href="/jobs" className={buttonClasses('secondary', 'md')}>
              {t('showAll')}
            </Link>
          )}
          <Link href="/playground" className={buttonClasses('primary', 'md')}>
            {t('playground')}
          </Link>
        </div>
      }
    />
  );
}
