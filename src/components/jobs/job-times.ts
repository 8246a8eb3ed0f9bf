'use client';

import { useFormatter, useNow, useTranslations } from 'next-intl';
import { formatDuration } from '@/components/usage/format';

/**
 * A job's times in the page's language, in Asia/Shanghai: `created` shows today's jobs by their time
 * only, `full` the date and minute, `relative` how long ago; `elapsed` a duration (12.5 s · 12.5 秒).
 */
export function useJobTimes() {
  const format = useFormatter();
  const durations = useTranslations('usage.duration');
  const now = useNow({ updateInterval: 30_000 });
  const valid = (iso: string) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? null : d;
  };
  return {
    created(iso: string): string {
      const d = valid(iso);
      if (!d) return iso;
      const today = format.dateTime(d, 'day') === format.dateTime(now, 'day');
      return today
        ? format.dateTime(d, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
        : format.dateTime(d, 'minute');
    },
    full(iso: string | null): string {
      if (!iso) return '—';
      const d = valid(iso);
      return d ? format.dateTime(d, 'minute') : iso;
    },
    relative(iso: string): string | null {
      const d = valid(iso);
      return d ? format.relativeTime(d, now) : null;
    },
    elapsed: (ms: number | null) => formatDuration(durations, ms),
  };
}
