'use client';

import { keepPreviousData } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { trpc } from '@/trpc/react';
import { FilterGroup } from '@/components/console/filter-group';
import { RequestError } from '@/components/console/request-error';
import { CheckIcon, ClaimCodeIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { EmptyState, ListState } from '@/components/ui/list-state';
import { SearchBox } from '@/components/ui/search-box';
import { OperatorHeader } from '@/components/operator/operator-header';
import { ClaimsTable } from './claims-table';
import { Pager } from './pager';
import { CLAIM_STATES, listInput, type ClaimState } from './model';
import { useDisable } from './use-disable';

/** The loading rows have no picture in front (a shape: `lead` is no text here). */
const SKELETON_LEAD = 'none';

/** Typing settles for this long before the list is asked again. */
const SEARCH_DELAY_MS = 300;

/** Claim codes of every tenant: search by code, tenant or buyer, filter by state, page on, disable open ones. */
export function ClaimsView() {
  const t = useTranslations('operatorClaims');
  const states = useTranslations('operatorClaims.state');
  const format = useFormatter();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [state, setState] = useState<ClaimState | 'all'>('all');
  // The cursors of the pages after the first, in the order they were reached: Older pushes, Newer pops.
  const [cursors, setCursors] = useState<string[]>([]);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(typed);
      if (typed.trim() !== q.trim()) setCursors([]);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, q]);

  const cursor = cursors.at(-1);
  const query = trpc.admin.claimList.useQuery(
    { ...listInput(q, state), ...(cursor ? { cursor } : {}) },
    { placeholderData: keepPreviousData },
  );
  const claims = query.data?.claims ?? [];
  const next = query.data?.next_cursor ?? null;
  const filtering = q.trim() !== '' || state !== 'all';
  const disable = useDisable({
    mutation: trpc.admin.socialClaimDisable.useMutation(),
    ask: (claim) => claim,
    input: (claim) => ({ code: claim.code }),
    notice: (claim, { claim: done }) =>
      t('disabled', {
        code: done.code,
        tenant: claim.tenant.name,
        credits: done.credits_returned,
        amount: format.number(done.credits_returned, 'credits'),
      }),
  });
  const batchDisable = useDisable({
    mutation: trpc.admin.claimBatchDisable.useMutation(),
    ask: (claim) => (claim.batch ? { ...claim.batch, tenant: claim.tenant.name } : null),
    input: (batch) => ({ batch_id: batch.id }),
    notice: (batch, { batch: done }) =>
      t('batch.done', {
        note: batch.note || batch.id.slice(0, 8),
        codes: done.codes_disabled,
        redeemed: done.redeemed,
        credits: done.credits_returned,
        amount: format.number(done.credits_returned, 'credits'),
        tenant: batch.tenant,
      }),
  });
  const filters = [
    { value: 'all' as const, label: t('all') },
    ...CLAIM_STATES.map((value) => ({ value, label: states(value) })),
  ];

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:py-10">
      <OperatorHeader
        title={t('title')}
        description={t('description')}
        summary={t('summary', { count: claims.length, page: cursors.length + 1 })}
      >
        {null}
      </OperatorHeader>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchBox
          label={t('searchLabel')}
          placeholder={t('searchPlaceholder')}
          value={typed}
          onChange={setTyped}
          className="sm:w-96"
        />
        <FilterGroup
          label={t('filter')}
          options={filters}
          value={state}
          onChange={(v) => {
            setState(v);
            setCursors([]);
          }}
          className="max-w-full self-start overflow-x-auto"
        />
      </div>

      {batchDisable.notice && (
        <p
          role="status"
          data-testid="batch-disabled-notice"
          className="flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2.5 text-sm text-emerald-800 ring-1 ring-inset ring-emerald-200"
        >
          <CheckIcon className="size-4 shrink-0" />
          {batchDisable.notice}
        </p>
      )}
      {disable.notice && (
        <p
          role="status"
          data-testid="claim-disabled-notice"
          className="flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2.5 text-sm text-emerald-800 ring-1 ring-inset ring-emerald-200"
        >
          <CheckIcon className="size-4 shrink-0" />
          {disable.notice}
        </p>
      )}

      <ListState
        query={query}
        empty={claims.length === 0}
        keepRowsOnError
        loading={<ListSkeleton label={t('loading')} lead={SKELETON_LEAD} rows={5} />}
        placeholder={
          <EmptyState
            icon={ClaimCodeIcon}
            data-testid="operator-claims-empty"
            title={filtering ? t('noMatchTitle') : t('emptyTitle')}
            description={filtering ? t('noMatchBody') : t('emptyBody')}
            action={
              filtering && (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    setTyped('');
                    setQ('');
                    setState('all');
                    setCursors([]);
                  }}
                >
                  {t('clear')}
                </Button>
              )
            }
          />
        }
      >
        <div
          aria-busy={query.isFetching}
          className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
        >
          <ClaimsTable
            claims={claims}
            busy={disable.pending ? (disable.asking?.code ?? null) : null}
            onDisable={disable.request}
            onDisableBatch={batchDisable.request}
          />
        </div>
        {query.isError && <RequestError error={query.error} onRetry={query.refetch} />}
        <Pager
          page={cursors.length + 1}
          onNewer={cursors.length > 0 ? () => setCursors((c) => c.slice(0, -1)) : undefined}
          onOlder={next ? () => setCursors((c) => [...c, next]) : undefined}
        />
      </ListState>

      <ConfirmDialog
        open={disable.asking !== null}
        title={t('confirm.title')}
        confirmLabel={t('confirm.action')}
        busy={disable.pending}
        error={disable.failure}
        onConfirm={disable.confirm}
        onCancel={disable.cancel}
      >
        {disable.asking &&
          t('confirm.body', {
            code: disable.asking.code,
            tenant: disable.asking.tenant.name,
            credits: disable.asking.credits,
            amount: format.number(disable.asking.credits, 'credits'),
          })}
      </ConfirmDialog>
      <ConfirmDialog
        open={batchDisable.asking !== null}
        title={t('batch.title')}
        confirmLabel={t('batch.action')}
        busy={batchDisable.pending}
        error={batchDisable.failure}
        onConfirm={batchDisable.confirm}
        onCancel={batchDisable.cancel}
      >
        {batchDisable.asking &&
          t('batch.body', {
            note: batchDisable.asking.note || batchDisable.asking.id.slice(0, 8),
            tenant: batchDisable.asking.tenant,
          })}
      </ConfirmDialog>
    </div>
  );
}
