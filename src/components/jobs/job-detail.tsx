'use client';

import Link from 'next/link';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { trpc } from '@/trpc/react';
import {
  ArrowDownIcon,
  ArrowLeftIcon,
  BracesIcon,
  CheckIcon,
  CloseIcon,
  ExternalIcon,
  RefreshIcon,
} from '@/components/icons';
import { ErrorAlert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { CopyButton } from '@/components/ui/copy-button';
import { Spinner } from '@/components/ui/spinner';
import { RequestError } from '@/components/console/request-error';
import { useLiveJob } from './use-live-job';
import { ConversionJob } from './conversion-job';
import { useStepName } from '@/components/image-template/conversion-steps';
import { isConversion, jobHeading, jobKind, type Job } from './job-model';
import { useJobTemplate } from './use-job-template';
import { useFailureText } from './failure-text';
import { useJobTimes } from './job-times';
import { JobStatusBadge } from './job-status';
import { JobVisual } from './job-visual';
import { JobApiCall } from './job-api-call';
import { JobDeliveries } from './job-deliveries';
import { Field, Muted } from './job-fields';
import { JobHooks, type HookPrices } from './job-hooks';
import { JobRequestFields } from './job-request';
import { downloadName, runAgainHref } from './job-rerun';

/** The page around a job: the way back to the list, then what there is to say. */
function JobPage({ busy, children }: { busy?: boolean; children: ReactNode }) {
  const t = useTranslations('jobs.detail');
  return (
    <div className="space-y-6" aria-busy={busy || undefined}>
      <Link
        href="/jobs"
        className={
          'inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-500 hover:text-slate-900 ' +
          'focus-visible:outline-2 focus-visible:outline-indigo-600'
        }
      >
        <ArrowLeftIcon className="size-4" />
        {t('back')}
      </Link>
      {children}
    </div>
  );
}

interface JobDetailProps {
  id: string;
  /** This Studio's address, for the API call shown. */
  baseUrl: string;
  /** What a hook's next step costs. */
  prices: HookPrices;
}

/** Everything about one job, kept current while it runs. */
export function JobDetail({ id, baseUrl, prices }: JobDetailProps) {
  const t = useTranslations('jobs');
  const d = useTranslations('jobDetail');
  const failure = useFailureText();
  const format = useFormatter();
  const times = useJobTimes();
  const { data, error, isPending, refetch } = useLiveJob(id);
  const job = data?.job;
  // Cost, request, deliveries and hooks: read again whenever the live job changes state.
  const detail = trpc.jobs.detail.useQuery({ id }, { enabled: !!job, retry: false });
  const refetchDetail = detail.refetch;
  // A template job is headed by its template and inputs; the prompt they expanded to is in the details below.
  const template = useJobTemplate(job?.kind ?? 'image', detail.data?.request, job);
  const locale = useLocale();
  const [showCall, setShowCall] = useState(false);
  const state = job ? `${job.status}:${job.finished_at ?? ''}` : null;
  const seen = useRef(state);
  useEffect(() => {
    // The first read is the query's own; a later change of state (finished, failed) reads the rest again.
    if (state === seen.current) return;
    const first = seen.current === null;
    seen.current = state;
    if (!first) void refetchDetail();
  }, [state, refetchDetail]);
  // Callback attempts arrive after the job ends, some with back-off: look again for a while.
  const more =
    detail.data?.request?.callback_url &&
    job?.status !== 'pending' &&
    !detail.data.deliveries.some((x) => x.outcome !== 'failed');
  useEffect(() => {
    if (!more) return;
    const timer = setInterval(() => void refetchDetail(), 5000);
    return () => clearInterval(timer);
  }, [more, refetchDetail]);

  if (error) {
    return (
      <JobPage>
        {error.data?.httpStatus === 404 || error.data?.httpStatus === 400 ? (
          <ErrorAlert>{t('detail.notFound')}</ErrorAlert>
        ) : (
          <RequestError error={error} onRetry={refetch} />
        )}
      </JobPage>
    );
  }
  if (isPending || !job) {
    return (
      <JobPage busy>
        <div className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner /> {t('detail.loading')}
        </div>
      </JobPage>
    );
  }

  const conversion = isConversion(job);
  const heading = jobHeading(job, detail.data?.request, template, locale, t);
  return (
    <JobPage>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 flex-1 basis-64">
          <div className="flex items-center gap-2">
            <p className="text-sm font-medium text-indigo-600">{t(`kind.${jobKind(job)}`)}</p>
            <JobStatusBadge status={job.status} />
          </div>
          <h1 className="mt-1 line-clamp-3 text-xl font-semibold tracking-tight break-words text-slate-900 sm:text-2xl">
            {heading.title}
          </h1>
          {heading.inputs && (
            <p className="mt-1 line-clamp-2 text-sm break-words text-slate-600" data-testid="job-inputs-line">
              {heading.inputs}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {job.status === 'done' && job.cdn_url && (
            <>
              <a
                href={job.cdn_url}
                download={downloadName(job)}
                className={buttonClasses('primary', 'md')}
                data-testid="job-download"
              >
                <ArrowDownIcon className="size-4" />
                {d('download')}
              </a>
              <a href={job.cdn_url} target="_blank" rel="noreferrer" className={buttonClasses('secondary', 'md')}>
                {job.kind === 'video' ? t('detail.openVideo') : t('detail.openFull')}
                <ExternalIcon className="size-4" />
              </a>
            </>
          )}
          {!conversion && detail.data?.request && (
            <>
              <Link href={runAgainHref(job)} className={buttonClasses('secondary', 'md')}>
                <RefreshIcon className="size-4" />
                {d('runAgain')}
              </Link>
              <button
                type="button"
                className={buttonClasses('secondary', 'md')}
                aria-expanded={showCall}
                onClick={() => setShowCall((v) => !v)}
              >
                <BracesIcon className="size-4" />
                {d('copyAsApi')}
              </button>
            </>
          )}
        </div>
      </header>

      {showCall && detail.data?.request && (
        <Card className="p-4 sm:p-6">
          <JobApiCall baseUrl={baseUrl} kind={job.kind} body={detail.data.request.body} />
        </Card>
      )}

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <Card className="p-4 sm:p-6">
          {conversion ? <ConversionJob job={job} /> : <JobVisual job={job} maxHeightRem={40} className="mx-auto" />}
          {job.status === 'failed' && job.error && (
            <ErrorAlert className="mt-4">
              {job.reason ? failure(job) : job.error}
              {!job.reason && detail.data && detail.data.refunded > 0 && (
                <> {d('refundedNote', { credits: detail.data.refunded })}</>
              )}
            </ErrorAlert>
          )}
          {job.status === 'pending' && job.note && (
            <p
              className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 ring-1 ring-inset ring-amber-200"
              data-testid="job-note"
            >
              {job.note}
            </p>
          )}
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t('detail.details')}</CardTitle>
          </CardHeader>
          <dl className="divide-y divide-slate-100 text-sm">
            <Field label={t('detail.id')}>
              <div className="flex items-center gap-2">
                <code className="min-w-0 flex-1 font-mono text-xs break-all text-slate-800">{job.id}</code>
                <CopyButton value={job.id} label={t('detail.copyId')} />
              </div>
            </Field>
            {detail.data && (
              <Field label={d('cost')}>
                <span data-testid="job-cost">
                  {d('credits', {
                    credits: detail.data.credits,
                    formatted: format.number(detail.data.credits, 'credits'),
                  })}
                </span>
                {detail.data.refunded > 0 && (
                  <span className="block text-emerald-700">
                    {d('refunded', {
                      credits: detail.data.refunded,
                      net: format.number(detail.data.credits - detail.data.refunded, 'credits'),
                    })}
                  </span>
                )}
              </Field>
            )}
            {job.request_id && (
              <Field label={d('requestId')}>
                <div className="flex items-center gap-2">
                  <code className="min-w-0 flex-1 font-mono text-xs break-all text-slate-800">{job.request_id}</code>
                  <CopyButton value={job.request_id} label={d('copyRequestId')} />
                </div>
              </Field>
            )}
            {!conversion && (
              <Field label={t('detail.resultUrl')}>
                {job.cdn_url ? (
                  <div className="flex items-center gap-2">
                    <a
                      href={job.cdn_url}
                      target="_blank"
                      rel="noreferrer"
                      title={job.cdn_url}
                      className="min-w-0 flex-1 truncate font-mono text-xs text-indigo-600 hover:text-indigo-500"
                    >
                      {job.cdn_url}
                    </a>
                    <CopyButton value={job.cdn_url} label={t('detail.copyUrl')} />
                  </div>
                ) : (
                  <Muted>
                    {job.status === 'pending'
                      ? t('detail.whenReady')
                      : job.result_expired_at
                        ? t('detail.resultExpired')
                        : t('detail.none')}
                  </Muted>
                )}
              </Field>
            )}
            {!conversion && (
              <Field label={t('detail.prompt')}>
                <p className="whitespace-pre-wrap break-words text-slate-800">
                  {job.prompt || <Muted>{t('detail.none')}</Muted>}
                </p>
              </Field>
            )}
            <Field label={t('detail.settings')}>
              <span className="text-slate-800">
                {conversion ? (
                  t('detail.conversionSettings', { ratio: job.ratio || '—' })
                ) : job.kind === 'video' ? (
                  <>
                    {job.ratio || '—'} ·{' '}
                    <Link href="/videos" className="font-medium text-indigo-600 hover:text-indigo-500">
                      {t('detail.seeVideo')}
                    </Link>
                  </>
                ) : (
                  t('detail.imageSettings', {
                    ratio: job.ratio || '—',
                    quality: job.quality || '—',
                    background: job.background ?? 'default',
                  })
                )}
              </span>
            </Field>
            <Field label={t('detail.kind')}>{t('detail.kinds', { kind: job.kind })}</Field>
            {detail.data?.request && <JobRequestFields kind={job.kind} request={detail.data.request} />}
            {job.batch_id && (
              <Field label={t('detail.batch')}>
                <code className="font-mono text-xs break-all">{job.batch_id}</code>
              </Field>
            )}
            <Field label={t('detail.created')}>
              <time dateTime={job.created_at}>{times.full(job.created_at)}</time>{' '}
              <Muted>{t('detail.ago', { time: times.relative(job.created_at) ?? '—' })}</Muted>
            </Field>
            <Field label={t('detail.finished')}>
              {job.finished_at ? (
                <time dateTime={job.finished_at}>{times.full(job.finished_at)}</time>
              ) : (
                <Muted>{t('detail.notYet')}</Muted>
              )}
            </Field>
            <Field label={t('detail.elapsed')}>{times.elapsed(job.elapsed_ms)}</Field>
            {job.note && job.status !== 'pending' && <Field label={t('detail.note')}>{job.note}</Field>}
            {job.error && (
              <Field label={t('detail.error')}>
                <span className="text-rose-700">{job.error}</span>
              </Field>
            )}
            {!conversion && job.steps && job.steps.length > 0 && (
              <Field label={t('detail.steps')}>
                <Steps steps={job.steps} />
              </Field>
            )}
          </dl>
        </Card>
      </div>

      {detail.data && job.status === 'done' && job.cdn_url && detail.data.hooks.length > 0 && (
        <JobHooks
          hooks={detail.data.hooks}
          prices={prices}
          source={{
            jobId: job.id,
            imageUrl: job.cdn_url,
            prompt: job.prompt,
            input: detail.data.request?.input ?? null,
          }}
        />
      )}
      {detail.data && (detail.data.request?.callback_url || detail.data.deliveries.length > 0) && (
        <JobDeliveries
          deliveries={detail.data.deliveries}
          callbackUrl={detail.data.request?.callback_url ?? null}
          pending={job.status === 'pending'}
          jobId={job.id}
        />
      )}
    </JobPage>
  );
}

function Steps({ steps }: { steps: NonNullable<Job['steps']> }) {
  const t = useTranslations('jobs.detail');
  const stepName = useStepName();
  return (
    <ol className="space-y-1.5">
      {steps.map((s, i) => (
        <li key={`${s.name}-${i}`} className="flex items-center gap-2">
          <span
            className={cn(
              'grid size-4 shrink-0 place-items-center rounded-full',
              s.status === 'ok'
                ? 'bg-emerald-100 text-emerald-700'
                : s.status === 'fail'
                  ? 'bg-rose-100 text-rose-700'
                  : 'text-indigo-600',
            )}
          >
            {s.status === 'ok' ? (
              <CheckIcon className="size-2.5" />
            ) : s.status === 'fail' ? (
              <CloseIcon className="size-2.5" />
            ) : (
              <Spinner className="size-3" />
            )}
          </span>
          <span>{stepName(s.name)}</span>
          <span className="sr-only">{t('stepState', { status: s.status })}</span>
        </li>
      ))}
    </ol>
  );
}
