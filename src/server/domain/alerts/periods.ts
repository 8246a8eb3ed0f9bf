import type { AlertPeriod } from '@/server/db/schema';

/** Asia/Shanghai keeps UTC+8 all year (no daylight saving), so its days are fixed offsets of UTC. */
const SHANGHAI_OFFSET_MS = 8 * 3600_000;

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The first day (YYYY-MM-DD, Asia/Shanghai) of the period `now` falls in: the day itself, the Monday
 * of its week, or the first of its month. It names the period in an alert and in its armed state.
 */
export function periodStartDay(period: AlertPeriod, now: Date = new Date()): string {
  const local = new Date(now.getTime() + SHANGHAI_OFFSET_MS);
  if (period === 'month') return `${dayOf(local).slice(0, 7)}-01`;
  if (period === 'week') {
    const sinceMonday = (local.getUTCDay() + 6) % 7;
    return dayOf(new Date(local.getTime() - sinceMonday * 86_400_000));
  }
  return dayOf(local);
}

/** The instant a period starting on `day` (Asia/Shanghai) begins. */
export const periodStartInstant = (day: string): Date => new Date(`${day}T00:00:00+08:00`);
