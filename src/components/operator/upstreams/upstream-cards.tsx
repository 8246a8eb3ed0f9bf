'use client';

import { useTranslations } from 'next-intl';
import { Card } from '@/components/ui/card';
import { useUpstreamFormat } from '@/components/operator/format';
import {
  EnabledSwitch,
  Explanation,
  RecentFailures,
  Serves,
  Stat,
  StateCell,
  UpstreamName,
  UpstreamRating,
} from './upstream-parts';
import type { UpstreamListProps } from './upstreams';

/** The channels on narrow screens: one card each, the score explained on demand. */
export function UpstreamCards({ rows, busy, onChange }: UpstreamListProps) {
  const t = useTranslations('operator.upstreams');
  const format = useUpstreamFormat();
  return (
    <ul className="space-y-3 lg:hidden" data-testid="upstreams-cards">
      {rows.map((u) => (
        <li key={u.name} data-upstream={u.name}>
          <Card className="p-4">
            <div className="flex items-start justify-between gap-3">
              <UpstreamName u={u} />
              <EnabledSwitch u={u} busy={busy.has(u.name)} onChange={onChange} />
            </div>
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <StateCell u={u} />
              <Serves u={u} inline />
            </div>
            <dl className="mt-3 grid grid-cols-3 gap-x-3 gap-y-2 text-xs">
              <Stat label={t('columns.score')} value={u.score.toFixed(3)} />
              <Stat label={t('columns.share')} value={format.percent(u.selection_share)} />
              <Stat label={t('columns.success')} value={format.percent(u.success_rate)} />
              <Stat label={t('columns.p95')} value={format.ms(u.p95_ms)} />
              <Stat label={t('columns.attempts')} value={String(u.attempts_24h)} />
              <div>
                <dt className="text-slate-500">{t('columns.recentFails')}</dt>
                <dd className="font-medium text-slate-900 tabular-nums">
                  <RecentFailures count={u.recent_failures} />
                </dd>
              </div>
            </dl>
            <div className="mt-3 flex items-center justify-between gap-3 border-t border-slate-100 pt-3">
              <span className="text-xs text-slate-500">{t('columns.rating')}</span>
              <UpstreamRating u={u} onChange={onChange} />
            </div>
            <details className="group mt-2">
              <summary
                className={
                  'cursor-pointer list-none rounded text-xs font-medium text-indigo-600 focus-visible:outline-2 ' +
                  'focus-visible:outline-indigo-600'
                }
              >
                {t('whyScore')}
              </summary>
              <div className="mt-2">
                <Explanation u={u} />
              </div>
            </details>
          </Card>
        </li>
      ))}
    </ul>
  );
}
