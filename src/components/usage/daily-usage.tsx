'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useId, useState } from 'react';
import { UsageIcon } from '../icons';
import { buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';
import { Segmented } from '../ui/segmented';
import { Spinner } from '../ui/spinner';
import { CATEGORIES, DAY_WINDOWS, formatCredits, longDay, shanghaiTime, type DayWindow } from './format';
import { RetryAlert } from './retry-alert';
import type { Report, UsageReport } from './types';

// The chart draws in the browser only (it measures its box); the table below carries the figures meanwhile.
const DailyChart = dynamic(() => import('./daily-chart'), { ssr: false, loading: () => <ChartSkeleton /> });

interface DailyUsageProps {
  days: DayWindow;
  onDaysChange: (days: DayWindow) => void;
  query: Report<UsageReport>;
}

/** The chart card: window switch, totals per category (the legend), the stacked bars and their table. */
export function DailyUsage({ days, onDaysChange, query }: DailyUsageProps) {
  const headingId = useId();
  const tableId = useId();
  const [showTable, setShowTable] = useState(false);
  const { data, error } = query;
  const updating = query.isPlaceholderData;
  const empty = data ? data.daily.every((d) => CATEGORIES.every((c) => d[c.key] === 0)) : false;

  return (
    <Card aria-labelledby={headingId} role="region">
      <div className="flex flex-col gap-4 border-b border-slate-100 px-5 py-4 sm:flex-row sm:items-start sm:justify-between sm:px-6">
        <div className="min-w-0">
          <div className="flex items-center gap-2">
            <h2 id={headingId} className="text-base font-semibold text-slate-900">
              Daily credits
            </h2>
            <span className="inline-flex items-center gap-1 text-xs text-slate-500" role="status">
              {updating && (
                <>
                  <Spinner className="size-3.5" /> Updating…
                </>
              )}
            </span>
          </div>
          <p className="mt-1 text-sm text-slate-500">Credits consumed each day (charges minus refunds), by kind of work.</p>
        </div>
        <Segmented
          legend={<span className="sr-only">Days shown</span>}
          name="usage-days"
          value={String(days)}
          onChange={(v) => onDaysChange(Number(v) as DayWindow)}
          options={DAY_WINDOWS.map((d) => ({ value: String(d), label: `${d} days` }))}
          className="w-full shrink-0 sm:w-72 [&_legend]:mb-0"
        />
      </div>

      {!data ? (
        <div className="px-5 py-5 sm:px-6">
          {error ? (
            <RetryAlert title="Daily credits could not be loaded." message={error.message} onRetry={() => void query.refetch()} />
          ) : (
            <div aria-busy="true" aria-label="Loading daily credits">
              <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
                {Array.from({ length: 6 }, (_, i) => (
                  <div key={i} className="h-14 animate-pulse rounded-lg bg-slate-100" />
                ))}
              </div>
              <div className="mt-5 h-64 sm:h-72">
                <ChartSkeleton />
              </div>
            </div>
          )}
        </div>
      ) : (
        <div className={cn('px-5 py-5 transition-opacity sm:px-6', updating && 'opacity-60')}>
          <Totals report={data} />
          {empty ? (
            <EmptyUsage days={data.days} />
          ) : (
            <figure className="mt-5">
              <div
                className="h-64 sm:h-72 [&_.recharts-surface]:rounded-sm [&_.recharts-surface:focus]:outline-none [&_.recharts-surface:focus-visible]:outline-2 [&_.recharts-surface:focus-visible]:outline-offset-4 [&_.recharts-surface:focus-visible]:outline-indigo-600"
                data-testid="usage-chart"
                data-days={data.daily.length}
              >
                <DailyChart daily={data.daily} totals={data.totals} today={data.daily.at(-1)?.date} />
              </div>
              <figcaption className="sr-only">
                Stacked bar chart of credits per day over the last {data.days} days; the table “Credits per day” has the same figures.
              </figcaption>
            </figure>
          )}

          <div className="mt-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-slate-100 pt-3 text-xs text-slate-500">
            <span>
              Asia/Shanghai days · updated <time dateTime={data.generated_at}>{shanghaiTime(data.generated_at)}</time>
            </span>
            {!empty && (
              <button
                type="button"
                aria-expanded={showTable}
                aria-controls={tableId}
                onClick={() => setShowTable((v) => !v)}
                className="rounded font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                {showTable ? 'Hide table' : 'Show as table'}
              </button>
            )}
          </div>
          {error && <p className="mt-2 text-xs text-rose-700" role="alert">Could not refresh: {error.message}</p>}

          {!empty && <DailyTable id={tableId} report={data} visible={showTable} />}
        </div>
      )}
    </Card>
  );
}

/** The window's total and each category's, doubling as the chart's legend. */
function Totals({ report }: { report: UsageReport }) {
  return (
    <dl className="grid grid-cols-3 gap-2 lg:grid-cols-6" aria-label={`Totals for the last ${report.days} days`}>
      <div className="rounded-lg bg-slate-900 px-3 py-2 text-white">
        <dt className="text-xs font-medium text-slate-300">Total</dt>
        <dd className="mt-0.5 text-lg font-semibold tabular-nums [overflow-wrap:anywhere]" data-testid="usage-total">
          {formatCredits(report.totals.total)}
        </dd>
      </div>
      {CATEGORIES.map((c) => (
        <div key={c.key} className="rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-inset ring-slate-200/70" title={c.hint}>
          <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-600">
            <span aria-hidden="true" className="size-2.5 shrink-0 rounded-sm" style={{ backgroundColor: c.color }} />
            {c.label}
          </dt>
          <dd
            className={cn('mt-0.5 text-lg font-semibold tabular-nums [overflow-wrap:anywhere]', report.totals[c.key] === 0 ? 'text-slate-400' : 'text-slate-900')}
            data-testid={`usage-total-${c.key}`}
          >
            {formatCredits(report.totals[c.key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The chart's figures as a table: always there for screen readers, shown on request for everyone. */
function DailyTable({ id, report, visible }: { id: string; report: UsageReport; visible: boolean }) {
  const today = report.daily.at(-1)?.date;
  const rows = [...report.daily].reverse();
  return (
    <div
      id={id}
      className={visible ? 'mt-4 max-h-[28rem] overflow-auto rounded-lg ring-1 ring-slate-200' : 'sr-only'}
      // Scrollable when shown: reachable from the keyboard then, and only then.
      tabIndex={visible ? 0 : undefined}
      role={visible ? 'region' : undefined}
      aria-label={visible ? 'Credits per day' : undefined}
    >
      <table className="w-full min-w-[30rem] text-right text-sm tabular-nums" data-testid="usage-table">
        <caption className="sr-only">
          Credits per day, last {report.days} days (Asia/Shanghai), newest first
        </caption>
        <thead className="sticky top-0 bg-slate-50 text-xs font-medium text-slate-500">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Day
            </th>
            {CATEGORIES.map((c) => (
              <th key={c.key} scope="col" className="px-3 py-2 font-medium">
                {c.label}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 font-semibold text-slate-700">
              Total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {rows.map((d) => (
            <tr key={d.date} data-date={d.date} className={d.total === 0 ? 'text-slate-400' : 'text-slate-700'}>
              <th scope="row" className="px-3 py-1.5 text-left font-normal whitespace-nowrap text-slate-600">
                <time dateTime={d.date}>{longDay(d.date)}</time>
                {d.date === today && <span className="ml-1.5 text-xs text-indigo-600">today</span>}
              </th>
              {CATEGORIES.map((c) => (
                <td key={c.key} className="px-3 py-1.5" data-category={c.key}>
                  {formatCredits(d[c.key])}
                </td>
              ))}
              <td className="px-3 py-1.5 font-semibold" data-category="total">
                {formatCredits(d.total)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="sticky bottom-0 bg-slate-50 font-semibold text-slate-900">
          <tr>
            <th scope="row" className="px-3 py-2 text-left">
              {report.days} days
            </th>
            {CATEGORIES.map((c) => (
              <td key={c.key} className="px-3 py-2">
                {formatCredits(report.totals[c.key])}
              </td>
            ))}
            <td className="px-3 py-2">{formatCredits(report.totals.total)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function EmptyUsage({ days }: { days: number }) {
  return (
    <div className="mt-5 flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center" data-testid="usage-empty">
      <span className="grid size-12 place-items-center rounded-xl bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100">
        <UsageIcon className="size-6" />
      </span>
      <h3 className="mt-4 text-base font-semibold text-slate-900">No credits used in the last {days} days</h3>
      <p className="mt-1 max-w-sm text-sm text-balance text-slate-500">
        Images, videos and copy you generate, in the console or through the API, are counted here day by day.
      </p>
      <Link href="/playground" className={buttonClasses('primary', 'md', 'mt-6')}>
        Open the Playground
      </Link>
    </div>
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
