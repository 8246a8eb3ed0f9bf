'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { RouterOutputs } from '@/trpc/react';
import { useTierName } from '@/components/tiers/tier-names';
import { formatCny, formatCredits } from './format';

type Report = RouterOutputs['usage']['report'];
const CATEGORY_KEYS = new Set(['image', 'video', 'chat', 'reverse', 'other', 'article']);

/** The sliced table: a row per group, credits and yuan in columns of their own, the total last. */
export function SliceTable({ report }: { report: Report }) {
  const t = useTranslations('usage.slice');
  const tc = useTranslations('usage.categories');
  const format = useFormatter();
  const tierName = useTierName();
  const name = (key: string, label: string | null) => {
    if (report.group_by === 'category' && CATEGORY_KEYS.has(key)) return tc(`${key as 'image'}.label`);
    if (report.group_by === 'member') return key === 'tenant' ? t('tenantRow') : (label ?? key);
    return key === 'auto' ? t('autoModel') : tierName(key);
  };
  if (report.rows.length === 0)
    return (
      <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-500" data-testid="usage-slice-empty">
        {t('empty')}
      </p>
    );
  const cell = 'py-2 pr-3 text-right tabular-nums last:pr-0';
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[20rem] text-left text-sm" data-testid="usage-slice-table">
        <caption className="sr-only">{t('caption', { from: report.from, to: report.to })}</caption>
        <thead className="border-b border-slate-200 text-xs text-slate-500">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t(`groups.${report.group_by}`)}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              {t('calls')}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              {t('credits')}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {t('cny')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {report.rows.map((r) => (
            <tr key={r.key} data-key={r.key} className="text-slate-700">
              <th
                scope="row"
                className="py-2 pr-3 font-medium break-all text-slate-900"
                title={report.group_by === 'model' ? r.key : undefined}
              >
                {name(r.key, r.label)}
              </th>
              <td className={cell}>{formatCredits(format, r.calls)}</td>
              <td className={cell} data-field="credits">
                {formatCredits(format, r.credits)}
              </td>
              <td className={cell} data-field="cny">
                {formatCny(format, r.cny)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-slate-200 font-semibold text-slate-900">
          <tr data-key="total">
            <th scope="row" className="py-2 pr-3">
              {t('total')}
            </th>
            <td className={cell}>{formatCredits(format, report.totals.calls)}</td>
            <td className={cell} data-field="credits">
              {formatCredits(format, report.totals.credits)}
            </td>
            <td className={cell} data-field="cny">
              {formatCny(format, report.totals.cny)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
