'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { Ref } from 'react';
import { ImageIcon } from '@/components/icons';
import { JobStatusBadge } from '@/components/jobs/job-status';
import { JobVisual } from '@/components/jobs/job-visual';
import { useLiveJob } from '@/components/jobs/use-live-job';
import { EmptyResult, ResultsColumn } from '@/components/fields/workbench';
import type { Source } from './recipes';
import { ResultCard } from './result-card';

interface ResultsPanelProps {
  /** Jobs submitted in this visit, newest first. */
  submitted: string[];
  source: Source;
  ref?: Ref<HTMLElement>;
}

/** The newest result in full, the earlier ones of this visit as thumbnails. */
export function ResultsPanel({ submitted, source, ref }: ResultsPanelProps) {
  const t = useTranslations('playground.results');
  const [current, ...earlier] = submitted;
  return (
    <ResultsColumn
      label={t('label')}
      ref={ref}
      earlier={earlier}
      keyOf={(id) => id}
      renderEarlier={(id) => <EarlierResult id={id} />}
      earlierClassName="grid grid-cols-3 gap-3 sm:grid-cols-4"
    >
      {current ? (
        <ResultCard key={current} id={current} />
      ) : (
        <EmptyResult icon={ImageIcon} title={t('emptyTitle')}>
          {t.rich('empty', {
            source,
            link: (chunks) => (
              <Link href="/jobs" className="font-medium text-indigo-600 hover:text-indigo-500">
                {chunks}
              </Link>
            ),
          })}
        </EmptyResult>
      )}
    </ResultsColumn>
  );
}

function EarlierResult({ id }: { id: string }) {
  const t = useTranslations('playground.results');
  const { data } = useLiveJob(id);
  const job = data?.job;
  return (
    <Link
      href={`/jobs/${id}`}
      className="group block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      title={job?.prompt}
    >
      {job ? (
        <JobVisual job={{ ...job, ratio: '1:1' }} size="thumb" className="transition group-hover:ring-slate-400" />
      ) : (
        <div className="aspect-square animate-pulse rounded-md bg-slate-100" />
      )}
      <span className="mt-1.5 flex items-center justify-between gap-1">
        <span className="truncate text-xs text-slate-600">{job?.prompt ?? t('loading')}</span>
        {job && job.status !== 'done' && <JobStatusBadge status={job.status} />}
      </span>
    </Link>
  );
}
