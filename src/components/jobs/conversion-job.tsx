'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { trpc } from '@/trpc/react';
import { ConversionSteps } from '@/components/image-template/conversion-steps';
import { ArrowRightIcon } from '@/components/icons';
import { buttonClasses } from '@/components/ui/button';
import type { Job } from './job-model';

/**
 * An image-to-template job in place of a result image: its steps in order with their status, and
 * once done the created template and the conversion's page.
 */
export function ConversionJob({ job }: { job: Job }) {
  const t = useTranslations('jobs.conversion');
  const done = job.status === 'done';
  const result = trpc.imageTemplate.result.useQuery({ job_id: job.id }, { enabled: done });
  const answer = result.data?.result ?? null;
  return (
    <div className="space-y-5" data-testid="conversion-job">
      <section className="space-y-3">
        <h2 className="text-sm font-medium text-slate-700">{t('steps')}</h2>
        <ConversionSteps steps={job.steps ?? []} ended={job.status !== 'pending'} />
      </section>
      {done && answer && (
        <p className="text-sm break-words text-slate-700">
          {answer.template
            ? t('created', { name: answer.template.zh_name })
            : (answer.template_error ?? t('notCreated'))}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {answer?.template && (
          <Link href={`/templates/${answer.template.id}`} className={buttonClasses('primary', 'md')}>
            {t('editor')}
            <ArrowRightIcon className="size-4" />
          </Link>
        )}
        <Link href={`/image-template?job=${job.id}`} className={buttonClasses('secondary', 'md')}>
          {t('open')}
        </Link>
      </div>
    </div>
  );
}
