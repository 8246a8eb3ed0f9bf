/** Credits used per day over the days given, and how many days the balance lasts at that rate. */
export function burnRate(
  daily: readonly { total: number }[],
  credits: number,
): { perDay: number; daysLeft: number | null } {
  const used = daily.reduce((s, d) => s + Math.max(0, d.total), 0);
  const perDay = daily.length > 0 ? used / daily.length : 0;
  // Nothing used: the balance does not run down, so no date is given.
  return { perDay, daysLeft: perDay > 0 ? Math.floor(Math.max(0, credits) / perDay) : null };
}
