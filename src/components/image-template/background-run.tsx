'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { trpc } from '@/trpc/react';
import { ArrowRightIcon } from '@/components/icons';
import { ErrorAlert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ConversionSteps } from './conversion-steps';
import { useErrorText } from '@/components/console/use-error-text';

/** One background conversion, read every second while it runs: its steps, then the template or the error. */
export function BackgroundRun({ jobId }: { jobId: string }) {
  const t = useTranslations('imageTemplate.background_run');
  const errorText = useErrorText();
  const result = trpc.imageTemplate.result.useQuery(
    { job_id: jobId },
    {
      refetchInterval: (q) => (q.state.data?.status === 'pending' ? 1000 : false),
      retry: (count, error) => count < 2 && (error.data?.httpStatus ?? 500) >= 500,
    },
  );
  const run = result.data;
  const answer = run?.result ?? null;

  return (
    <Card data-testid="background-run" className="min-w-0" aria-busy={run?.status === 'pending' || undefined}>
      <CardBody className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="text-base font-semibold text-slate-900">{t('title')}</h2>
            <p className="mt-1 text-sm text-slate-500" role="status" data-testid="background-status">
              {!run
                ? t('loading')
                : run.status === 'pending'
                  ? t('pending')
                  : run.status === 'done'
                    ? t('done')
                    : t('failed')}
            </p>
          </div>
          <Link href={`/jobs/${jobId}`} className={buttonClasses('secondary', 'sm')}>
            {t('job')}
          </Link>
        </div>
        {result.error ? (
          <ErrorAlert>
            {result.error.data?.httpStatus === 404 || result.error.data?.httpStatus === 400
              ? t('missing')
              : errorText(result.error)}
          </ErrorAlert>
        ) : !run ? (
          <Spinner />
        ) : (
          <ConversionSteps steps={run.steps} ended={run.status !== 'pending'} />
        )}
        {run?.status === 'failed' && run.error && (
          <ErrorAlert data-testid="background-error" className="break-words">
            {run.error}
          </ErrorAlert>
        )}
        {answer?.template_error && (
          <ErrorAlert data-testid="background-error" className="break-words">
            {answer.template_error}
          </ErrorAlert>
        )}
        {answer && answer.template_warnings.length > 0 && (
          <details className="text-sm text-amber-900">
            <summary className="cursor-pointer">{t('warnings', { count: answer.template_warnings.length })}</summary>
            <ul className="mt-2 list-disc space-y-1 pl-5 break-words">
              {answer.template_warnings.map((w, i) => (
                <li key={i}>{w}</li>
              ))}
            </ul>
          </details>
        )}
        {answer?.template && (
          <div
            className="space-y-3 rounded-xl bg-emerald-50 px-4 py-4 ring-1 ring-emerald-200"
            data-testid="template-created"
          >
            <p className="text-sm font-medium break-words text-emerald-900">
              {t('created', { name: answer.template.zh_name })}
            </p>
            <Link
              href={`/templates/${answer.template.id}`}
              className={buttonClasses('primary', 'md', 'w-full sm:w-auto')}
            >
              {t('open')}
              <ArrowRightIcon className="size-4" />
            </Link>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
