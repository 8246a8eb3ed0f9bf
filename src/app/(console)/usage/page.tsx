import type { Metadata } from 'next';
import { parseDays, parseHours } from '@/components/usage/format';
import { UsageView } from '@/components/usage/usage-view';
import { serverApi } from '@/trpc/server';

export const metadata: Metadata = { title: 'Usage' };

interface UsagePageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function UsagePage({ searchParams }: UsagePageProps) {
  const params = await searchParams;
  const days = parseDays(params.days);
  const hours = parseHours(params.hours);
  const api = await serverApi();
  // Both reports arrive with the page; if either read fails, the browser asks again and shows any error there.
  const [usage, stats] = await Promise.all([
    api.usage.usage({ days: String(days) }).catch(() => null),
    api.usage.stats({ hours: String(hours) }).catch(() => null),
  ]);
  return <UsageView initialDays={days} initialHours={hours} initialUsage={usage} initialStats={stats} />;
}
