'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { trpc } from '@/trpc/react';
import { UsageIcon } from '@/components/icons';
import { StatCard } from '@/components/console/stat-card';
import { burnRate } from './burn';

export const BURN_INPUT = { days: '7' } as const;

/** Credits used per day over the last 7 days, as bars, and how long the balance lasts at that rate. */
export function BurnRate() {
  const t = useTranslations('overview.burn');
  const format = useFormatter();
  const usage = trpc.usage.usage.useQuery(BURN_INPUT, { staleTime: 30_000 });
  const credits = trpc.session.me.useQuery().data?.tenant.credits;
  const daily = usage.data?.daily ?? [];
  const rate = credits === undefined || !usage.data ? null : burnRate(daily, credits);
  const top = Math.max(1, ...daily.map((d) => d.total));
  return (
    <StatCard
      icon={UsageIcon}
      title={t('title')}
      figure={
        rate
          ? t('perDay', { credits: format.number(rate.perDay, { maximumFractionDigits: rate.perDay < 10 ? 1 : 0 }) })
          : '—'
      }
      figureTestId="burn-rate"
      note={
        rate
          ? rate.daysLeft === null
            ? t('noUse')
            : t('lasts', { days: rate.daysLeft })
          : usage.isError
            ? t('error')
            : t('loading')
      }
    >
      {daily.length > 0 && (
        <ol className="mt-4 flex h-12 items-end gap-1" aria-label={t('chart')}>
          {daily.map((d) => (
            <li
              key={d.date}
              className="flex h-full flex-1 items-end"
              title={t('day', { date: d.date, credits: d.total })}
            >
              <span className="sr-only">{t('day', { date: d.date, credits: d.total })}</span>
              <span
                className="block w-full rounded-sm bg-indigo-400"
                style={{ height: `${Math.max(4, (Math.max(0, d.total) / top) * 100)}%` }}
              />
            </li>
          ))}
        </ol>
      )}
    </StatCard>
  );
}
