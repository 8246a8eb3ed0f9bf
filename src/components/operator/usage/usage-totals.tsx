import { useFormatter, useTranslations } from 'next-intl';
import { formatCny, formatCredits } from '@/components/usage/format';
import type { PlatformUsage } from './model';

/** The window's headline figures: credits, money (a card of its own), tenants with usage and upstream attempts. */
export function PlatformTotals({ report }: { report: PlatformUsage }) {
  const t = useTranslations('operatorUsage.totals');
  const format = useFormatter();
  const attempts = report.channels.reduce((sum, c) => sum + c.attempts, 0);
  const cards = [
    {
      key: 'credits',
      label: t('credits'),
      hint: t('creditsHint'),
      value: formatCredits(format, report.totals.total),
      dark: true,
    },
    {
      key: 'charged',
      label: t('charged'),
      hint: t('chargedHint'),
      value: formatCny(format, report.charged_cny),
      dark: false,
    },
    {
      key: 'tenants',
      label: t('tenants'),
      hint: undefined,
      value: formatCredits(format, report.tenants.length),
      dark: false,
    },
    { key: 'attempts', label: t('attempts'), hint: undefined, value: formatCredits(format, attempts), dark: false },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={t('title')}>
      {cards.map((c) => (
        <div
          key={c.key}
          title={c.hint}
          className={
            c.dark
              ? 'rounded-xl bg-slate-900 px-4 py-3 text-white'
              : 'rounded-xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200'
          }
        >
          <dt className={c.dark ? 'text-xs font-medium text-slate-300' : 'text-xs font-medium text-slate-500'}>
            {c.label}
          </dt>
          <dd
            className="mt-1 text-xl font-semibold tabular-nums [overflow-wrap:anywhere]"
            data-testid={`platform-total-${c.key}`}
          >
            {c.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
