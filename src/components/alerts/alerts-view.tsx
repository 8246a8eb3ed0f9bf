'use client';

import { useTranslations } from 'next-intl';
import { PageHeader } from '@/components/console/page-header';
import { trpc } from '@/trpc/react';
import { AlertList } from './alert-list';
import { AlertSettingsCard } from './alert-settings-card';

/** The Alerts page: the thresholds and webhook address, and every alert fired. */
export function AlertsView() {
  const t = useTranslations('alerts');
  const utils = trpc.useUtils();
  return (
    <div className="space-y-6">
      <PageHeader eyebrow={t('eyebrow')} title={t('title')} description={t('description')} />
      <AlertSettingsCard onSaved={() => void utils.alerts.list.invalidate()} />
      <AlertList />
    </div>
  );
}
