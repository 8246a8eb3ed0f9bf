'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { ArrowRightIcon, ExternalIcon } from '@/components/icons';
import { ErrorAlert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { useFailureText } from '@/components/jobs/failure-text';
import { useJobTimes } from '@/components/jobs/job-times';
import { useLiveJob } from '@/components/jobs/use-live-job';
import { JobStatusBadge } from '@/components/jobs/job-status';
import { JobVisual } from '@/components/jobs/job-visual';

/** The Playground's view of a submitted job: a placeholder while it runs, then the image. */
export function ResultCard({ id }: { id: string }) {
  const t = useTranslations('playground.result');
  const times = useJobTimes();
  const failure = useFailureText();
  const { data, error, isPending } = useLiveJob(id);
  const job = data?.job;

  if (error) return <ErrorAlert>{error.message}</ErrorAlert>;
  if (isPending || !job) {
    return (
      <Card className="p-4 sm:p-5">
        <div className="aspect-square animate-pulse rounded-xl bg-slate-100" />
      </Card>
    );
  }

  return (
    <Card
      className="overflow-hidden"
      data-testid="result-card"
      data-status={job.status}
      aria-busy={job.status === 'pending'}
    >
      <div className="flex items-start justify-between gap-3 border-b border-slate-100 px-4 py-3 sm:px-5">
        <div className="min-w-0">
          <p className="line-clamp-2 text-sm font-medium break-words text-slate-900">{job.prompt}</p>
          <p className="mt-0.5 text-xs text-slate-500">
            {job.background
              ? t('settingsWithBackground', { ratio: job.ratio, quality: job.quality, background: job.background })
              : t('settings', { ratio: job.ratio, quality: job.quality })}
          </p>
        </div>
        <div aria-live="polite">
          <JobStatusBadge status={job.status} />
        </div>
      </div>
      <div className="bg-slate-50/60 p-4 sm:p-5">
        <JobVisual job={job} maxHeightRem={32} className="mx-auto" />
      </div>
      {job.status === 'failed' && job.error && (
        <div className="px-4 pb-4 sm:px-5">
          <ErrorAlert>{failure(job)}</ErrorAlert>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 sm:px-5">
        <p className="text-xs text-slate-500">
          {job.status === 'done'
            ? t('ready', { elapsed: times.elapsed(job.elapsed_ms) })
            : job.status === 'failed'
              ? t('refunded')
              : t('usually')}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {job.status === 'done' && job.cdn_url && (
            <>
              <CopyButton value={job.cdn_url} label={t('copyUrl')} />
              <a
                href={job.cdn_url}
                target="_blank"
                rel="noreferrer"
                className={buttonClasses('secondary', 'sm', 'h-7 px-2.5 text-xs')}
              >
                {t('openFull')}
                <ExternalIcon className="size-3.5" />
              </a>
            </>
          )}
          <Link href={`/jobs/${job.id}`} className={buttonClasses('ghost', 'sm', 'h-7 px-2.5 text-xs')}>
            {t('details')}
            <ArrowRightIcon className="size-3.5" />
          </Link>
        </div>
      </div>
    </Card>
  );
}
