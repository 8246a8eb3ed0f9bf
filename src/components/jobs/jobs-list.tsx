'use client';

import Link from 'next/link';
import { trpc } from '@/trpc/react';
import { PlaygroundIcon, VideoIcon } from '../icons';
import { buttonClasses } from '../ui/button';
import { ListSkeleton } from '../ui/list-skeleton';
import { EmptyState, ListState } from '../ui/list-state';
import { filterClasses, filterTray } from '../console/filter-group';
import { LoadMore } from '../console/load-more';
import { PageHeader } from '../console/page-header';
import { useJobFeed } from './job-feed';
import { STATUS_LABEL, type JobStatus } from './job-model';
import { JobCards, JobsTable } from './job-rows';
import { LiveIndicator } from './live-indicator';
import { shareListPages } from './merge';

const PAGE_SIZE = 20;
const FILTERS: { status: JobStatus | undefined; label: string }[] = [
  { status: undefined, label: 'All' },
  { status: 'pending', label: STATUS_LABEL.pending },
  { status: 'done', label: STATUS_LABEL.done },
  { status: 'failed', label: STATUS_LABEL.failed },
];

const hrefFor = (status: JobStatus | undefined) => (status ? `/jobs?status=${status}` : '/jobs');

/** The caller's jobs, newest first, paged with "Load more" and kept current by the job feed. */
export function JobsList({ status }: { status: JobStatus | undefined }) {
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
  const which = status ? ` with status ${STATUS_LABEL[status].toLowerCase()}` : '';

  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow="Jobs"
        title="Generation jobs"
        description="Every image and video your workspace requested, newest first."
        action={
          <div className="flex flex-wrap gap-2">
            <Link href="/videos" className={buttonClasses('secondary', 'md')}>
              <VideoIcon className="size-4" />
              New video
            </Link>
            <Link href="/playground" className={buttonClasses('primary', 'md')}>
              <PlaygroundIcon className="size-4" />
              New image
            </Link>
          </div>
        }
      />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Filter by status" className={filterTray}>
          {FILTERS.map((f) => (
            <Link
              key={f.label}
              href={hrefFor(f.status)}
              aria-current={f.status === status ? 'page' : undefined}
              scroll={false}
              className={filterClasses(f.status === status)}
            >
              {f.label}
            </Link>
          ))}
        </nav>
        <LiveIndicator state={feed} />
      </div>

      <ListState query={query} empty={jobs.length === 0} loading={<ListSkeleton label="jobs" rows={5} />} placeholder={<EmptyJobs status={status} />}>
        <JobsTable jobs={jobs} />
        <JobCards jobs={jobs} />
        <LoadMore query={query} end={`${jobs.length === 1 ? 'That is the only job' : `All ${jobs.length} jobs shown`}${which}.`} />
      </ListState>
    </div>
  );
}

function EmptyJobs({ status }: { status: JobStatus | undefined }) {
  return (
    <EmptyState
      icon={PlaygroundIcon}
      title={status ? `No ${STATUS_LABEL[status].toLowerCase()} jobs` : 'No jobs yet'}
      description={
        status ? 'Jobs with this status will show up here as they happen.' : 'Images you generate in the Playground or through the API are listed here.'
      }
      action={
        <div className="flex gap-2">
          {status && (
            <Link href="/jobs" className={buttonClasses('secondary', 'md')}>
              Show all jobs
            </Link>
          )}
          <Link href="/playground" className={buttonClasses('primary', 'md')}>
            Open the Playground
          </Link>
        </div>
      }
    />
  );
}
