'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { WebhooksIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { EmptyState, ListState } from '@/components/ui/list-state';
import { trpc } from '@/trpc/react';
import { DeliveryCard, DeliveryRow, type RowActions } from './delivery-row';
import { HistoryFiltersForm } from './history-filters';
import { historyInput, redeliverableIds, type Delivery, type HistoryFilters } from './history-query';
import { useRedeliver } from './use-redeliver';

/** Every delivery attempt of the tenant, newest first, filtered and paged, with Redeliver on failed jobs. */
export function DeliveryHistory({ initialFilters }: { initialFilters: HistoryFilters }) {
  const t = useTranslations('webhooks.history');
  const [filters, setFilters] = useState<HistoryFilters>(initialFilters);
  const filtered = Object.keys(filters).length > 0;
  const [waiting, setWaiting] = useState(false);
  const query = trpc.callbacks.deliveries.useInfiniteQuery(historyInput(filters), {
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // While a redelivery is on its way, read again until its attempt is listed.
    refetchInterval: waiting ? 1_000 : false,
  });
  const rows = query.data?.pages.flatMap((p) => p.deliveries) ?? [];
  const redeliver = useRedeliver(rows);
  if (redeliver.waiting !== waiting) setWaiting(redeliver.waiting);
  const offered = redeliverableIds(rows);
  const actionsOf = (d: Delivery): RowActions => ({
    offer: offered.has(d.id),
    busy: redeliver.busyRow === d.id,
    outcome: redeliver.outcomeOf(d.id),
    error: redeliver.errorOf(d.id),
    onRedeliver: () => void redeliver.start(d, () => query.refetch()),
  });

  return (
    <section aria-labelledby="webhook-history-title" className="min-w-0 space-y-3">
      <div>
        <h2 id="webhook-history-title" className="text-base font-semibold text-slate-900">
          {t('title')}
        </h2>
        <p className="text-sm text-slate-500">{t('description')}</p>
      </div>
      <HistoryFiltersForm initial={initialFilters} onApply={setFilters} />
      <ListState
        query={query}
        empty={rows.length === 0}
        keepRowsOnError
        loading={<ListSkeleton label={t('loading')} />}
        placeholder={
          <EmptyState
            icon={WebhooksIcon}
            title={filtered ? t('emptyFilteredTitle') : t('emptyTitle')}
            description={filtered ? t('emptyFilteredBody') : t('emptyBody')}
          />
        }
      >
        <Card className="overflow-hidden" data-testid="delivery-history">
          <ul className="divide-y divide-slate-100 md:hidden">
            {rows.map((d) => (
              <DeliveryCard key={d.id} d={d} actions={actionsOf(d)} />
            ))}
          </ul>
          <div className="hidden overflow-x-auto md:block">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-100 bg-slate-50 text-xs text-slate-500">
                <tr>
                  <th scope="col" className="px-5 py-2 font-medium sm:px-6">
                    {t('job')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('state')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('status')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('attempt')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('at')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('url')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    <span className="sr-only">{t('actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((d) => (
                  <DeliveryRow key={d.id} d={d} actions={actionsOf(d)} />
                ))}
              </tbody>
            </table>
          </div>
        </Card>
        {query.hasNextPage && (
          <div className="flex justify-center">
            <Button variant="secondary" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {t('more')}
            </Button>
          </div>
        )}
      </ListState>
    </section>
  );
}
