'use client';

import { useTranslations } from 'next-intl';
import { Fragment, useMemo, useState } from 'react';
import { ChevronDownIcon } from '@/components/icons';
import { cn } from '@/components/ui/cn';
import { useUpstreamFormat } from '@/components/operator/format';
import { OperatorTable, type Column } from '@/components/operator/operator-table';
import {
  EnabledSwitch,
  Explanation,
  RecentFailures,
  Serves,
  Share,
  StateCell,
  UpstreamName,
  UpstreamRating,
} from './upstream-parts';
import type { UpstreamListProps } from './upstreams';

/** The channels on wide screens: one row each, with a "Why" row that explains the score. */
export function UpstreamsTable({ rows, busy, onChange }: UpstreamListProps) {
  const t = useTranslations('operator.upstreams');
  const format = useUpstreamFormat();
  const [expanded, setExpanded] = useState<string | null>(null);
  const columns = useMemo<Column[]>(
    () => [
      { label: t('columns.upstream') },
      { label: t('columns.serves') },
      { label: t('columns.state') },
      { label: t('columns.score'), right: true },
      { label: t('columns.share'), right: true },
      { label: t('columns.success'), right: true },
      { label: t('columns.p95'), right: true },
      { label: t('columns.attempts'), right: true },
      { label: t('columns.recentFails'), right: true, title: t('columns.recentFailsHint') },
      { label: t('columns.rating') },
      { label: t('columns.enabled') },
    ],
    [t],
  );
  return (
    <OperatorTable
      caption={t('caption')}
      testId="upstreams-table"
      minWidth="min-w-[68rem]"
      columns={columns}
      actions={t('actions')}
      className="hidden lg:block"
    >
      {rows.map((u) => {
        const open = expanded === u.name;
        const detailId = `why-${u.name}`;
        return (
          <Fragment key={u.name}>
            <tr data-upstream={u.name} className={cn('align-middle', u.state !== 'active' && 'bg-slate-50/50')}>
              <td className="py-3 pr-3 pl-5">
                <UpstreamName u={u} />
              </td>
              <td className="py-3 pr-3">
                <Serves u={u} />
              </td>
              <td className="py-3 pr-3">
                <StateCell u={u} />
              </td>
              <td className="py-3 pr-3 text-right tabular-nums" title={format.explain(u)}>
                {u.score.toFixed(3)}
              </td>
              <td className="py-3 pr-3 text-right">
                <Share value={u.selection_share} />
              </td>
              <td className="py-3 pr-3 text-right tabular-nums">{format.percent(u.success_rate)}</td>
              <td className="py-3 pr-3 text-right tabular-nums">{format.ms(u.p95_ms)}</td>
              <td className="py-3 pr-3 text-right tabular-nums">{u.attempts_24h}</td>
              <td
                className={cn(
                  'py-3 pr-3 text-right tabular-nums',
                  u.recent_failures > 0 ? 'font-medium text-rose-600' : 'text-slate-500',
                )}
              >
                <RecentFailures count={u.recent_failures} />
              </td>
              <td className="py-3 pr-3">
                <UpstreamRating u={u} onChange={onChange} />
              </td>
              <td className="py-3 pr-3">
                <EnabledSwitch u={u} busy={busy.has(u.name)} onChange={onChange} />
              </td>
              <td className="py-3 pr-5 text-right">
                <button
                  type="button"
                  aria-expanded={open}
                  aria-controls={detailId}
                  onClick={() => setExpanded(open ? null : u.name)}
                  className={
                    'inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs font-medium text-slate-500 ' +
                    'hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600'
                  }
                >
                  {t('why')}
                  <span className="sr-only"> {t('whyFor', { name: u.name })}</span>
                  <ChevronDownIcon className={cn('size-3.5 transition-transform', open && 'rotate-180')} />
                </button>
              </td>
            </tr>
            {open && (
              <tr id={detailId} className="bg-slate-50/70">
                <td colSpan={12} className="px-5 py-4">
                  <Explanation u={u} />
                </td>
              </tr>
            )}
          </Fragment>
        );
      })}
    </OperatorTable>
  );
}
