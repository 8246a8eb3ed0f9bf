import type { RouterInputs, RouterOutputs } from '@/trpc/react';

export type PlatformUsage = RouterOutputs['admin']['platformUsage'];
export type PlatformUsageInput = RouterInputs['admin']['platformUsage'];

/** The windows the page offers, in days (366: a year, leap day included). */
export const USAGE_WINDOWS = [7, 30, 90, 366] as const;
export type UsageWindow = (typeof USAGE_WINDOWS)[number];
export const DEFAULT_WINDOW: UsageWindow = 30;

/** The report the page opens with (prefetched with the page). */
export const FIRST_REPORT: PlatformUsageInput = { days: DEFAULT_WINDOW };

export function reportInput(days: UsageWindow, tenantId: string): PlatformUsageInput {
  return { days, ...(tenantId ? { tenant_id: tenantId } : {}) };
}

/** A part of a whole, 0-1; null when the whole is nothing. */
export const share = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);
