'use client';

import { trpc } from '@/trpc/react';
import { CalendarIcon, CoinsIcon } from '../icons';
import { formatNumber } from './format';
import { StatCard } from './stat-card';

const figure = (n: number | undefined) => (n === undefined ? '—' : formatNumber(n));

/** Credits and quota, rendered from the server's figures and refreshed when the tab regains focus. */
export function TenantStats() {
  const tenant = trpc.session.me.useQuery().data?.tenant;
  return (
    <>
      <StatCard
        icon={CoinsIcon}
        title="Available credits"
        className="bg-linear-to-br from-white via-white to-indigo-50/70"
        figure={figure(tenant?.credits)}
        figureTestId="credits"
        note="Shared by your tenant key and shared-pool members."
      />
      <StatCard
        icon={CalendarIcon}
        title="Monthly quota"
        figure={figure(tenant?.quota_monthly)}
        figureTestId="quota"
        note="Credits your tenant may use each calendar month."
      />
    </>
  );
}
