'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { trpc } from '@/trpc/react';
import { CalendarIcon, CoinsIcon } from '@/components/icons';
import { StatCard } from './stat-card';

/** Credits and quota, rendered from the server's figures and refreshed when the tab regains focus. */
export function TenantStats() {
  const t = useTranslations('overview.stats');
  const format = useFormatter();
  const figure = (n: number | undefined) => (n === undefined ? '—' : format.number(n, 'credits'));
  const tenant = trpc.session.me.useQuery().data?.tenant;
  return (
    <>
      <StatCard
        icon={CoinsIcon}
        title={t('credits')}
        className="bg-linear-to-br from-white via-white to-indigo-50/70"
        figure={figure(tenant?.credits)}
        figureTestId="credits"
        note={t('creditsNote')}
      />
      <StatCard
        icon={CalendarIcon}
        title={t('quota')}
        figure={figure(tenant?.quota_monthly)}
        figureTestId="quota"
        note={t('quotaNote')}
      />
    </>
  );
}
