'use client';

import { trpc, type RouterOutputs } from '@/trpc/react';
import { CalendarIcon, CoinsIcon } from '../icons';
import { Card } from '../ui/card';

type Me = RouterOutputs['session']['me'];

// A fixed locale keeps server and browser output identical (1,234 on both).
const formatNumber = new Intl.NumberFormat('en-US').format;

/** Credits and quota, rendered from the server's figures and refreshed when the tab regains focus. */
export function TenantStats({ initial }: { initial: Me }) {
  const { data } = trpc.session.me.useQuery(undefined, { initialData: initial });
  const { credits, quota_monthly: quota } = data.tenant;

  return (
    <>
      <Card className="bg-linear-to-br from-white via-white to-indigo-50/70 p-5 sm:p-6">
        <div>
          <div className="flex items-center gap-2 text-sm font-medium text-slate-500">
            <CoinsIcon className="size-4 text-indigo-500" />
            <h2>Available credits</h2>
          </div>
          <p className="mt-3 text-4xl font-semibold tracking-tight [overflow-wrap:anywhere] text-slate-900 tabular-nums" data-testid="credits">
            {formatNumber(credits)}
          </p>
          <p className="mt-2 text-sm text-slate-500">Shared by your tenant key and shared-pool members.</p>
        </div>
      </Card>
      <Card className="p-5 sm:p-6">
        <div className="flex items-center gap-2 text-sm font-medium text-slate-500">
          <CalendarIcon className="size-4 text-indigo-500" />
          <h2>Monthly quota</h2>
        </div>
        <p className="mt-3 text-4xl font-semibold tracking-tight [overflow-wrap:anywhere] text-slate-900 tabular-nums" data-testid="quota">
          {formatNumber(quota)}
        </p>
        <p className="mt-2 text-sm text-slate-500">Credits your tenant may use each calendar month.</p>
      </Card>
    </>
  );
}
