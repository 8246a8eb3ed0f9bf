'use client';

import { keepPreviousData } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { saveFile } from '@/components/calls/call-model';
import { FilterGroup } from '@/components/console/filter-group';
import { RequestError } from '@/components/console/request-error';
import { useErrorText } from '@/components/console/use-error-text';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { QueryError } from '@/components/ui/list-state';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { trpc } from '@/trpc/react';
import { formatCny, formatCredits } from './format';
import { parseSlice, shanghaiToday, sliceInput, SLICE_GROUPS, writeSlice, type SliceFilters } from './slice-model';
import { SliceRange } from './slice-range';
import { SliceTable } from './slice-table';

/** Usage over any range of Shanghai days, per category, member or model, exported as CSV; the address keeps the filters. */
export function UsageSlice() {
  const t = useTranslations('usage.slice');
  const format = useFormatter();
  const errorText = useErrorText();
  const search = useSearchParams();
  const [today] = useState(() => shanghaiToday());
  const [filters, setFilters] = useState<SliceFilters>(() => parseSlice(search, today));
  const input = sliceInput(filters);
  const report = trpc.usage.report.useQuery(input, { placeholderData: keepPreviousData, retry: false });
  // A platform account has no members: the member filter is then left out.
  const members = trpc.members.list.useQuery({}, { retry: false });
  const accounts = members.data?.accounts ?? [];
  const utils = trpc.useUtils();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  useEffect(() => {
    const url = new URL(window.location.href);
    writeSlice(url, filters, today);
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
  }, [filters, today]);

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const file = await utils.usage.exportReport.fetch(input, { staleTime: 0 });
      saveFile(file.filename, file.content, 'text/csv;charset=utf-8');
    } catch (err) {
      setExportError(errorText(err));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card className="space-y-4 p-5" data-testid="usage-slice">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 className="text-base font-semibold text-slate-900">{t('title')}</h2>
          <p className="mt-1 text-sm text-slate-500">{t('description')}</p>
        </div>
        <Button variant="secondary" onClick={() => void exportCsv()} disabled={exporting} className="self-start">
          {exporting && <Spinner />}
          {t('export')}
        </Button>
      </div>
      {exportError && <ErrorAlert>{exportError}</ErrorAlert>}
      <SliceRange value={filters} today={today} onChange={setFilters} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <FilterGroup
          label={t('groupBy')}
          options={SLICE_GROUPS.map((g) => ({ value: g, label: t(`groups.${g}`) }))}
          value={filters.group}
          onChange={(group) => setFilters({ ...filters, group })}
          className="max-w-full self-start overflow-x-auto"
        />
        {accounts.length > 0 && (
          <div className="flex items-center gap-2 sm:w-72">
            <Label htmlFor="slice-member" className="shrink-0 text-sm text-slate-600">
              {t('member')}
            </Label>
            <Select
              id="slice-member"
              value={filters.member}
              onChange={(e) => setFilters({ ...filters, member: e.target.value })}
              className="min-w-0 flex-1"
            >
              <option value="">{t('everyone')}</option>
              {accounts.map((a) => (
                <option key={a.account_id} value={a.account_id}>
                  {a.nickname}
                </option>
              ))}
            </Select>
          </div>
        )}
      </div>
      {report.data ? (
        <div
          className={report.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
          aria-busy={report.isFetching}
        >
          <SliceTable report={report.data} />
          <p className="mt-3 text-xs text-slate-500">
            {t('priceNote', {
              price: formatCny(format, report.data.credit_cny),
              days: formatCredits(format, report.data.days),
            })}
          </p>
          <RequestError error={report.error} onRetry={report.refetch} />
        </div>
      ) : report.error ? (
        <QueryError error={report.error} onRetry={report.refetch} />
      ) : (
        <p className="text-sm text-slate-500">{t('loading')}</p>
      )}
    </Card>
  );
}
