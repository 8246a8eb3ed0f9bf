'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { trpc } from '@/trpc/react';
import { ClaimCodeIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { EmptyState, ListState } from '@/components/ui/list-state';
import { FilterGroup } from '@/components/console/filter-group';
import { LoadMore } from '@/components/console/load-more';
import { ClaimRow } from './claim-row';
import { CLAIM_STATES, PAGE_SIZE, type ClaimState } from './model';
import { RequestError } from '@/components/console/request-error';

/** The loading rows have no picture in front (a shape: `lead` is no text here). */
const SKELETON_LEAD = 'none';

/** The tenant's claim codes, newest first, filtered by state and paged with "Load more". */
export function ClaimsList() {
  const [state, setState] = useState<ClaimState | 'all'>('all');
  const query = trpc.claims.list.useInfiniteQuery(
    { limit: PAGE_SIZE, ...(state === 'all' ? {} : { state }) },
    { getNextPageParam: (last) => last.next_cursor ?? undefined, staleTime: 10_000 },
  );
  const claims = query.data?.pages.flatMap((p) => p.claims) ?? [];
  const t = useTranslations('claimCodes.list');
  const states = useTranslations('claimCodes.state');
  const filters = [
    { value: 'all' as const, label: t('all') },
    ...CLAIM_STATES.map((value) => ({ value, label: states(value) })),
  ];

  return (
    <section aria-labelledby="claims-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="claims-title" className="text-base font-semibold text-slate-900">
          {t('title')}
        </h2>
        <FilterGroup
          label={t('filter')}
          options={filters}
          value={state}
          onChange={setState}
          className="max-w-full overflow-x-auto"
        />
      </div>

      <ListState
        query={query}
        empty={claims.length === 0}
        keepRowsOnError
        loading={<ListSkeleton label={t('loading')} lead={SKELETON_LEAD} />}
        placeholder={<NoClaims state={state} onShowAll={() => setState('all')} />}
      >
        <Card className="overflow-hidden">
          <ul className="divide-y divide-slate-100" aria-labelledby="claims-title" data-testid="claims-list">
            {claims.map((c) => (
              <li key={c.code}>
                <ClaimRow claim={c} />
              </li>
            ))}
          </ul>
        </Card>
        {query.isError && <RequestError error={query.error} onRetry={query.refetch} />}
        <LoadMore query={query} end={t('end', { count: claims.length, state })} />
      </ListState>
    </section>
  );
}

/** What the list says when it has no codes: none yet, or none in the state filtered on. */
function NoClaims({ state, onShowAll }: { state: ClaimState | 'all'; onShowAll: () => void }) {
  const t = useTranslations('claimCodes.list');
  return (
    <EmptyState
      icon={ClaimCodeIcon}
      data-testid="claims-empty"
      title={t('emptyTitle', { state })}
      description={state === 'all' ? t('emptyDescription') : t('emptyFiltered')}
      action={
        state !== 'all' && (
          <Button variant="secondary" size="sm" onClick={onShowAll}>
            {t('showAll')}
          </Button>
        )
      }
    />
  );
}
