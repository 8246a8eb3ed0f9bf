import { useFormatter, useTranslations } from 'next-intl';
import { cn } from '@/components/ui/cn';
import { CATEGORIES, formatCredits } from './format';
import type { UsageReport } from './types';

/** The window's total and each category's, doubling as the chart's legend. */
export function UsageTotals({ report }: { report: UsageReport }) {
  const t = useTranslations('usage');
  const format = useFormatter();
  return (
    <dl
      className="grid grid-cols-2 gap-2 min-[420px]:grid-cols-4 lg:grid-cols-7"
      aria-label={t('totals', { days: report.days })}
    >
      <div className="rounded-lg bg-slate-900 px-3 py-2 text-white">
        <dt className="text-xs font-medium text-slate-300">{t('total')}</dt>
        <dd className="mt-0.5 text-lg font-semibold tabular-nums [overflow-wrap:anywhere]" data-testid="usage-total">
          {formatCredits(format, report.totals.total)}
        </dd>
      </div>
      {CATEGORIES.map((c) => (
        <div
          key={c.key}
          className="rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-inset ring-slate-200/70"
          title={t(`categories.${c.key}.hint`)}
        >
          <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-600">
            <span aria-hidden="true" className="size-2.5 shrink-0 rounded-sm" style={{ backgroundColor: c.color }} />
            {t(`categories.${c.key}.label`)}
          </dt>
          <dd
            className={cn(
              'mt-0.5 text-lg font-semibold tabular-nums [overflow-wrap:anywhere]',
              report.totals[c.key] === 0 ? 'text-slate-500' : 'text-slate-900',
            )}
            data-testid={`usage-total-${c.key}`}
          >
            {formatCredits(format, report.totals[c.key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}
