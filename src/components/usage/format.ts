/**
 * Figures of the Usage page: categories, windows and formats, kept free of React for tests. Words and
 * numbers come from next-intl: the components pass their formatter (`useFormatter`) and translator in.
 */

import type { createFormatter, useTranslations } from 'next-intl';

/** next-intl's formatter, set up with Studio's named formats and time zone (`useFormatter()` in a component). */
export type Formatter = ReturnType<typeof createFormatter>;
/** The durations' words, from the `usage.duration` catalogue. */
export type DurationWords = ReturnType<typeof useTranslations<'usage.duration'>>;

// Okabe–Ito hues (told apart with the common colour-vision deficiencies), each at least 3:1 on white.
// Their names and hints are `usage.categories.<key>.label` and `.hint`.
export const CATEGORIES = [
  { key: 'image', color: '#4f46e5' },
  { key: 'video', color: '#d55e00' },
  { key: 'chat', color: '#009e73' },
  { key: 'reverse', color: '#cc79a7' },
  { key: 'article', color: '#0072b2' },
  { key: 'other', color: '#64748b' },
] as const;

export type Category = (typeof CATEGORIES)[number]['key'];
export type Bucket = Record<Category | 'total', number>;
export type DailyRow = Bucket & { date: string };

export const DAY_WINDOWS = [7, 30, 90] as const;
export type DayWindow = (typeof DAY_WINDOWS)[number];
export const DEFAULT_DAYS: DayWindow = 30;

export const HOUR_WINDOWS = [24, 168] as const;
export type HourWindow = (typeof HOUR_WINDOWS)[number];
export const DEFAULT_HOURS: HourWindow = 24;

function first(raw: string | string[] | undefined | null): string | undefined {
  return Array.isArray(raw) ? raw[0] : (raw ?? undefined);
}

/** The chart window from the address (?days=7): one of the offered windows, else the default. */
export function parseDays(raw: string | string[] | undefined | null): DayWindow {
  const n = Number(first(raw));
  return (DAY_WINDOWS as readonly number[]).includes(n) ? (n as DayWindow) : DEFAULT_DAYS;
}

/** The activity window from the address (?hours=168). */
export function parseHours(raw: string | string[] | undefined | null): HourWindow {
  const n = Number(first(raw));
  return (HOUR_WINDOWS as readonly number[]).includes(n) ? (n as HourWindow) : DEFAULT_HOURS;
}

/** A window of hours in days, for its name (`usage.window`): 1 for the last 24 hours, 7 for a week. */
export const hoursInDays = (h: HourWindow) => Math.round(h / 24);

/** A count of credits or things, grouped by thousands: 1,234. */
export const formatCredits = (format: Formatter, n: number) => format.number(n, 'credits');

/** Money in yuan, to the fen: ¥0.60, ¥1,234.50. */
export function formatCny(format: Formatter, n: number): string {
  const sign = n < 0 ? '−' : '';
  return `${sign}¥${format.number(Math.abs(n), 'yuan')}`;
}

/** A duration for people: 850 ms, 1.2 s, 42 s, 3 min 5 s (or 850 毫秒, 3 分 5 秒); null (nothing measured) is a dash. */
export function formatDuration(t: DurationWords, ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return t('ms', { n: String(Math.round(ms)) });
  if (ms < 9_950) return t('s', { n: (ms / 1000).toFixed(1) });
  const s = Math.round(ms / 1000);
  if (s < 60) return t('s', { n: String(s) });
  const m = String(Math.floor(s / 60));
  const rest = s % 60;
  return rest ? t('minSec', { m, s: String(rest) }) : t('min', { m });
}

/** A share as a percentage with at most one decimal: 100%, 95.2%, 0.5%; null is a dash. */
export function formatRate(rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return '—';
  const pct = Math.round(rate * 1000) / 10;
  return `${pct % 1 === 0 ? pct.toFixed(0) : pct.toFixed(1)}%`;
}

/** How much of the monthly quota is used, 0–100 for the bar (a quota of 0 reads as full once anything is used). */
export function quotaPercent(used: number, quota: number): number {
  if (quota <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, (used / quota) * 100));
}

/**
 * A report day is an Asia/Shanghai calendar date (YYYY-MM-DD) already. It is read as noon of that day
 * in Shanghai, which the formatter (always on Studio's Asia/Shanghai clock) shows as the same date
 * whatever the browser's own time zone.
 */
export function calendarDay(date: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // 04:00 UTC is noon in Shanghai (UTC+8, no daylight saving).
  return new Date(Date.UTC(y, m - 1, d, 4));
}

/** Axis label: 5/14. */
export function shortDay(format: Formatter, date: string): string {
  const day = calendarDay(date);
  return day ? format.dateTime(day, 'dayOfMonth') : date;
}

/** Tooltip and table label: Thu, May 14 · 5月14日周四. */
export function longDay(format: Formatter, date: string): string {
  const day = calendarDay(date);
  return day ? format.dateTime(day, 'weekday') : date;
}

/** When a report was made, on the Shanghai clock: May 14, 2026, 09:05. */
export function shanghaiTime(format: Formatter, iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : format.dateTime(at, 'minute');
}

/** The categories that have any credits in the window, in legend order (all of them when none has). */
export function activeCategories(totals: Bucket): Category[] {
  const used = CATEGORIES.filter((c) => totals[c.key] !== 0).map((c) => c.key);
  return used.length ? used : CATEGORIES.map((c) => c.key);
}

const shanghaiDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The day the monthly count starts again, on the Shanghai calendar, as a report day: "2026-06-01". */
export function monthResetsOn(iso: string): string | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const match = /^(\d{4})-(\d{2})-\d{2}$/.exec(shanghaiDate.format(at));
  if (!match) return null;
  const [y, m] = [Number(match[1]), Number(match[2])];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** The first of the next Shanghai month for people: Jun 1 · 6月1日. */
export function monthResetsLabel(format: Formatter, iso: string): string | null {
  const day = monthResetsOn(iso);
  const at = day ? calendarDay(day) : null;
  return at ? format.dateTime(at, 'monthDay') : null;
}
