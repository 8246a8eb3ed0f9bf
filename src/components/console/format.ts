// A fixed locale keeps server and browser output identical (1,234 on both).
const grouped = new Intl.NumberFormat('en-US');

/** A count of credits or things, grouped by thousands: 1,234. */
export const formatNumber = (n: number) => grouped.format(n);
