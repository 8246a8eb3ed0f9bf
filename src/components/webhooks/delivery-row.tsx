'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useJobTimes } from '@/components/jobs/job-times';
import { useErrorText } from '@/components/console/use-error-text';
import { Button } from '@/components/ui/button';
import type { Delivery } from './history-query';
import { DeliveryErrorText } from './delivery-error-text';
import { StateBadge } from './state-badge';

export interface RowActions {
  /** Whether this row offers Redeliver. */
  offer: boolean;
  busy: boolean;
  /** The redelivery asked from this row: queued, or the attempt it became. */
  outcome: Delivery | 'queued' | null;
  error: unknown;
  onRedeliver: () => void;
}

/** The job a delivery belongs to, linked to its page; a test delivery says so. */
function JobCell({ d }: { d: Delivery }) {
  const t = useTranslations('webhooks.history');
  if (!d.job_id) return <span className="text-slate-500">{t('testEvent')}</span>;
  return (
    <span className="flex min-w-0 flex-col">
      <Link
        href={`/jobs/${d.job_id}`}
        className="truncate font-mono text-xs text-indigo-600 hover:text-indigo-500"
        title={d.job_id}
      >
        {d.job_id.slice(0, 8)}
      </Link>
      {d.job_kind && <span className="text-xs text-slate-500">{t('kind', { kind: d.job_kind })}</span>}
    </span>
  );
}

/** Redeliver, then what became of it. */
function RedeliverCell({ a }: { a: RowActions }) {
  const t = useTranslations('webhooks.history');
  const errorText = useErrorText();
  if (a.outcome === 'queued') return <span className="text-xs text-slate-500">{t('redelivering')}</span>;
  if (a.outcome) {
    return (
      <span className="flex flex-wrap items-center gap-1 text-xs text-slate-600" data-testid="redelivery-outcome">
        {t('redelivered', { attempt: a.outcome.attempt, state: a.outcome.state })}
      </span>
    );
  }
  if (!a.offer) return null;
  return (
    <span className="flex flex-col items-start gap-1">
      <Button size="sm" variant="secondary" disabled={a.busy} onClick={a.onRedeliver}>
        {a.busy ? t('redelivering') : t('redeliver')}
      </Button>
      {a.error ? (
        <span role="alert" className="text-xs text-rose-700">
          {errorText(a.error)}
        </span>
      ) : null}
    </span>
  );
}

/** One attempt as a table row (wide screens). */
export function DeliveryRow({ d, actions }: { d: Delivery; actions: RowActions }) {
  const times = useJobTimes();
  return (
    <tr data-testid="delivery-row" data-job={d.job_id ?? ''} data-attempt={d.attempt}>
      <td className="px-5 py-2 sm:px-6">
        <JobCell d={d} />
      </td>
      <td className="px-3 py-2">
        <StateBadge state={d.state} />
      </td>
      <td className="px-3 py-2 font-mono text-xs">{d.status_code ?? '—'}</td>
      <td className="px-3 py-2 tabular-nums">{d.attempt}</td>
      <td className="px-3 py-2 whitespace-nowrap">
        <time dateTime={d.at}>{times.full(d.at)}</time>
        <span className="block text-xs text-slate-500 tabular-nums">{times.elapsed(d.duration_ms)}</span>
      </td>
      <td className="max-w-[16rem] px-3 py-2 text-xs text-slate-600">
        <span className="block truncate font-mono" title={d.url}>
          {d.url}
        </span>
        <DeliveryErrorText d={d} />
      </td>
      <td className="px-3 py-2">
        <RedeliverCell a={actions} />
      </td>
    </tr>
  );
}

/** One attempt as a card (narrow screens). */
export function DeliveryCard({ d, actions }: { d: Delivery; actions: RowActions }) {
  const t = useTranslations('webhooks.history');
  const times = useJobTimes();
  return (
    <li className="space-y-2 px-4 py-3" data-testid="delivery-card" data-job={d.job_id ?? ''} data-attempt={d.attempt}>
      <div className="flex items-start justify-between gap-3">
        <JobCell d={d} />
        <StateBadge state={d.state} />
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
        <dt className="text-slate-500">{t('status')}</dt>
        <dd className="font-mono">{d.status_code ?? '—'}</dd>
        <dt className="text-slate-500">{t('attempt')}</dt>
        <dd className="tabular-nums">{d.attempt}</dd>
        <dt className="text-slate-500">{t('at')}</dt>
        <dd>
          <time dateTime={d.at}>{times.full(d.at)}</time> · {times.elapsed(d.duration_ms)}
        </dd>
      </dl>
      <p className="font-mono text-xs break-all text-slate-500">{d.url}</p>
      <p className="text-xs">
        <DeliveryErrorText d={d} />
      </p>
      <RedeliverCell a={actions} />
    </li>
  );
}
