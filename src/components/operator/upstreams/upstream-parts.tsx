'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { channelHref } from './paths';
import { cn } from '@/components/ui/cn';
import { Switch } from '@/components/ui/switch';
import { useUpstreamFormat } from '@/components/operator/format';
import { RatingControl } from '@/components/operator/rating-control';
import type { Upstream, UpstreamChange } from './upstreams';

const STATE_TONE = { active: 'emerald', disabled: 'slate', removed: 'rose', retired: 'slate' } as const;

/** The channel's name, provider and adapter, marked when the simulator serves it. */
export function UpstreamName({ u }: { u: Upstream }) {
  const t = useTranslations('operator.upstreams');
  const channels = useTranslations('operatorUpstreams');
  return (
    <div className="min-w-0">
      <div className="flex items-center gap-1.5">
        <Link
          href={channelHref(u.name)}
          className={
            'rounded font-mono text-[13px] font-medium text-slate-900 underline-offset-2 hover:text-indigo-700 ' +
            'hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600'
          }
        >
          {u.name}
          <span className="sr-only"> {channels('details')}</span>
        </Link>
        {u.simulated && (
          <Badge tone="amber" title={t('simulatedHint')}>
            {t('simulated')}
          </Badge>
        )}
      </div>
      <p className="mt-0.5 text-xs text-slate-500">
        {u.provider} · {u.adapter}
      </p>
    </div>
  );
}

const SHOWN_FAMILIES = 2;

/** The media and model families a channel serves (the first few, then a count). */
export function Serves({ u, inline }: { u: Upstream; inline?: boolean }) {
  const t = useTranslations('operator.upstreams');
  const shown = u.families.slice(0, SHOWN_FAMILIES);
  const rest = u.families.slice(SHOWN_FAMILIES);
  return (
    <div className={cn('flex flex-wrap items-center gap-1', !inline && 'max-w-56')}>
      {u.media.map((m) => (
        <Badge key={m} tone="sky">
          {m}
        </Badge>
      ))}
      {shown.map((f) => (
        <span key={f} className="font-mono text-xs text-slate-600">
          {f}
        </span>
      ))}
      {rest.length > 0 && (
        <span
          className="rounded bg-slate-100 px-1 text-xs whitespace-nowrap text-slate-700"
          title={u.families.join(', ')}
        >
          {t('more', { count: rest.length })}
          <span className="sr-only"> {t('moreNames', { names: rest.join(', ') })}</span>
        </span>
      )}
    </div>
  );
}

/** Active, disabled, removed (with why and since when) or retired. */
export function StateCell({ u }: { u: Upstream }) {
  const t = useTranslations('operator.upstreams');
  const format = useUpstreamFormat();
  return (
    <div title={format.explain(u)}>
      <Badge
        tone={STATE_TONE[u.state]}
        data-testid={`state-${u.name}`}
        className={u.state === 'retired' ? 'line-through' : undefined}
      >
        {t(`states.${u.state}`)}
      </Badge>
      {u.state === 'removed' && (
        <p className="mt-1 text-xs text-rose-700">
          {format.removedReason(u.removed_reason)}
          {u.removed_since && (
            <span className="block text-slate-500">{t('since', { time: format.time(u.removed_since) })}</span>
          )}
        </p>
      )}
    </div>
  );
}

interface ControlProps {
  u: Upstream;
  onChange: (change: UpstreamChange) => void;
}

/** The channel's on/off switch; a retired channel stays as it is. */
export function EnabledSwitch({ u, busy, onChange }: ControlProps & { busy: boolean }) {
  const t = useTranslations('operator.upstreams');
  return (
    <Switch
      checked={u.enabled}
      label={t('enabledLabel', { name: u.name })}
      busy={busy}
      disabled={u.state === 'retired'}
      onChange={(enabled) => onChange({ name: u.name, enabled })}
    />
  );
}

/** The operator's stars for the channel; a retired channel stays as it is. */
export function UpstreamRating({ u, onChange }: ControlProps) {
  const t = useTranslations('operator.upstreams');
  return (
    <RatingControl
      value={u.rating}
      label={t('ratingLabel', { name: u.name })}
      disabled={u.state === 'retired'}
      onChange={(rating) => onChange({ name: u.name, rating })}
    />
  );
}

export function Share({ value }: { value: number }) {
  const format = useUpstreamFormat();
  return (
    <div className="ml-auto flex w-24 items-center justify-end gap-2">
      <span aria-hidden="true" className="h-1.5 w-10 overflow-hidden rounded-full bg-slate-100">
        <span className="block h-full rounded-full bg-indigo-500" style={{ width: `${Math.min(100, value * 100)}%` }} />
      </span>
      <span className="tabular-nums">{format.percent(value)}</span>
    </div>
  );
}

export function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** Failures among the last five attempts: "2/5", the count stressed when there are any. */
export function RecentFailures({ count }: { count: number }) {
  const t = useTranslations('operator.upstreams');
  return t.rich('outOfFive', { count, muted: (chunks) => <span className="text-slate-500">{chunks}</span> });
}

const COMPONENTS: { key: keyof Upstream['components']; weight: string }[] = [
  { key: 'success', weight: '×0.45' },
  { key: 'rating', weight: '×0.25' },
  { key: 'latency', weight: '×0.20' },
  { key: 'cost', weight: '×0.10' },
  { key: 'penalty', weight: '' },
];

/** How the score is made up, component by component. */
export function Explanation({ u }: { u: Upstream }) {
  const t = useTranslations('operator.upstreams');
  const format = useUpstreamFormat();
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{format.explain(u)}</p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {COMPONENTS.map((c) => (
          <div key={c.key} className="rounded-lg bg-white px-3 py-2 ring-1 ring-slate-200">
            <dt className="flex justify-between gap-2 text-xs text-slate-500">
              {t(`components.${c.key}`)}
              <span className="text-slate-500">{c.weight}</span>
            </dt>
            <dd className="mt-1 flex items-center gap-2">
              <span className="text-sm font-medium text-slate-900 tabular-nums">{u.components[c.key].toFixed(2)}</span>
              <span aria-hidden="true" className="h-1 flex-1 overflow-hidden rounded-full bg-slate-100">
                <span
                  className="block h-full rounded-full bg-indigo-400"
                  style={{ width: `${Math.min(100, u.components[c.key] * 100)}%` }}
                />
              </span>
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-slate-500">{t('weightNote', { weight: u.weight.toFixed(4) })}</p>
    </div>
  );
}
