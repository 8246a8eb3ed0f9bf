import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { WebhooksView } from '@/components/webhooks/webhooks-view';
import { FIRST_PAGE } from '@/components/webhooks/history-query';
import { api, HydrateClient } from '@/trpc/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('webhooks');
  return { title: t('metaTitle') };
}

export default async function WebhooksPage() {
  // The secret and the first page of the history arrive with the page; a read that fails here is asked again by the browser.
  await Promise.all([api.callbacks.secret.prefetch({}), api.callbacks.deliveries.prefetchInfinite(FIRST_PAGE)]);
  return (
    <HydrateClient>
      <WebhooksView />
    </HydrateClient>
  );
}
