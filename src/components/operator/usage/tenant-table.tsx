import { useFormatter, useTranslations } from 'next-intl';
import { CATEGORIES, formatCny, formatCredits } from '@/components/usage/format';
import { Button } from '@/components/ui/button';
import { OperatorTable, type Column } from '@/components/operator/operator-table';
import { formatUsd, type PlatformUsage } from './model';

interface TenantTableProps {
  report: PlatformUsage;
  /** Narrows the page to one tenant (absent when it already is). */
  onOnly?: (tenantId: string) => void;
}

/** Credits per tenant and category over the window, then the money they cost in a column of its own. */
export function TenantTable({ report, onOnly }: TenantTableProps) {
  const t = useTranslations('operatorUsage.tenants');
  const names = useTranslations('usage.categories');
  const format = useFormatter();
  if (report.tenants.length === 0)
    return <p className="rounded-xl bg-white p-5 text-sm text-slate-500 ring-1 ring-slate-200">{t('empty')}</p>;
  const columns: Column[] = [
    { label: t('tenant') },
    ...CATEGORIES.map((c) => ({ label: names(`${c.key}.label`), right: true })),
    { label: t('total'), right: true },
    { label: t('charged'), right: true, title: t('description') },
    { label: t('providerCost'), right: true, title: t('providerCostHint') },
  ];
  return (
    <OperatorTable
      caption={t('caption')}
      testId="platform-tenants"
      minWidth="min-w-[52rem]"
      columns={columns}
      actions={t('actions')}
    >
      {report.tenants.map((row) => (
        <tr key={row.id} data-tenant={row.id} className="text-slate-700">
          <th scope="row" className="py-2.5 pr-3 pl-5 text-left font-medium break-words text-slate-900">
            {row.name}
          </th>
          {CATEGORIES.map((c) => (
            <td
              key={c.key}
              data-category={c.key}
              className={
                row.totals[c.key] === 0
                  ? 'py-2.5 pr-3 text-right text-slate-500 tabular-nums'
                  : 'py-2.5 pr-3 text-right tabular-nums'
              }
            >
              {formatCredits(format, row.totals[c.key])}
            </td>
          ))}
          <td data-category="total" className="py-2.5 pr-3 text-right font-semibold text-slate-900 tabular-nums">
            {formatCredits(format, row.totals.total)}
          </td>
          <td data-testid="tenant-charged" className="py-2.5 pr-3 text-right text-slate-600 tabular-nums">
            {formatCny(format, row.charged_cny)}
          </td>
          <td data-testid="tenant-provider-cost" className="py-2.5 pr-3 text-right text-slate-600 tabular-nums">
            {formatUsd(format, row.provider_cost_usd)}
          </td>
          <td className="py-2 pr-5 text-right">
            {onOnly && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onOnly(row.id)}
                aria-label={t('only', { name: row.name })}
              >
                {t('onlyShort')}
              </Button>
            )}
          </td>
        </tr>
      ))}
    </OperatorTable>
  );
}
