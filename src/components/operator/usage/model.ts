import type { Formatter } from '@/components/usage/format';
import type { RouterInputs, RouterOutputs } from '@/trpc/react';

export type PlatformUsage = RouterOutputs['admin']['platformUsage'];
export type PlatformUsageInput = RouterInputs['admin']['platformUsage'];

/** The windows the page offers, in days (366: a year, leap day included). */
export const USAGE_WINDOWS = [7, 30, 90, 366] as const;
export type UsageWindow = (typeof USAGE_WINDOWS)[number];
export const DEFAULT_WINDOW: UsageWindow = 30;

/** The report the page opens with (prefetched with the page). */
export const FIRST_REPORT: PlatformUsageInput = { days: DEFAULT_WINDOW };

/** The report's input: a custom range (both days) replaces the window. */
export function reportInput(
  days: UsageWindow,
  tenantId: string,
  range?: { from: string; to: string },
): PlatformUsageInput {
  return {
    days,
    ...(tenantId ? { tenant_id: tenantId } : {}),
    ...(range?.from && range.to ? { from: range.from, to: range.to } : {}),
  };
}

/** Dollars of provider cost, to the hundredth of a cent: $0.0400. */
export const formatUsd = (format: Formatter, n: number) =>
  `$${format.number(n, { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`;

/** The CSV columns of the operator's export: a row per tenant, then per channel; money apart from credits. */
export const PLATFORM_CSV_COLUMNS = [
  'from',
  'to',
  'row',
  'name',
  'credits',
  'billed_cny',
  'billed_usd',
  'provider_cost_usd',
  'markup',
] as const;

/** The report's tenants and channels as CSV rows. */
export function platformCsvRows(r: PlatformUsage): (string | number | null)[][] {
  const markup = (billed: number, cost: number) => (cost > 0 ? Math.round((billed / cost) * 100) / 100 : null);
  return [
    ...r.tenants.map((x) => [
      r.from,
      r.to,
      'tenant',
      x.name,
      x.totals.total,
      x.charged_cny.toFixed(2),
      x.billed_usd,
      x.provider_cost_usd,
      markup(x.billed_usd, x.provider_cost_usd),
    ]),
    ...r.channels.map((c) => [
      r.from,
      r.to,
      'channel',
      c.channel,
      c.billed_credits,
      c.billed_cny.toFixed(2),
      c.billed_usd,
      c.provider_cost_usd,
      c.markup,
    ]),
  ];
}

/** A part of a whole, 0-1; null when the whole is nothing. */
export const share = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);
