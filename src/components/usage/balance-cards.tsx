import { useFormatter, useTranslations } from 'next-intl';
import { CalendarIcon, CoinsIcon } from '@/components/icons';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { LoadError } from '@/components/console/load-error';
import { StatCard } from '@/components/console/stat-card';
import { formatCredits, monthResetsLabel, quotaPercent } from './format';
import type { StatsReport } from './types';

interface BalanceCardsProps {
  stats: StatsReport | undefined;
  error: { message: string } | null;
  onRetry: () => unknown;
}

/** What is left to spend, and this month's consumption against the monthly quota. */
export function BalanceCards({ stats, error, onRetry }: BalanceCardsProps) {
  const t = useTranslations('usage.balance');
  const format = useFormatter();
  if (!stats) {
    if (error) return <LoadError what={t('loadError')} error={error} onRetry={onRetry} />;
    return (
      <section aria-label={t('label')} aria-busy="true" className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Card className="h-36 animate-pulse bg-slate-50" />
        <Card className="h-36 animate-pulse bg-slate-50 sm:col-span-2" />
      </section>
    );
  }

  return (
    <section aria-label={t('label')} className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      <StatCard
        icon={CoinsIcon}
        title={t('available')}
        className="bg-linear-to-br from-white via-white to-indigo-50/70"
        figure={formatCredits(format, stats.tenant.credits)}
        figureTestId="usage-credits"
        figureSize="md"
        note={t('availableNote')}
      />
      <MonthCard stats={stats} />
    </section>
  );
}

/** This month's consumption against the quota, as a figure and a bar. */
function MonthCard({ stats }: { stats: StatsReport }) {
  const { used_month: used, quota_monthly: quota } = stats.tenant;
  const percent = quotaPercent(used, quota);
  const left = Math.max(0, quota - used);
  const over = quota > 0 && used > quota;
  const t = useTranslations('usage.balance');
  const format = useFormatter();
  const resets = monthResetsLabel(format, stats.generated_at);
  const figures = { used: formatCredits(format, used), quota: formatCredits(format, quota), credits: used };

  return (
    <StatCard icon={CalendarIcon} title={t('month')} titleId="month-heading" className="sm:col-span-2">
      <p className="mt-3 flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span
          className="text-3xl font-semibold tracking-tight text-slate-900 tabular-nums sm:text-4xl"
          data-testid="usage-month-used"
        >
          {formatCredits(format, used)}
        </span>
        <span className="text-sm text-slate-500">
          {quota > 0
            ? t.rich('ofQuota', {
                ...figures,
                figure: (chunks) => (
                  <span className="font-medium text-slate-700 tabular-nums" data-testid="usage-quota">
                    {chunks}
                  </span>
                ),
              })
            : t('noQuota', figures)}
        </span>
      </p>
      <div
        role="progressbar"
        aria-labelledby="month-heading"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
        aria-valuetext={quota > 0 ? t('usedOfQuota', figures) : t('used', figures)}
        className="mt-4 h-2.5 overflow-hidden rounded-full bg-slate-100 ring-1 ring-inset ring-slate-200/60"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width] duration-500',
            over ? 'bg-rose-500' : percent >= 80 ? 'bg-amber-500' : 'bg-indigo-600',
          )}
          // A sliver stays visible once anything is used, however small against the quota.
          style={{ width: used > 0 ? `max(${percent}%, 0.375rem)` : '0%' }}
        />
      </div>
      <p className="mt-2 flex flex-wrap justify-between gap-x-4 gap-y-1 text-sm text-slate-500">
        <span className={cn(over && 'font-medium text-rose-700')}>
          {quota <= 0
            ? t('sinceFirst')
            : over
              ? t('over', { credits: used - quota, amount: formatCredits(format, used - quota) })
              : t('left', {
                  amount: formatCredits(format, left),
                  percent: percent < 1 && used > 0 ? '<1' : String(Math.round(percent)),
                })}
        </span>
        {resets && <span>{t('resets', { day: resets })}</span>}
      </p>
    </StatCard>
  );
}
