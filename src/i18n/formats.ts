import type { Formats } from 'next-intl';

/**
 * Studio cuts days in Asia/Shanghai everywhere (usage, quotas), so dates read in that zone whatever the
 * language; only their wording follows the locale.
 */
export const timeZone = 'Asia/Shanghai';

/** Named formats for `format.number(n, 'credits')` and `format.dateTime(d, 'day')`, shared by both languages. */
export const formats = {
  number: {
    credits: { maximumFractionDigits: 0, useGrouping: true },
    /** Yuan to the fen: 1,234.50 (the page puts the ¥ in front). */
    yuan: { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true },
  },
  dateTime: {
    day: { year: 'numeric', month: 'short', day: 'numeric' },
    /** A chart axis: 5/14. */
    dayOfMonth: { month: 'numeric', day: 'numeric' },
    /** A day of a report: Thu, May 14 · 5月14日周四. */
    weekday: { weekday: 'short', month: 'short', day: 'numeric' },
    /** A day of this year: Jun 1 · 6月1日. */
    monthDay: { month: 'short', day: 'numeric' },
    /** To the minute on a 24-hour clock. `hourCycle: 'h23'`, not `hour12: false`: with the latter, Node's ICU writes
     *  the hour after midnight as 24:05 and browsers as 00:05, and a page rendered on the server did not match. */
    minute: { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  },
} satisfies Formats;
