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
  },
  dateTime: {
    day: { year: 'numeric', month: 'short', day: 'numeric' },
    minute: { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false },
  },
} satisfies Formats;
