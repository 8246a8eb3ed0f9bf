'use client';

import Link from 'next/link';
import { trpc } from '@/trpc/react';
import { ArrowRightIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { buttonClasses } from '../ui/button';
import { Card, CardBody } from '../ui/card';
import { Spinner } from '../ui/spinner';
import { ConversionSteps } from './conversion-steps';

const TEXT = {
  title: 'Background conversion',
  pending: 'Converting the image and creating the template; this page follows the steps.',
  done: 'Finished.',
  failed: 'The conversion failed.',
  loading: 'Loading the conversion…',
  missing: 'This conversion does not exist or belongs to another workspace.',
  created: (name: string) => `Template “${name}” was created.`,
  open: 'Open in the template editor',
  job: 'See the job',
  warnings: (n: number) => `${n} note${n === 1 ? '' : 's'} from the conversion`,
} as const;

/** One background conversion, read every second while it runs: its steps, then the template or the error. */
export function BackgroundRun({ jobId }: { jobId: string }) {
  const result = trpc.imageToTemplate.result.useQuery(
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
            <h2 className="text-base font-semibold text-slate-900">{TEXT.title}</h2>
            <p className="mt-1 text-sm text-slate-500" role="status" data-testid="background-status">
              {!run ? TEXT.loading : run.status === 'pending' ? TEXT.pending : run.status === 'done' ? TEXT.done : TEXT.failed}
            </p>
          </div>
          <Link href={`/jobs/${jobId}`} className={buttonClasses('secondary', 'sm')}>
            {TEXT.job}
          </Link>
        </div>
        {result.error ? (
          <ErrorAlert>{result.error.data?.httpStatus === 404 || result.error.data?.httpStatus === 400 ? TEXT.missing : result.error.message}</ErrorAlert>
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
            <summary className="cursor-pointer">{TEXT.warnings(answer.template_warnings.length)}</summary>
            <ul className="mt-2 list-disc space-y-1 pl-5 break-words">
              {answer.template_warnings.map((w, i) => (
                <li key={i}>{w}</li>
              ))}
            </ul>
          </details>
        )}
        {answer?.template && (
          <div className="space-y-3 rounded-xl bg-emerald-50 px-4 py-4 ring-1 ring-emerald-200" data-testid="template-created">
            <p className="text-sm font-medium break-words text-emerald-900">{TEXT.created(answer.template.zh_name)}</p>
            <Link href={`/templates/${answer.template.id}`} className={buttonClasses('primary', 'md', 'w-full sm:w-auto')}>
              {TEXT.open}
              <ArrowRightIcon className="size-4" />
            </Link>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
