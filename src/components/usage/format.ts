/** Figures of the Usage page: categories, windows and number formats, kept free of React for tests. */

import { formatNumber } from '../console/format';

export const CATEGORIES = [
  // Okabe–Ito hues (told apart with the common colour-vision deficiencies), each at least 3:1 on white.
  { key: 'image', label: 'Image', color: '#4f46e5', hint: 'Image generation' },
  { key: 'video', label: 'Video', color: '#d55e00', hint: 'Video generation' },
  { key: 'chat', label: 'Chat', color: '#009e73', hint: 'Chat and article copy' },
  { key: 'reverse', label: 'Reverse', color: '#cc79a7', hint: 'Prompts read back from images' },
  { key: 'other', label: 'Other', color: '#64748b', hint: 'Everything else' },
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

export const hoursLabel = (h: HourWindow) => (h === 24 ? '24 hours' : '7 days');

// A fixed locale keeps server and browser output identical (¥1,234.50 on both).
const fen = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const formatCredits = formatNumber;

/** Money in yuan, to the fen: ¥0.60, ¥1,234.50. */
export function formatCny(n: number): string {
  const sign = n < 0 ? '−' : '';
  return `${sign}¥${fen.format(Math.abs(n))}`;
}

/** A duration for people: 850 ms, 1.2 s, 42 s, 3 min 5 s; null (nothing measured) is a dash. */
export function formatDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 9_950) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  const rest = s % 60;
  return rest ? `${m} min ${rest} s` : `${m} min`;
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

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A report day is an Asia/Shanghai calendar date (YYYY-MM-DD) already: it is read as a date, never
 * turned into an instant, so the browser's own time zone cannot move it.
 */
function parts(date: string): { y: number; m: number; d: number; weekday: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return { y, m, d, weekday: new Date(Date.UTC(y, m - 1, d)).getUTCDay() };
}

/** Axis label: 5/14. */
export function shortDay(date: string): string {
  const p = parts(date);
  return p ? `${p.m}/${p.d}` : date;
}

/** Tooltip and table label: Thu 14 May. */
export function longDay(date: string): string {
  const p = parts(date);
  return p ? `${WEEKDAYS[p.weekday]} ${p.d} ${MONTHS[p.m - 1]}` : date;
}

const shanghaiClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Shanghai',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** When a report was made, on the Shanghai clock: 14 May, 09:05. */
export function shanghaiTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : shanghaiClock.format(at);
}

/** The categories that have any credits in the window, in legend order (all of them when none has). */
export function activeCategories(totals: Bucket): Category[] {
  const used = CATEGORIES.filter((c) => totals[c.key] !== 0).map((c) => c.key);
  return used.length ? used : CATEGORIES.map((c) => c.key);
}

const shanghaiDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The day the monthly count starts again, on the Shanghai calendar: "1 Jun". */
export function monthResetsOn(iso: string): string | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const p = parts(shanghaiDate.format(at));
  return p ? `1 ${MONTHS[p.m % 12]}` : null;
}
