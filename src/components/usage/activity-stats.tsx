'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import {
  formatCny,
  formatCredits,
  formatDuration,
  formatRate,
  HOUR_WINDOWS,
  hoursInDays,
  type HourWindow,
} from './format';
import { RefreshError, ReportCard } from './report-card';
import type { Report, StatsReport } from './types';

interface ActivityStatsProps {
  hours: HourWindow;
  onHoursChange: (hours: HourWindow) => void;
  query: Report<StatsReport>;
}

/** The jobs' states in the bar and its legend; their names are `usage.activity.state.<key>`. */
const STATES = [
  { key: 'done', bar: 'bg-emerald-500', dot: 'bg-emerald-500' },
  { key: 'failed', bar: 'bg-rose-500', dot: 'bg-rose-500' },
  { key: 'processing', bar: 'bg-amber-400', dot: 'bg-amber-400' },
] as const;

/** The jobs of the last 24 hours or 7 days: how many finished, how fast, and what the work was billed at. */
export function ActivityStats({ hours, onHoursChange, query }: ActivityStatsProps) {
  const t = useTranslations('usage');
  const switcher = {
    label: t('activity.window'),
    name: 'usage-hours',
    width: 'sm:w-60',
    windows: HOUR_WINDOWS,
    text: (h: HourWindow) => t('window', { days: hoursInDays(h) }),
  };
  return (
    <ReportCard
      title={t('activity.title')}
      description={t('activity.description')}
      switcher={{ ...switcher, value: hours, onChange: onHoursChange }}
      query={query}
      skeleton={
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="h-24 animate-pulse rounded-xl bg-slate-100" />
          ))}
        </div>
      }
    >
      {(stats) => (
        <>
          <Figures stats={stats} />
          <RefreshError error={query.error} className="mt-3" />
        </>
      )}
    </ReportCard>
  );
}

function Figures({ stats }: { stats: StatsReport }) {
  const { jobs, attempts_total: attempts, charged_cny: charged } = stats.mine;
  const finished = jobs.done + jobs.failed;
  const t = useTranslations('usage.activity');
  const durations = useTranslations('usage.duration');
  const format = useFormatter();
  const days = Math.round(stats.window_hours / 24);

  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Metric
          label={t('successRate')}
          value={formatRate(jobs.success_rate)}
          testId="stat-success-rate"
          tone={
            jobs.success_rate === null
              ? 'muted'
              : jobs.success_rate >= 0.95
                ? 'good'
                : jobs.success_rate >= 0.8
                  ? 'warn'
                  : 'bad'
          }
          note={
            finished
              ? t('successNote', {
                  done: formatCredits(format, jobs.done),
                  finished,
                  finishedAmount: formatCredits(format, finished),
                })
              : t('nothingFinished')
          }
        />
        <Metric
          label={t('p95')}
          value={formatDuration(durations, jobs.p95_ms)}
          testId="stat-p95"
          tone={jobs.p95_ms === null ? 'muted' : 'plain'}
          note={jobs.p95_ms === null ? t('p95None') : t('p95Note')}
        />
        <Metric
          label={t('attempts')}
          value={formatCredits(format, attempts)}
          testId="stat-attempts"
          note={t('attemptsNote')}
        />
        <Metric label={t('charged')} value={formatCny(format, charged)} testId="stat-charged" note={t('chargedNote')} />
      </dl>

      <div>
        <div className="flex items-baseline justify-between gap-3">
          <h3 className="text-sm font-medium text-slate-700">{t('byState')}</h3>
          <p className="text-sm text-slate-500">
            {t.rich('jobsIn', {
              count: jobs.total,
              amount: formatCredits(format, jobs.total),
              days,
              figure: (chunks) => (
                <span className="font-semibold text-slate-900 tabular-nums" data-testid="jobs-total">
                  {chunks}
                </span>
              ),
            })}
          </p>
        </div>
        {jobs.total === 0 ? (
          <p
            className="mt-2 rounded-lg border border-dashed border-slate-300 px-3 py-3 text-sm text-slate-500"
            data-testid="jobs-empty"
          >
            {t('noJobs', { days })}
          </p>
        ) : (
          <div
            role="img"
            aria-label={t('bar', { done: jobs.done, failed: jobs.failed, processing: jobs.processing })}
            className="mt-2 flex h-2.5 gap-0.5 overflow-hidden rounded-full bg-slate-100"
          >
            {STATES.filter((s) => jobs[s.key] > 0).map((s) => (
              <div
                key={s.key}
                className={cn('h-full', s.bar)}
                style={{ width: `${(jobs[s.key] / jobs.total) * 100}%` }}
              />
            ))}
          </div>
        )}
        <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {STATES.map((s) => (
            <div key={s.key} className="flex items-center gap-2">
              <span aria-hidden="true" className={cn('size-2.5 rounded-full', s.dot)} />
              <dt className="text-slate-600">{t(`state.${s.key}`)}</dt>
              <dd className="font-semibold text-slate-900 tabular-nums" data-testid={`jobs-${s.key}`}>
                {formatCredits(format, jobs[s.key])}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}

const tones = {
  plain: 'text-slate-900',
  muted: 'text-slate-500',
  good: 'text-emerald-700',
  warn: 'text-amber-700',
  bad: 'text-rose-700',
} as const;

function Metric({
  label,
  value,
  note,
  testId,
  tone = 'plain',
}: {
  label: string;
  value: ReactNode;
  note: string;
  testId: string;
  tone?: keyof typeof tones;
}) {
  return (
    <div className="min-w-0 rounded-xl bg-slate-50 px-3.5 py-3 ring-1 ring-inset ring-slate-200/70">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd
        className={cn('mt-1 text-2xl font-semibold tracking-tight tabular-nums [overflow-wrap:anywhere]', tones[tone])}
        data-testid={testId}
      >
        {value}
      </dd>
      <dd className="mt-0.5 text-xs text-pretty text-slate-500">{note}</dd>
    </div>
  );
}
