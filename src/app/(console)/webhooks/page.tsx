import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { WebhooksView } from '@/components/webhooks/webhooks-view';
import { filtersFromLink, historyInput } from '@/components/webhooks/history-query';
import { api, HydrateClient } from '@/trpc/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('webhooks');
  return { title: t('metaTitle') };
}

export default async function WebhooksPage({
  searchParams,
}: {
  searchParams: Promise<{ job_id?: string | string[] }>;
}) {
  // A job's page links here with its id: the history opens filtered to that job.
  const filters = filtersFromLink((await searchParams).job_id);
  // The secret and the first page of the history arrive with the page; a read that fails here is asked again by the browser.
  await Promise.all([
    api.callbacks.secret.prefetch({}),
    api.callbacks.deliveries.prefetchInfinite(historyInput(filters)),
  ]);
  return (
    <HydrateClient>
      <WebhooksView initialFilters={filters} />
    </HydrateClient>
  );
}
