'use client';

import { useState } from 'react';
import { trpc } from '@/trpc/react';
import { ClaimCodeIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { ListSkeleton } from '../ui/list-skeleton';
import { EmptyState, ListState } from '../ui/list-state';
import { FilterGroup } from '../console/filter-group';
import { LoadMore } from '../console/load-more';
import { ClaimRow } from './claim-row';
import { PAGE_SIZE, STATE_FILTERS, STATE_LABEL, type ClaimState } from './model';

/** The tenant's claim codes, newest first, filtered by state and paged with "Load more". */
export function ClaimsList() {
  const [state, setState] = useState<ClaimState | 'all'>('all');
  const query = trpc.claims.list.useInfiniteQuery(
    { limit: PAGE_SIZE, ...(state === 'all' ? {} : { state }) },
    { getNextPageParam: (last) => last.next_cursor ?? undefined, staleTime: 10_000 },
  );
  const claims = query.data?.pages.flatMap((p) => p.claims) ?? [];
  const filterLabel = state === 'all' ? '' : ` ${STATE_LABEL[state].toLowerCase()}`;

  return (
    <section aria-labelledby="claims-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="claims-title" className="text-base font-semibold text-slate-900">
          Claim codes
        </h2>
        <FilterGroup label="Filter by state" options={STATE_FILTERS} value={state} onChange={setState} className="max-w-full overflow-x-auto" />
      </div>

      <ListState
        query={query}
        empty={claims.length === 0}
        keepRowsOnError
        loading={<ListSkeleton label="claim codes" lead="none" />}
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
        {query.isError && <ErrorAlert>{query.error.message}</ErrorAlert>}
        <LoadMore
          query={query}
          end={claims.length === 1 ? `That is the only${filterLabel} code.` : `All ${claims.length}${filterLabel} codes shown.`}
        />
      </ListState>
    </section>
  );
}

/** What the list says when it has no codes: none yet, or none in the state filtered on. */
function NoClaims({ state, onShowAll }: { state: ClaimState | 'all'; onShowAll: () => void }) {
  return (
    <EmptyState
      icon={ClaimCodeIcon}
      data-testid="claims-empty"
      title={state === 'all' ? 'No claim codes yet' : `No ${STATE_LABEL[state].toLowerCase()} codes`}
      description={
        state === 'all'
          ? 'Create a code above for each order: the buyer opens its link, leaves a nickname and email, and gets the credits and templates.'
          : 'Codes show up here as their state changes.'
      }
      action={
        state !== 'all' && (
          <Button variant="secondary" size="sm" onClick={onShowAll}>
            Show all codes
          </Button>
        )
      }
    />
  );
}
