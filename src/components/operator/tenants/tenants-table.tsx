'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { OperatorTable } from '@/components/operator/operator-table';
import { isNearZero, type OperatorTenant } from './model';

const COLUMNS = ['name', 'credits', 'month', 'binding', 'markup', 'state', 'members'] as const;
const RIGHT = new Set<string>(['credits', 'month', 'markup', 'members']);

/** Every tenant in one row: its figures, binding, markup, state and members, and a link to its page. */
export function TenantsTable({ tenants }: { tenants: readonly OperatorTenant[] }) {
  const t = useTranslations('operatorTenants.table');
  const format = useFormatter();
  const columns = useMemo(() => COLUMNS.map((c) => ({ label: t(`columns.${c}`), right: RIGHT.has(c) })), [t]);
  const credits = (n: number) => format.number(n, 'credits');
  return (
    <OperatorTable
      caption={t('caption')}
      testId="tenants-table"
      minWidth="min-w-[60rem]"
      columns={columns}
      actions={t('actions')}
    >
      {tenants.map((x) => (
        <tr key={x.id} data-tenant={x.id} className={cn('align-middle', x.disabled && 'bg-slate-50/60')}>
          <td className="py-3 pr-3 pl-5">
            <Link
              href={`/operator/tenants/${x.id}`}
              className="font-medium text-slate-900 hover:text-indigo-700 hover:underline"
            >
              {x.name}
            </Link>
            <p className="truncate text-xs text-slate-500">{x.admin_email ?? t('noLogin')}</p>
            {x.kind === 'personal' && <p className="text-xs text-slate-500">{t('personal')}</p>}
          </td>
          <td className="py-3 pr-3 text-right tabular-nums">
            {credits(x.credits)}
            {isNearZero(x) && (
              <span className="mt-1 block">
                <Badge tone="rose" data-testid={`near-zero-${x.id}`}>
                  {t('nearZero', { threshold: credits(x.low_balance_threshold) })}
                </Badge>
              </span>
            )}
          </td>
          <td className="py-3 pr-3 text-right text-slate-600 tabular-nums">
            {x.quota_monthly > 0
              ? t('usedOfQuota', { used: credits(x.used_month), quota: credits(x.quota_monthly) })
              : t('usedNoQuota', { used: credits(x.used_month) })}
          </td>
          <td className="py-3 pr-3">
            {x.bound_model ? (
              <code className="font-mono text-xs">{x.bound_model}</code>
            ) : (
              <span className="text-slate-500">{t('unbound')}</span>
            )}
          </td>
          <td className="py-3 pr-3 text-right tabular-nums">{t('markupValue', { markup: x.markup })}</td>
          <td className="py-3 pr-3" data-testid={`tenant-state-${x.id}`}>
            <Badge tone={x.disabled ? 'rose' : 'emerald'}>{x.disabled ? t('disabled') : t('active')}</Badge>
          </td>
          <td className="py-3 pr-3 text-right tabular-nums">{x.members}</td>
          <td className="py-3 pr-5 text-right">
            <Link href={`/operator/tenants/${x.id}`} className="text-sm font-medium text-indigo-700 hover:underline">
              {t('open')}
              <span className="sr-only"> {x.name}</span>
            </Link>
          </td>
        </tr>
      ))}
    </OperatorTable>
  );
}
