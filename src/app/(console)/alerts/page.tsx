import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AlertsView } from '@/components/alerts/alerts-view';
import { api, HydrateClient } from '@/trpc/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('alerts');
  return { title: t('metaTitle') };
}

export default async function AlertsPage() {
  // The thresholds and the alerts fired arrive with the page; a read that fails here is asked again by the browser.
  await Promise.all([api.alerts.settings.prefetch({}), api.alerts.list.prefetch({ limit: 50 })]);
  return (
    <HydrateClient>
      <AlertsView />
    </HydrateClient>
  );
}
