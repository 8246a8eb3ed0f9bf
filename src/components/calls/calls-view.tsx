'use client';

import { useTranslations } from 'next-intl';
import { useDeferredValue, useState } from 'react';
import { PageHeader } from '@/components/console/page-header';
import { LoadMore } from '@/components/console/load-more';
import { useErrorText } from '@/components/console/use-error-text';
import { JobsIcon } from '@/components/icons';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { EmptyState, ListState } from '@/components/ui/list-state';
import { Spinner } from '@/components/ui/spinner';
import { trpc } from '@/trpc/react';
import { CallDetail } from './call-detail';
import { CallFilters, NO_FILTERS, type CallFilterValues } from './call-filters';
import { activeFilters, saveFile, type Call } from './call-model';
import { CallCards, CallsTable } from './call-rows';

const PAGE_SIZE = 50;

/** The call log: every call that cost or could cost credits, filtered, searched, opened and exported. */
export function CallsView() {
  const t = useTranslations('calls');
  const errorText = useErrorText();
  const [filters, setFilters] = useState<CallFilterValues>(NO_FILTERS);
  // Typing in the search box does not send a request per key.
  const query = activeFilters({ ...useDeferredValue(filters) });
  const list = trpc.calls.list.useInfiniteQuery(
    { ...query, limit: PAGE_SIZE },
    { getNextPageParam: (last) => last.next_cursor ?? undefined },
  );
  const utils = trpc.useUtils();
  const [open, setOpen] = useState<Call | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const calls = list.data?.pages.flatMap((p) => p.calls) ?? [];

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const file = await utils.calls.export.fetch(query, { staleTime: 0 });
      saveFile(file.filename, file.content, 'text/csv;charset=utf-8');
    } catch (err) {
      setExportError(errorText(err));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow={t('eyebrow')}
        title={t('title')}
        description={t('description')}
        action={
          <Button variant="secondary" onClick={() => void exportCsv()} disabled={exporting}>
            {exporting && <Spinner />}
            {t('export')}
          </Button>
        }
      />
      {exportError && <ErrorAlert>{exportError}</ErrorAlert>}
      <CallFilters value={filters} onChange={setFilters} />
      <ListState
        query={list}
        empty={calls.length === 0}
        loading={<ListSkeleton label={t('table.caption')} rows={5} />}
        placeholder={<EmptyState icon={JobsIcon} title={t('empty.title')} description={t('empty.description')} />}
      >
        <CallsTable calls={calls} onOpen={setOpen} />
        <CallCards calls={calls} onOpen={setOpen} />
        <LoadMore query={list} end={t('end', { count: calls.length })} />
      </ListState>
      <CallDetail call={open} onClose={() => setOpen(null)} />
    </div>
  );
}
