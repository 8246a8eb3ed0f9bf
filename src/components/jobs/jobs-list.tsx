'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { trpc } from '@/trpc/react';
import { PlaygroundIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Button, buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';
import { Spinner } from '../ui/spinner';
import { useJobFeed } from './job-feed';
import { formatCreated, formatElapsed, STATUS_LABEL, type Job, type JobStatus } from './job-model';
import { JobStatusBadge } from './job-status';
import { JobVisual } from './job-visual';
import { LiveIndicator } from './live-indicator';
import { shareListPages } from './merge';
import { ListSkeleton } from '../ui/list-skeleton';

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
  const router = useRouter();
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
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-medium text-indigo-600">Jobs</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Generation jobs</h1>
          <p className="mt-2 text-sm text-slate-500">Every image your workspace requested, newest first.</p>
        </div>
        <Link href="/playground" className={buttonClasses('primary', 'md')}>
          <PlaygroundIcon className="size-4" />
          New image
        </Link>
      </header>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Filter by status" className="flex gap-1 rounded-xl bg-slate-100 p-1 ring-1 ring-inset ring-slate-200/70">
          {FILTERS.map((f) => {
            const active = f.status === status;
            return (
              <Link
                key={f.label}
                href={hrefFor(f.status)}
                aria-current={active ? 'page' : undefined}
                scroll={false}
                className={cn(
                  'inline-flex h-8 items-center rounded-lg px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600',
                  active ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200' : 'text-slate-600 hover:text-slate-900',
                )}
              >
                {f.label}
              </Link>
            );
          })}
        </nav>
        <LiveIndicator state={feed} />
      </div>

      {query.isError ? (
        <ErrorAlert>
          {query.error.message}{' '}
          <button type="button" className="font-medium underline" onClick={() => void query.refetch()}>
            Try again
          </button>
        </ErrorAlert>
      ) : query.isPending ? (
        <ListSkeleton label="jobs" rows={5} />
      ) : jobs.length === 0 ? (
        <EmptyJobs status={status} />
      ) : (
        <>
          <Card className="hidden overflow-hidden md:block">
            <table className="w-full table-fixed text-left text-sm" data-testid="jobs-table">
              <caption className="sr-only">Jobs, newest first</caption>
              <thead className="border-b border-slate-200 bg-slate-50/80 text-xs font-medium text-slate-500">
                <tr>
                  <th scope="col" className="w-20 py-2.5 pl-5 font-medium">
                    <span className="sr-only">Preview</span>
                  </th>
                  <th scope="col" className="py-2.5 pr-4 font-medium">
                    Prompt
                  </th>
                  <th scope="col" className="w-28 py-2.5 pr-4 font-medium">
                    Status
                  </th>
                  <th scope="col" className="w-24 py-2.5 pr-4 text-right font-medium">
                    Elapsed
                  </th>
                  <th scope="col" className="w-44 py-2.5 pr-5 font-medium">
                    Created
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {jobs.map((job) => (
                  <tr
                    key={job.id}
                    data-job-id={job.id}
                    onClick={(e) => {
                      if (!(e.target instanceof Element && e.target.closest('a'))) router.push(`/jobs/${job.id}`);
                    }}
                    className="cursor-pointer align-top transition-colors hover:bg-slate-50"
                  >
                    <td className="py-3 pl-5">
                      <JobVisual job={{ ...job, ratio: '1:1' }} size="thumb" className="w-12" />
                    </td>
                    <td className="min-w-0 py-3 pr-4">
                      <Link
                        href={`/jobs/${job.id}`}
                        className="line-clamp-2 font-medium break-words text-slate-900 hover:text-indigo-600 focus-visible:rounded focus-visible:outline-2 focus-visible:outline-indigo-600"
                      >
                        {job.prompt || 'Untitled job'}
                      </Link>
                      <RowDetail job={job} />
                    </td>
                    <td className="py-3 pr-4">
                      <JobStatusBadge status={job.status} />
                    </td>
                    <td className="py-3 pr-4 text-right text-slate-600 tabular-nums">{formatElapsed(job.elapsed_ms)}</td>
                    <td className="py-3 pr-5 text-slate-600 tabular-nums">
                      <time dateTime={job.created_at} title={new Date(job.created_at).toString()}>
                        {formatCreated(job.created_at)}
                      </time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>

          <ul className="space-y-3 md:hidden" data-testid="jobs-cards">
            {jobs.map((job) => (
              <li key={job.id} data-job-id={job.id}>
                <Link
                  href={`/jobs/${job.id}`}
                  className="flex gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200/80 transition hover:ring-slate-300 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  <JobVisual job={{ ...job, ratio: '1:1' }} size="thumb" className="w-16 shrink-0" />
                  <div className="min-w-0 flex-1">
                    <div className="flex items-start justify-between gap-2">
                      <p className="line-clamp-2 text-sm font-medium break-words text-slate-900">{job.prompt || 'Untitled job'}</p>
                      <JobStatusBadge status={job.status} />
                    </div>
                    <p className="mt-1 text-xs text-slate-500 tabular-nums">
                      <time dateTime={job.created_at}>{formatCreated(job.created_at)}</time>
                      {job.elapsed_ms !== null && <> · {formatElapsed(job.elapsed_ms)}</>}
                    </p>
                    <RowDetail job={job} />
                  </div>
                </Link>
              </li>
            ))}
          </ul>

          <div className="flex flex-col items-center gap-2">
            {query.hasNextPage ? (
              <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                {query.isFetchingNextPage ? (
                  <>
                    <Spinner /> Loading…
                  </>
                ) : (
                  'Load more'
                )}
              </Button>
            ) : (
              <p className="text-xs text-slate-400">
                {jobs.length === 1 ? 'That is the only job' : `All ${jobs.length} jobs shown`}
                {status ? ` with status ${STATUS_LABEL[status].toLowerCase()}` : ''}.
              </p>
            )}
          </div>
        </>
      )}
    </div>
  );
}

/** The error of a failed job, or the note of a pending one. */
function RowDetail({ job }: { job: Job }) {
  if (job.status === 'failed' && job.error) return <p className="mt-1 line-clamp-2 text-xs break-words text-rose-700">{job.error}</p>;
  if (job.status === 'pending' && job.note) return <p className="mt-1 line-clamp-2 text-xs break-words text-amber-700">{job.note}</p>;
  return (
    <p className="mt-1 text-xs text-slate-500">
      {job.ratio} · {job.quality}
      {job.background ? ` · ${job.background}` : ''}
    </p>
  );
}


function EmptyJobs({ status }: { status: JobStatus | undefined }) {
  return (
    <Card className="px-6 py-14 text-center">
      <span className="mx-auto grid size-12 place-items-center rounded-xl bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100">
        <PlaygroundIcon className="size-6" />
      </span>
      <h2 className="mt-4 text-base font-semibold text-slate-900">
        {status ? `No ${STATUS_LABEL[status].toLowerCase()} jobs` : 'No jobs yet'}
      </h2>
      <p className="mx-auto mt-1 max-w-sm text-sm text-balance text-slate-500">
        {status
          ? 'Jobs with this status will show up here as they happen.'
          : 'Images you generate in the Playground or through the API are listed here.'}
      </p>
      <div className="mt-6 flex justify-center gap-2">
        {status && (
          <Link href="/jobs" className={buttonClasses('secondary', 'md')}>
            Show all jobs
          </Link>
        )}
        <Link href="/playground" className={buttonClasses('primary', 'md')}>
          Open the Playground
        </Link>
      </div>
    </Card>
  );
}
