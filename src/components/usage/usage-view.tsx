'use client';

import { keepPreviousData } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { trpc } from '@/trpc/react';
import { PageHeader } from '@/components/console/page-header';
import { ActivityStats } from './activity-stats';
import { BalanceCards } from './balance-cards';
import { DailyUsage } from './daily-usage';
import { UsageLegend } from './usage-legend';
import { UsageSlice } from './usage-slice';
import { DEFAULT_DAYS, DEFAULT_HOURS, parseDays, parseHours, type DayWindow, type HourWindow } from './format';

/**
 * Credits consumed per day and category, the month against the quota, and recent activity. The
 * windows start from the address, as the page read them to prefetch the same two reports.
 */
export function UsageView() {
  const search = useSearchParams();
  const t = useTranslations('usage');
  const [days, setDays] = useState<DayWindow>(() => parseDays(search.get('days')));
  const [hours, setHours] = useState<HourWindow>(() => parseHours(search.get('hours')));

  const usage = trpc.usage.byCategory.useQuery({ days: String(days) }, { placeholderData: keepPreviousData });
  const stats = trpc.usage.stats.useQuery({ hours: String(hours) }, { placeholderData: keepPreviousData });

  // The address follows the windows, so a reload or a shared link opens the same view.
  useEffect(() => {
    const url = new URL(window.location.href);
    const set = (key: string, value: number, fallback: number) =>
      value === fallback ? url.searchParams.delete(key) : url.searchParams.set(key, String(value));
    set('days', days, DEFAULT_DAYS);
    set('hours', hours, DEFAULT_HOURS);
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
  }, [days, hours]);

  return (
    <div className="space-y-6 sm:space-y-8">
      <PageHeader eyebrow={t('eyebrow')} title={t('title')} description={t('description')} />

      <BalanceCards stats={stats.data} error={stats.data ? null : stats.error} onRetry={stats.refetch} />
      <DailyUsage days={days} onDaysChange={setDays} query={usage} />
      <UsageSlice />
      <ActivityStats hours={hours} onHoursChange={setHours} query={stats} />
      <UsageLegend />
    </div>
  );
}
