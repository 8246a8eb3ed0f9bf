'use client';

import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { trpc } from '@/trpc/react';
import { ActivityStats } from './activity-stats';
import { BalanceCards } from './balance-cards';
import { DailyUsage } from './daily-usage';
import { DEFAULT_DAYS, DEFAULT_HOURS, type DayWindow, type HourWindow } from './format';
import type { StatsReport, UsageReport } from './types';

interface UsageViewProps {
  initialDays: DayWindow;
  initialHours: HourWindow;
  /** The server's reports for the starting windows; null when the read failed (the browser then tries again). */
  initialUsage: UsageReport | null;
  initialStats: StatsReport | null;
}

/** Credits consumed per day and category, the month against the quota, and recent activity. */
export function UsageView({ initialDays, initialHours, initialUsage, initialStats }: UsageViewProps) {
  const [days, setDays] = useState<DayWindow>(initialDays);
  const [hours, setHours] = useState<HourWindow>(initialHours);

  const usage = trpc.usage.usage.useQuery(
    { days: String(days) },
    { placeholderData: keepPreviousData, ...(days === initialDays && initialUsage ? { initialData: initialUsage } : {}) },
  );
  const stats = trpc.usage.stats.useQuery(
    { hours: String(hours) },
    { placeholderData: keepPreviousData, ...(hours === initialHours && initialStats ? { initialData: initialStats } : {}) },
  );

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
      <header>
        <p className="text-sm font-medium text-indigo-600">Usage</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Credits and activity</h1>
        <p className="mt-2 max-w-2xl text-sm text-pretty text-slate-500">
          What your workspace consumed, day by day and by kind of work, and how its jobs went. Days follow the China calendar
          (Asia/Shanghai, UTC+8).
        </p>
      </header>

      <BalanceCards stats={stats.data} error={stats.data ? null : stats.error} onRetry={() => void stats.refetch()} />
      <DailyUsage days={days} onDaysChange={setDays} query={usage} />
      <ActivityStats hours={hours} onHoursChange={setHours} query={stats} />
    </div>
  );
}
