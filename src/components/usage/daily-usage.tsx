'use client';

import dynamic from 'next/dynamic';
import { useFormatter, useTranslations } from 'next-intl';
import Link from 'next/link';
import { useId, useState } from 'react';
import { UsageIcon } from '@/components/icons';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/list-state';
import { DailyTable } from './daily-table';
import { CATEGORIES, DAY_WINDOWS, shanghaiTime, type DayWindow } from './format';
import { RefreshError, ReportCard } from './report-card';
import type { Report, UsageReport } from './types';
import { UsageTotals } from './usage-totals';

// The chart draws in the browser only (it measures its box); the table below carries the figures meanwhile.
const DailyChart = dynamic(() => import('./daily-chart'), { ssr: false, loading: () => <ChartSkeleton /> });

interface DailyUsageProps {
  days: DayWindow;
  onDaysChange: (days: DayWindow) => void;
  query: Report<UsageReport>;
}

/** The chart card: window switch, totals per category (the legend), the stacked bars and their table. */
export function DailyUsage({ days, onDaysChange, query }: DailyUsageProps) {
  const t = useTranslations('usage');
  const switcher = {
    label: t('daily.window'),
    name: 'usage-days',
    width: 'sm:w-72',
    windows: DAY_WINDOWS,
    text: (d: DayWindow) => t('window', { days: d }),
  };
  return (
    <ReportCard
      title={t('daily.title')}
      description={t('daily.description')}
      switcher={{ ...switcher, value: days, onChange: onDaysChange }}
      query={query}
      skeleton={
        <>
          <div className="grid grid-cols-2 gap-2 min-[420px]:grid-cols-4 lg:grid-cols-7">
            {Array.from({ length: 7 }, (_, i) => (
              <div key={i} className="h-14 animate-pulse rounded-lg bg-slate-100" />
            ))}
          </div>
          <div className="mt-5 h-64 sm:h-72">
            <ChartSkeleton />
          </div>
        </>
      }
    >
      {(report) => <DailyFigures report={report} error={query.error} />}
    </ReportCard>
  );
}

/** Totals, then the chart (or why there is none), then when the report was made and the same figures as a table. */
function DailyFigures({ report, error }: { report: UsageReport; error: { message: string } | null }) {
  const tableId = useId();
  const [showTable, setShowTable] = useState(false);
  const empty = report.daily.every((d) => CATEGORIES.every((c) => d[c.key] === 0));
  const t = useTranslations('usage.daily');
  const format = useFormatter();

  return (
    <>
      <UsageTotals report={report} />
      {empty ? (
        <EmptyState
          icon={UsageIcon}
          className="mt-5"
          data-testid="usage-empty"
          title={t('emptyTitle', { days: report.days })}
          description={t('emptyDescription')}
          action={
            <Link href="/playground" className={buttonClasses('primary', 'md')}>
              {t('openPlayground')}
            </Link>
          }
        />
      ) : (
        <figure className="mt-5">
          <div
            className={
              'h-64 sm:h-72 [&_.recharts-surface]:rounded-sm [&_.recharts-surface:focus]:outline-none ' +
              '[&_.recharts-surface:focus-visible]:outline-2 [&_.recharts-surface:focus-visible]:outline-offset-4 ' +
              '[&_.recharts-surface:focus-visible]:outline-indigo-600'
            }
            data-testid="usage-chart"
            data-days={report.daily.length}
          >
            <DailyChart daily={report.daily} totals={report.totals} today={report.daily.at(-1)?.date} />
          </div>
          <figcaption className="sr-only">{t('caption', { days: report.days })}</figcaption>
        </figure>
      )}

      <div className="mt-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-slate-100 pt-3 text-xs text-slate-500">
        <span>
          {t.rich('updated', {
            when: shanghaiTime(format, report.generated_at),
            time: (chunks) => <time dateTime={report.generated_at}>{chunks}</time>,
          })}
        </span>
        {!empty && (
          <button
            type="button"
            aria-expanded={showTable}
            aria-controls={tableId}
            onClick={() => setShowTable((v) => !v)}
            className={
              'rounded font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 ' +
              'focus-visible:outline-offset-2 focus-visible:outline-indigo-600'
            }
          >
            {showTable ? t('hideTable') : t('showTable')}
          </button>
        )}
      </div>
      <RefreshError error={error} className="mt-2" />

      {!empty && <DailyTable id={tableId} report={report} visible={showTable} />}
    </>
  );
}

function ChartSkeleton() {
  return (
    <div className="flex size-full items-end gap-1.5 px-8 pb-6" aria-hidden="true">
      {[40, 65, 30, 80, 55, 70, 45, 90, 35, 60, 50, 75].map((h, i) => (
        <div key={i} className="flex-1 animate-pulse rounded-t bg-slate-100" style={{ height: `${h}%` }} />
      ))}
    </div>
  );
}
