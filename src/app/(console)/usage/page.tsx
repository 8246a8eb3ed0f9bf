import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { parseDays, parseHours } from '@/components/usage/format';
import { UsageView } from '@/components/usage/usage-view';
import { api, HydrateClient } from '@/trpc/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('usage');
  return { title: t('metaTitle') };
}

interface UsagePageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function UsagePage({ searchParams }: UsagePageProps) {
  const params = await searchParams;
  // Both reports arrive with the page, for the windows the address names (the view reads the same);
  // a read that fails here is asked again by the browser, which shows any error.
  await Promise.all([
    api.usage.byCategory.prefetch({ days: String(parseDays(params.days)) }),
    api.usage.stats.prefetch({ hours: String(parseHours(params.hours)) }),
  ]);
  return (
    <HydrateClient>
      <UsageView />
    </HydrateClient>
  );
}
