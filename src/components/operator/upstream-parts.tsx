'use client';

import { Badge } from '../ui/badge';
import { cn } from '../ui/cn';
import { Switch } from '../ui/switch';
import { formatPercent, REMOVED_REASON } from './format';
import { RatingControl } from './rating-control';
import type { Upstream, UpstreamChange } from './upstreams';
import { useLocalTime } from './use-local-time';

const STATE_TONE = { active: 'emerald', disabled: 'slate', removed: 'rose', retired: 'slate' } as const;
const STATE_LABEL = { active: 'Active', disabled: 'Disabled', removed: 'Removed', retired: 'Retired' } as const;

/** The channel's name, provider and adapter, marked when the simulator serves it. */
export function UpstreamName({ u }: { u: Upstream }) {
  return (
    <div className="min-w-0">
      <div className="flex items-center gap-1.5">
        <span className="font-mono text-[13px] font-medium text-slate-900">{u.name}</span>
        {u.simulated && (
          <Badge tone="amber" title="Served by the bundled simulator">
            Simulated
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
  const shown = u.families.slice(0, SHOWN_FAMILIES);
  const more = u.families.length - shown.length;
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
      {more > 0 && (
        <span className="rounded bg-slate-100 px-1 text-xs text-slate-500" title={u.families.join(', ')}>
          +{more} more
          <span className="sr-only">: {u.families.slice(SHOWN_FAMILIES).join(', ')}</span>
        </span>
      )}
    </div>
  );
}

/** Active, disabled, removed (with why and since when) or retired. */
export function StateCell({ u }: { u: Upstream }) {
  const since = useLocalTime(u.removed_since);
  return (
    <div title={u.explanation}>
      <Badge tone={STATE_TONE[u.state]} data-testid={`state-${u.name}`} className={u.state === 'retired' ? 'line-through' : undefined}>
        {STATE_LABEL[u.state]}
      </Badge>
      {u.state === 'removed' && (
        <p className="mt-1 text-xs text-rose-700">
          {REMOVED_REASON[u.removed_reason ?? ''] ?? u.removed_reason}
          {u.removed_since && <span className="block text-slate-500">since {since}</span>}
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
  return (
    <Switch
      checked={u.enabled}
      label={`${u.name} enabled`}
      busy={busy}
      disabled={u.state === 'retired'}
      onChange={(enabled) => onChange({ name: u.name, enabled })}
    />
  );
}

/** The operator's stars for the channel; a retired channel stays as it is. */
export function UpstreamRating({ u, onChange }: ControlProps) {
  return (
    <RatingControl value={u.rating} label={`Rating of ${u.name}`} disabled={u.state === 'retired'} onChange={(rating) => onChange({ name: u.name, rating })} />
  );
}

export function Share({ value }: { value: number }) {
  return (
    <div className="ml-auto flex w-24 items-center justify-end gap-2">
      <span aria-hidden="true" className="h-1.5 w-10 overflow-hidden rounded-full bg-slate-100">
        <span className="block h-full rounded-full bg-indigo-500" style={{ width: `${Math.min(100, value * 100)}%` }} />
      </span>
      <span className="tabular-nums">{formatPercent(value)}</span>
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

const COMPONENTS: { key: keyof Upstream['components']; label: string; weight: string }[] = [
  { key: 'success', label: 'Success', weight: '×0.45' },
  { key: 'rating', label: 'Rating', weight: '×0.25' },
  { key: 'latency', label: 'Latency', weight: '×0.20' },
  { key: 'cost', label: 'Cost', weight: '×0.10' },
  { key: 'penalty', label: 'Penalty factor', weight: '' },
];

/** How the score is made up, component by component. */
export function Explanation({ u }: { u: Upstream }) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{u.explanation}</p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {COMPONENTS.map((c) => (
          <div key={c.key} className="rounded-lg bg-white px-3 py-2 ring-1 ring-slate-200">
            <dt className="flex justify-between text-xs text-slate-500">
              {c.label}
              <span className="text-slate-400">{c.weight}</span>
            </dt>
            <dd className="mt-1 flex items-center gap-2">
              <span className="text-sm font-medium text-slate-900 tabular-nums">{u.components[c.key].toFixed(2)}</span>
              <span aria-hidden="true" className="h-1 flex-1 overflow-hidden rounded-full bg-slate-100">
                <span className="block h-full rounded-full bg-indigo-400" style={{ width: `${Math.min(100, u.components[c.key] * 100)}%` }} />
              </span>
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-slate-500">Selection weight {u.weight.toFixed(4)} = score × success².</p>
    </div>
  );
}
