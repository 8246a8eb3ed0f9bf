import { useFormatter, useTranslations } from 'next-intl';
import { CATEGORIES, formatCredits, longDay } from './format';
import type { UsageReport } from './types';

/** The chart's figures as a table: always there for screen readers, shown on request for everyone. */
export function DailyTable({ id, report, visible }: { id: string; report: UsageReport; visible: boolean }) {
  const today = report.daily.at(-1)?.date;
  const rows = [...report.daily].reverse();
  const t = useTranslations('usage');
  const format = useFormatter();
  return (
    <div id={id}>
      {/* On a phone the shown figures are one card per day; the table (for screen readers always) from `sm` up. */}
      {visible && <DayCards rows={rows} today={today} />}
      <div
        className={
          visible ? 'mt-4 hidden max-h-[28rem] overflow-auto rounded-lg ring-1 ring-slate-200 sm:block' : 'sr-only'
        }
        // Scrollable when shown: reachable from the keyboard then, and only then.
        tabIndex={visible ? 0 : undefined}
        role={visible ? 'region' : undefined}
        aria-label={visible ? t('table.title') : undefined}
      >
        <table className="w-full min-w-[30rem] text-right text-sm tabular-nums" data-testid="usage-table">
          <caption className="sr-only">{t('table.caption', { days: report.days })}</caption>
          <thead className="sticky top-0 bg-slate-50 text-xs font-medium text-slate-500">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                {t('table.day')}
              </th>
              {CATEGORIES.map((c) => (
                <th key={c.key} scope="col" className="px-3 py-2 font-medium">
                  {t(`categories.${c.key}.label`)}
                </th>
              ))}
              <th scope="col" className="px-3 py-2 font-semibold text-slate-700">
                {t('total')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {rows.map((d) => (
              <tr key={d.date} data-date={d.date} className={d.total === 0 ? 'text-slate-500' : 'text-slate-700'}>
                <th scope="row" className="px-3 py-1.5 text-left font-normal whitespace-nowrap text-slate-600">
                  <time dateTime={d.date}>{longDay(format, d.date)}</time>
                  {d.date === today && <span className="ml-1.5 text-xs text-indigo-600">{t('table.today')}</span>}
                </th>
                {CATEGORIES.map((c) => (
                  <td key={c.key} className="px-3 py-1.5" data-category={c.key}>
                    {formatCredits(format, d[c.key])}
                  </td>
                ))}
                <td className="px-3 py-1.5 font-semibold" data-category="total">
                  {formatCredits(format, d.total)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot className="sticky bottom-0 bg-slate-50 font-semibold text-slate-900">
            <tr>
              <th scope="row" className="px-3 py-2 text-left">
                {t('table.days', { days: report.days })}
              </th>
              {CATEGORIES.map((c) => (
                <td key={c.key} className="px-3 py-2">
                  {formatCredits(format, report.totals[c.key])}
                </td>
              ))}
              <td className="px-3 py-2">{formatCredits(format, report.totals.total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}

/** The days as stacked cards below the `sm` breakpoint: the date and total, then each category. */
function DayCards({ rows, today }: { rows: UsageReport['daily']; today: string | undefined }) {
  const t = useTranslations('usage');
  const format = useFormatter();
  return (
    <ul
      className="mt-4 max-h-[28rem] space-y-2 overflow-y-auto sm:hidden"
      data-testid="usage-day-cards"
      aria-label={t('table.title')}
    >
      {rows.map((d) => (
        <li
          key={d.date}
          className={
            d.total === 0
              ? 'rounded-lg bg-white p-3 text-slate-500 ring-1 ring-slate-200'
              : 'rounded-lg bg-white p-3 text-slate-700 ring-1 ring-slate-200'
          }
        >
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="text-slate-600">
              <time dateTime={d.date}>{longDay(format, d.date)}</time>
              {d.date === today && <span className="ml-1.5 text-xs text-indigo-600">{t('table.today')}</span>}
            </span>
            <span className="font-semibold tabular-nums">{formatCredits(format, d.total)}</span>
          </div>
          <dl className="mt-1.5 grid grid-cols-2 gap-x-4 gap-y-0.5 text-xs">
            {CATEGORIES.map((c) => (
              <div key={c.key} className="flex justify-between gap-2">
                <dt className="text-slate-500">{t(`categories.${c.key}.label`)}</dt>
                <dd className="tabular-nums">{formatCredits(format, d[c.key])}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
