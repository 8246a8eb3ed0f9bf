'use client';

import { useState } from 'react';
import { trpc } from '@/trpc/react';
import { ClaimCodeIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';
import { Spinner } from '../ui/spinner';
import { ClaimRow } from './claim-row';
import { PAGE_SIZE, STATE_FILTERS, STATE_LABEL, type ClaimState } from './model';
import { ListSkeleton } from '../ui/list-skeleton';

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
        <div role="group" aria-label="Filter by state" className="flex max-w-full gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1 ring-1 ring-inset ring-slate-200/70">
          {STATE_FILTERS.map((f) => (
            <button
              key={f.value}
              type="button"
              aria-pressed={state === f.value}
              onClick={() => setState(f.value)}
              className={cn(
                'inline-flex h-8 shrink-0 items-center rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600',
                state === f.value ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {f.label}
            </button>
          ))}
        </div>
      </div>

      {query.isError && claims.length === 0 ? (
        <ErrorAlert>
          {query.error.message}{' '}
          <button type="button" className="font-medium underline" onClick={() => void query.refetch()}>
            Try again
          </button>
        </ErrorAlert>
      ) : query.isPending ? (
        <ListSkeleton label="claim codes" lead="none" />
      ) : claims.length === 0 ? (
        <Card className="px-6 py-12 text-center" data-testid="claims-empty">
          <span className="mx-auto grid size-12 place-items-center rounded-xl bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100">
            <ClaimCodeIcon className="size-6" />
          </span>
          <h3 className="mt-4 text-base font-semibold text-slate-900">{state === 'all' ? 'No claim codes yet' : `No${filterLabel} codes`}</h3>
          <p className="mx-auto mt-1 max-w-sm text-sm text-balance text-slate-500">
            {state === 'all'
              ? 'Create a code above for each order: the buyer opens its link, leaves a nickname and email, and gets the credits and templates.'
              : 'Codes show up here as their state changes.'}
          </p>
          {state !== 'all' && (
            <Button variant="secondary" size="sm" className="mt-4" onClick={() => setState('all')}>
              Show all codes
            </Button>
          )}
        </Card>
      ) : (
        <>
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
          <div className="flex flex-col items-center gap-2">
            {query.hasNextPage ? (
              <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                {query.isFetchingNextPage ? (
                  <>
                    <Spinner /> Loading…
                  </>
                ) : (
                  'Load more'
                )}
              </Button>
            ) : (
              <p className="text-xs text-slate-400">
                {claims.length === 1 ? `That is the only${filterLabel} code.` : `All ${claims.length}${filterLabel} codes shown.`}
              </p>
            )}
          </div>
        </>
      )}
    </section>
  );
}

