'use client';

import { keepPreviousData } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { trpc } from '@/trpc/react';
import { CATEGORIES, shanghaiTime } from '@/components/usage/format';
import { FilterGroup } from '@/components/console/filter-group';
import { RequestError } from '@/components/console/request-error';
import { UsageIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { EmptyState, QueryError } from '@/components/ui/list-state';
import { Select } from '@/components/ui/select';
import { OperatorHeader } from '@/components/operator/operator-header';
import { CategoryBreakdown } from './category-breakdown';
import { UpstreamTable } from './upstream-table';
import { saveFile } from '@/components/calls/call-model';
import { Input } from '@/components/ui/input';
import { csvText } from '@/lib/csv';
import {
  DEFAULT_WINDOW,
  PLATFORM_CSV_COLUMNS,
  platformCsvRows,
  reportInput,
  USAGE_WINDOWS,
  type PlatformUsage,
  type UsageWindow,
} from './model';
import { TenantTable } from './tenant-table';
import { PlatformTotals } from './usage-totals';

/** The loading rows have no picture in front (a shape: `lead` is no text here). */
const SKELETON_LEAD = 'none';

// The chart draws in the browser only (it measures its box); the tables carry the figures meanwhile.
const DailyChart = dynamic(() => import('@/components/usage/daily-chart'), { ssr: false });

/** Credits consumed across tenants per day, tenant and category, and the channels' attempts; one tenant on request. */
export function PlatformUsageView() {
  const t = useTranslations('operatorUsage');
  const [days, setDays] = useState<UsageWindow>(DEFAULT_WINDOW);
  const [tenantId, setTenantId] = useState('');
  const [range, setRange] = useState({ from: '', to: '' });
  const tenantSelect = useId();
  const report = trpc.admin.platformUsage.useQuery(reportInput(days, tenantId, range), {
    placeholderData: keepPreviousData,
  });
  const exportCsv = (r: PlatformUsage) =>
    saveFile(
      `platform-usage-${r.from}_${r.to}.csv`,
      csvText(PLATFORM_CSV_COLUMNS, platformCsvRows(r)),
      'text/csv;charset=utf-8',
    );
  const tenants = trpc.admin.tenantList.useQuery({});
  const windows = USAGE_WINDOWS.map((d) => ({
    value: String(d) as `${UsageWindow}`,
    label: t('windowLabel', { days: String(d) }),
  }));

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:py-10">
      <OperatorHeader
        title={t('title')}
        description={t('description')}
        summary={report.data?.tenant?.name ?? t('allTenants')}
      />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <FilterGroup
          label={t('window')}
          options={windows}
          value={`${days}`}
          onChange={(v) => {
            setDays(Number(v) as UsageWindow);
            setRange({ from: '', to: '' });
          }}
          className="max-w-full self-start overflow-x-auto"
        />
        <div className="flex items-center gap-2 sm:w-80">
          <label htmlFor={tenantSelect} className="shrink-0 text-sm text-slate-600">
            {t('tenant')}
          </label>
          <Select
            id={tenantSelect}
            value={tenantId}
            onChange={(e) => setTenantId(e.target.value)}
            className="min-w-0 flex-1"
            data-testid="platform-tenant"
          >
            <option value="">{t('allTenants')}</option>
            {(tenants.data?.tenants ?? []).map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
              </option>
            ))}
          </Select>
        </div>
      </div>

      <div className="flex flex-wrap items-end gap-2" title={t('customRange')}>
        <label className="text-xs text-slate-600">
          {t('from')}
          <Input
            type="date"
            value={range.from}
            onChange={(e) => setRange({ ...range, from: e.target.value })}
            data-testid="platform-from"
          />
        </label>
        <label className="text-xs text-slate-600">
          {t('to')}
          <Input
            type="date"
            value={range.to}
            onChange={(e) => setRange({ ...range, to: e.target.value })}
            data-testid="platform-to"
          />
        </label>
        <Button variant="secondary" disabled={!report.data} onClick={() => report.data && exportCsv(report.data)}>
          {t('export')}
        </Button>
      </div>

      {report.data ? (
        <div
          className={report.isPlaceholderData ? 'space-y-6 opacity-60 transition-opacity' : 'space-y-6'}
          aria-busy={report.isFetching}
        >
          <Figures report={report.data} onOnly={tenantId ? undefined : setTenantId} />
          <RequestError error={report.error} onRetry={report.refetch} />
        </div>
      ) : report.error ? (
        <QueryError error={report.error} onRetry={report.refetch} />
      ) : (
        <ListSkeleton label={t('loading')} lead={SKELETON_LEAD} rows={4} />
      )}
    </div>
  );
}

function Figures({ report, onOnly }: { report: PlatformUsage; onOnly: ((tenantId: string) => void) | undefined }) {
  const t = useTranslations('operatorUsage');
  const format = useFormatter();
  const empty = report.daily.every((d) => CATEGORIES.every((c) => d[c.key] === 0));
  return (
    <>
      <PlatformTotals report={report} />
      <Card className="p-5">
        <h2 className="text-base font-semibold text-slate-900">{t('daily.title')}</h2>
        <p className="mt-1 text-sm text-slate-500">{t('daily.description')}</p>
        {empty ? (
          <EmptyState
            icon={UsageIcon}
            className="mt-4"
            data-testid="platform-usage-empty"
            title={t('daily.emptyTitle')}
            description={t('daily.emptyBody')}
          />
        ) : (
          <figure className="mt-4">
            <div className="h-64 sm:h-72" data-testid="platform-chart" data-days={report.daily.length}>
              <DailyChart daily={report.daily} totals={report.totals} today={report.daily.at(-1)?.date} />
            </div>
            <figcaption className="sr-only">{t('daily.caption', { days: report.days })}</figcaption>
          </figure>
        )}
        <p className="mt-3 border-t border-slate-100 pt-3 text-xs text-slate-500">
          {t.rich('updated', {
            when: shanghaiTime(format, report.generated_at),
            time: (chunks) => <time dateTime={report.generated_at}>{chunks}</time>,
          })}
        </p>
      </Card>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <CategoryBreakdown report={report} />
        <section className="min-w-0 space-y-3 lg:col-span-2" aria-labelledby="platform-channels-title">
          <div>
            <h2 id="platform-channels-title" className="text-base font-semibold text-slate-900">
              {t('channels.title')}
            </h2>
            <p className="mt-1 text-sm text-slate-500">{t('channels.description')}</p>
          </div>
          <UpstreamTable report={report} />
        </section>
      </div>

      <section className="space-y-3" aria-labelledby="platform-tenants-title">
        <div>
          <h2 id="platform-tenants-title" className="text-base font-semibold text-slate-900">
            {t('tenants.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-500">{t('tenants.description')}</p>
        </div>
        <TenantTable report={report} onOnly={onOnly} />
      </section>
    </>
  );
}
