import { useFormatter, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { CoinsIcon } from '@/components/icons';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import type { Pool } from './model';

/** The tenant's credits: what is free to give, what dedicated members hold, and the two together. */
export function PoolSummary({ pool }: { pool: Pool | undefined }) {
  const share = pool && pool.total > 0 ? Math.round((pool.allocatable / pool.total) * 1000) / 10 : 100;
  const dedicated = pool?.members_dedicated ?? 0;
  const t = useTranslations('members.pool');

  return (
    <Card className="overflow-hidden" aria-busy={pool ? undefined : true}>
      <section aria-labelledby="pool-title" className="p-5 sm:p-6">
        <div className="flex items-center gap-2 text-sm font-medium text-slate-500">
          <CoinsIcon className="size-4 text-indigo-500" />
          <h2 id="pool-title">{t('title')}</h2>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-5 sm:grid-cols-3 sm:gap-0 sm:divide-x sm:divide-slate-100">
          <PoolFigure
            label={t('allocatable')}
            dot="bg-indigo-500"
            value={pool?.allocatable}
            testId="pool-allocatable"
            note={t('allocatableNote')}
            className="col-span-2 sm:col-span-1 sm:pr-6"
            lead
          />
          <PoolFigure
            label={t('reserved')}
            dot="bg-amber-400"
            value={pool?.reserved}
            testId="pool-reserved"
            note={pool ? t('reservedNote', { count: dedicated }) : t('reservedNoteLoading')}
            className="sm:px-6"
          />
          <PoolFigure
            label={t('total')}
            value={pool?.total}
            testId="pool-total"
            note={t('totalNote')}
            className="sm:pl-6"
          />
        </dl>
      </section>
      <div
        className={cn(
          'flex h-2',
          !pool ? 'animate-pulse bg-slate-100' : pool.total === 0 ? 'bg-slate-100' : 'bg-amber-400',
        )}
        role="img"
        aria-label={pool ? t('share', { share }) : t('loading')}
      >
        <div
          className="h-full bg-indigo-500 transition-[width] duration-500"
          style={{ width: `${pool && pool.total > 0 ? share : 0}%` }}
        />
      </div>
    </Card>
  );
}

interface PoolFigureProps {
  label: string;
  /** The colour of its share in the bar under the figures. */
  dot?: string;
  value: number | undefined;
  testId: string;
  note: ReactNode;
  className: string;
  /** The figure that matters most, a size larger on phones. */
  lead?: boolean;
}

function PoolFigure({ label, dot, value, testId, note, className, lead = false }: PoolFigureProps) {
  const format = useFormatter();
  return (
    <div className={cn('min-w-0', className)}>
      <dt className={cn('text-sm text-slate-500', dot && 'flex items-center gap-2')}>
        {dot && <span aria-hidden="true" className={cn('size-2.5 rounded-full', dot)} />}
        {label}
      </dt>
      <dd
        className={cn(
          'mt-1 font-semibold tracking-tight [overflow-wrap:anywhere] text-slate-900 tabular-nums',
          lead ? 'text-3xl' : 'text-2xl sm:text-3xl',
        )}
        data-testid={testId}
      >
        {value === undefined ? '—' : format.number(value, 'credits')}
      </dd>
      <dd className="mt-1 text-xs leading-5 text-slate-500">{note}</dd>
    </div>
  );
}
