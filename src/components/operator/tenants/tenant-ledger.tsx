'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { LoadMore } from '@/components/console/load-more';
import { RequestError } from '@/components/console/request-error';
import { CoinsIcon } from '@/components/icons';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { EmptyState, ListState } from '@/components/ui/list-state';
import { ledgerNoteText } from '@/lib/ledger-notes';
import { trpc } from '@/trpc/react';
import { LEDGER_PAGE_SIZE } from './model';

const SKELETON_LEAD = 'none';
const KINDS = ['adjust', 'charge', 'refund', 'reserve', 'release', 'claim'] as const;
const isKind = (k: string): k is (typeof KINDS)[number] => (KINDS as readonly string[]).includes(k);
const CATEGORIES = ['image', 'video', 'chat', 'reverse', 'article', 'other'] as const;
const isCategory = (c: string): c is (typeof CATEGORIES)[number] => (CATEGORIES as readonly string[]).includes(c);

/** The tenant's credit movements, newest first, paged with "Load more". */
export function TenantLedger({ tenantId }: { tenantId: string }) {
  const t = useTranslations('operatorTenants.ledger');
  const categories = useTranslations('usage.categories');
  const notes = useTranslations('ledgerNotes');
  const format = useFormatter();
  // A note Studio wrote is shown in the reader's language; one an operator typed, as typed.
  const noteOf = (note: string) => {
    const known = ledgerNoteText(note);
    return known ? notes(known.key, known.values) : note;
  };
  const query = trpc.admin.tenantLedger.useInfiniteQuery(
    { tenant_id: tenantId, limit: LEDGER_PAGE_SIZE },
    { getNextPageParam: (last) => last.next_cursor ?? undefined },
  );
  const rows = query.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <section aria-labelledby="ledger-title" className="space-y-3">
      <h2 id="ledger-title" className="text-base font-semibold text-slate-900">
        {t('title')}
      </h2>
      <ListState
        query={query}
        empty={rows.length === 0}
        keepRowsOnError
        loading={<ListSkeleton label={t('loading')} lead={SKELETON_LEAD} />}
        placeholder={<EmptyState icon={CoinsIcon} title={t('empty')} />}
      >
        <Card className="overflow-hidden">
          <ul className="divide-y divide-slate-100" data-testid="tenant-ledger">
            {rows.map((r) => (
              <li
                key={r.id}
                className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-4 px-5 py-3 text-sm"
                data-ledger-kind={r.kind}
              >
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {isKind(r.kind) ? t(`kinds.${r.kind}`) : r.kind}
                    {r.category && (
                      <span className="ml-2 text-xs font-normal text-slate-500">
                        {isCategory(r.category) ? categories(`${r.category}.label`) : r.category}
                      </span>
                    )}
                    {r.account_id && (
                      <span className="ml-2 text-xs font-normal text-slate-500">
                        {t('member', { name: r.actor ?? '—' })}
                      </span>
                    )}
                  </p>
                  <p className="text-xs break-words text-slate-500">
                    {format.dateTime(new Date(r.at), 'minute')}
                    {r.note && <span> · {noteOf(r.note)}</span>}
                    {r.ref && <span className="font-mono"> · {r.ref}</span>}
                  </p>
                </div>
                <div className="text-right whitespace-nowrap tabular-nums">
                  <p className={cn('font-medium', r.amount < 0 ? 'text-rose-700' : 'text-emerald-700')}>
                    {r.amount > 0 ? '+' : ''}
                    {format.number(r.amount, 'credits')}
                  </p>
                  <p className="text-xs text-slate-500">
                    {t('balance', { balance: format.number(r.balance_after, 'credits') })}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </Card>
        {query.isError && <RequestError error={query.error} onRetry={query.refetch} />}
        <LoadMore query={query} end={t('end', { count: rows.length })} />
      </ListState>
    </section>
  );
}
