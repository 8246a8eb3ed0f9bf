'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { trpc } from '@/trpc/react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { ListState } from '@/components/ui/list-state';
import { LoadMore } from '@/components/console/load-more';
import { RequestError } from '@/components/console/request-error';
import { instant, PAGE_SIZE, SKELETON_LEAD, type Batch } from './model';

/** The tenant's batches of claim codes, newest first: note, size, what each code gives and how many were redeemed. */
export function ClaimBatches({ openId, onOpen }: { openId: string | null; onOpen: (id: string) => void }) {
  const t = useTranslations('claimCodes.batches');
  const query = trpc.claims.listBatches.useInfiniteQuery(
    { limit: PAGE_SIZE },
    { getNextPageParam: (last) => last.next_cursor ?? undefined, staleTime: 10_000 },
  );
  const batches = query.data?.pages.flatMap((p) => p.batches) ?? [];
  // A tenant that never made a batch sees no empty section; the form offers the count.
  if (query.isSuccess && batches.length === 0) return null;

  return (
    <section aria-labelledby="batches-title" className="space-y-3">
      <h2 id="batches-title" className="text-base font-semibold text-slate-900">
        {t('title')}
      </h2>
      <ListState
        query={query}
        // No batch at all returns early above, so the list is never empty here.
        empty={false}
        keepRowsOnError
        loading={<ListSkeleton label={t('loading')} lead={SKELETON_LEAD} />}
        placeholder={undefined}
      >
        <Card className="overflow-hidden">
          <ul className="divide-y divide-slate-100" aria-labelledby="batches-title" data-testid="batches-list">
            {batches.map((b) => (
              <li key={b.id}>
                <BatchRow batch={b} open={b.id === openId} onOpen={() => onOpen(b.id)} />
              </li>
            ))}
          </ul>
        </Card>
        {query.isError && <RequestError error={query.error} onRetry={query.refetch} />}
        <LoadMore query={query} end={t('end', { count: batches.length })} />
      </ListState>
    </section>
  );
}

function BatchRow({ batch, open, onOpen }: { batch: Batch; open: boolean; onOpen: () => void }) {
  const t = useTranslations('claimCodes.batches');
  const format = useFormatter();
  const created = instant(batch.created_at);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-5" data-testid="batch-row">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{batch.note || t('noNote')}</p>
        <p className="mt-0.5 text-xs text-slate-500 tabular-nums">
          {t('summary', { count: batch.count, credits: format.number(batch.credits, 'credits') })}
          {created && <> · {format.dateTime(created, 'minute')}</>}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="sky">{t('open', { count: batch.counts.open })}</Badge>
        <Badge tone="emerald">{t('redeemed', { count: batch.counts.redeemed })}</Badge>
        {batch.counts.disabled > 0 && <Badge tone="slate">{t('disabled', { count: batch.counts.disabled })}</Badge>}
        <Button variant="secondary" size="sm" onClick={onOpen} aria-pressed={open}>
          {t('view')}
        </Button>
      </div>
    </div>
  );
}
