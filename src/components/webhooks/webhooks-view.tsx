'use client';

import { useTranslations } from 'next-intl';
import { PageHeader } from '@/components/console/page-header';
import { trpc } from '@/trpc/react';
import { DeliveryHistory } from './delivery-history';
import type { HistoryFilters } from './history-query';
import { SecretCard } from './secret-card';
import { TestDeliveryCard } from './test-delivery-card';

/** The Webhooks page: the signing secret, a test delivery, and the history of every delivery. */
export function WebhooksView({ initialFilters = {} }: { initialFilters?: HistoryFilters }) {
  const t = useTranslations('webhooks');
  const utils = trpc.useUtils();
  return (
    <div className="space-y-6">
      <PageHeader eyebrow={t('eyebrow')} title={t('title')} description={t('description')} />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <SecretCard />
        <TestDeliveryCard onSent={() => void utils.callbacks.deliveries.invalidate()} />
      </div>
      <DeliveryHistory initialFilters={initialFilters} />
    </div>
  );
}
