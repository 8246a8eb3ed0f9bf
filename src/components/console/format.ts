// A fixed locale by default keeps server and browser output identical (1,234 on both). Translated
// components use next-intl's `format.number(n, 'credits')` instead, which follows the page's language.
const grouped = new Map<string, Intl.NumberFormat>();

/** A count of credits or things, grouped by thousands: 1,234; in `locale` when given (en-US otherwise). */
export function formatNumber(n: number, locale = 'en-US'): string {
  let format = grouped.get(locale);
  if (!format) grouped.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(n);
}
