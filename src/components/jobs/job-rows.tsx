'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { useFailureText } from './failure-text';
import { isConversion, jobTitle, type Job } from './job-model';
import { useJobTimes } from './job-times';
import { JobStatusBadge } from './job-status';
import { JobVisual } from './job-visual';

const COLUMNS = [
  { key: 'preview', className: 'w-20 py-2.5 pl-5' },
  { key: 'prompt', className: 'py-2.5 pr-4' },
  { key: 'status', className: 'w-28 py-2.5 pr-4' },
  { key: 'elapsed', className: 'w-24 py-2.5 pr-4 text-right' },
  { key: 'created', className: 'w-44 py-2.5 pr-5' },
] as const;

/** The jobs as a table, on wider screens: a click anywhere on a row opens the job. */
export function JobsTable({ jobs }: { jobs: Job[] }) {
  const router = useRouter();
  const t = useTranslations('jobs');
  const times = useJobTimes();
  return (
    <Card className="hidden overflow-hidden md:block">
      <table className="w-full table-fixed text-left text-sm" data-testid="jobs-table">
        <caption className="sr-only">{t('table.caption')}</caption>
        <thead className="border-b border-slate-200 bg-slate-50/80 text-xs font-medium text-slate-500">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c.key} scope="col" className={cn(c.className, 'font-medium')}>
                {c.key === 'preview' ? <span className="sr-only">{t('table.preview')}</span> : t(`table.${c.key}`)}
              </th>
            ))}
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
                  className={
                    'line-clamp-2 font-medium break-words text-slate-900 hover:text-indigo-600 focus-visible:rounded ' +
                    'focus-visible:outline-2 focus-visible:outline-indigo-600'
                  }
                >
                  {jobTitle(job, t)}
                </Link>
                <RowDetail job={job} />
              </td>
              <td className="py-3 pr-4">
                <JobStatusBadge status={job.status} />
              </td>
              <td className="py-3 pr-4 text-right text-slate-600 tabular-nums">{times.elapsed(job.elapsed_ms)}</td>
              <td className="py-3 pr-5 text-slate-600 tabular-nums">
                <time dateTime={job.created_at} title={times.relative(job.created_at) ?? undefined}>
                  {times.created(job.created_at)}
                </time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** The jobs as cards, on phones: each card is a link to the job. */
export function JobCards({ jobs }: { jobs: Job[] }) {
  const t = useTranslations('jobs');
  const times = useJobTimes();
  return (
    <ul className="space-y-3 md:hidden" data-testid="jobs-cards">
      {jobs.map((job) => (
        <li key={job.id} data-job-id={job.id}>
          <Link
            href={`/jobs/${job.id}`}
            className={
              'flex gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200/80 transition ' +
              'hover:ring-slate-300 focus-visible:outline-2 focus-visible:outline-indigo-600'
            }
          >
            <JobVisual job={{ ...job, ratio: '1:1' }} size="thumb" className="w-16 shrink-0" />
            <div className="min-w-0 flex-1">
              <div className="flex items-start justify-between gap-2">
                <p className="line-clamp-2 text-sm font-medium break-words text-slate-900">{jobTitle(job, t)}</p>
                <JobStatusBadge status={job.status} />
              </div>
              <p className="mt-1 text-xs text-slate-500 tabular-nums">
                <time dateTime={job.created_at} title={times.relative(job.created_at) ?? undefined}>
                  {times.created(job.created_at)}
                </time>
                {job.elapsed_ms !== null && <> · {times.elapsed(job.elapsed_ms)}</>}
              </p>
              <RowDetail job={job} />
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The error of a failed job, or the note of a pending one; else its settings. */
function RowDetail({ job }: { job: Job }) {
  const t = useTranslations('jobs.rowKind');
  const failure = useFailureText();
  if (job.status === 'failed' && job.error)
    return <p className="mt-1 line-clamp-2 text-xs break-words text-rose-700">{failure(job)}</p>;
  if (job.status === 'pending' && job.note)
    return <p className="mt-1 line-clamp-2 text-xs break-words text-amber-700">{job.note}</p>;
  const settings = [
    job.kind === 'video' ? t('video') : isConversion(job) ? t('template') : null,
    job.ratio,
    job.quality && t('quality', { quality: job.quality }),
    job.background && t('background', { background: job.background }),
  ];
  return <p className="mt-1 text-xs text-slate-500">{settings.filter(Boolean).join(' · ')}</p>;
}
