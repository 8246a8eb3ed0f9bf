'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import { activeCategories, CATEGORIES, formatCredits, longDay, shortDay, type Bucket, type DailyRow } from './format';

interface DailyChartProps {
  daily: DailyRow[];
  totals: Bucket;
  /** The last day of the window (today in Shanghai), named as such in the tooltip. */
  today: string | undefined;
}

/** Credits per Shanghai day, stacked by category. The page puts the same figures in a table beside it. */
export default function DailyChart({ daily, totals, today }: DailyChartProps) {
  const shown = new Set(activeCategories(totals));
  const many = daily.length > 31;
  const t = useTranslations('usage');
  const format = useFormatter();
  return (
    <BarChart
      responsive
      data={daily}
      style={{ width: '100%', height: '100%' }}
      margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
      barCategoryGap={many ? 1 : '18%'}
      title={t('chart.title')}
      desc={t('chart.desc')}
    >
      <CartesianGrid vertical={false} stroke="#e2e8f0" />
      <XAxis
        dataKey="date"
        tickFormatter={(date: string) => shortDay(format, date)}
        tickLine={false}
        axisLine={{ stroke: '#cbd5e1' }}
        tick={{ fill: '#64748b', fontSize: 12 }}
        interval="preserveStartEnd"
        minTickGap={12}
      />
      <YAxis
        allowDecimals={false}
        tickFormatter={(n: number) => formatCredits(format, n)}
        tickLine={false}
        axisLine={false}
        tick={{ fill: '#64748b', fontSize: 12 }}
        width="auto"
      />
      <Tooltip
        content={(props) => <DayTooltip {...props} today={today} />}
        cursor={{ fill: '#eef2ff', fillOpacity: 0.7 }}
        isAnimationActive={false}
        allowEscapeViewBox={{ x: false, y: true }}
      />
      {CATEGORIES.filter((c) => shown.has(c.key)).map((c) => (
        <Bar
          key={c.key}
          dataKey={c.key}
          name={t(`categories.${c.key}.label`)}
          stackId="credits"
          fill={c.color}
          maxBarSize={44}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}

function DayTooltip({ active, payload, today }: TooltipContentProps & { today: string | undefined }) {
  const row = payload?.[0]?.payload as DailyRow | undefined;
  const t = useTranslations('usage');
  const format = useFormatter();
  if (!active || !row) return null;
  return (
    <div
      className="min-w-44 rounded-lg bg-white px-3 py-2.5 text-xs shadow-lg ring-1 ring-slate-200"
      data-testid="usage-tooltip"
    >
      <p className="font-semibold text-slate-900">
        {row.date === today ? t('chart.today', { day: longDay(format, row.date) }) : longDay(format, row.date)}
      </p>
      <dl className="mt-1.5 space-y-1">
        {CATEGORIES.map((c) => (
          <div
            key={c.key}
            className={
              row[c.key] === 0 ? 'flex items-center gap-2 text-slate-500' : 'flex items-center gap-2 text-slate-600'
            }
          >
            <span aria-hidden="true" className="size-2.5 shrink-0 rounded-sm" style={{ backgroundColor: c.color }} />
            <dt className="flex-1">{t(`categories.${c.key}.label`)}</dt>
            <dd className="font-medium tabular-nums">{formatCredits(format, row[c.key])}</dd>
          </div>
        ))}
        <div className="flex items-center gap-2 border-t border-slate-100 pt-1 font-semibold text-slate-900">
          <dt className="flex-1">{t('total')}</dt>
          <dd className="tabular-nums">{formatCredits(format, row.total)}</dd>
        </div>
      </dl>
    </div>
  );
}
