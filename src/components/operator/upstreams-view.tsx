'use client';

import Link from 'next/link';
import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { trpc, type RouterOutputs } from '@/trpc/react';
import { SimulatedBanner } from '../console/simulated-banner';
import { ChevronDownIcon, RefreshIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';
import { Spinner } from '../ui/spinner';
import { Switch } from '../ui/switch';
import { formatMs, formatPercent, REMOVED_REASON } from './format';
import { RatingControl } from './rating-control';

export type Upstream = RouterOutputs['operator']['upstreams'][number];
type Change = { name: string; enabled?: boolean; rating?: number };

const REFRESH_MS = 10_000;

const STATE_TONE = { active: 'emerald', disabled: 'slate', removed: 'rose', retired: 'slate' } as const;
const STATE_LABEL = { active: 'Active', disabled: 'Disabled', removed: 'Removed', retired: 'Retired' } as const;

/** What a change does to a row before the server confirms it. */
function applyChange(row: Upstream, change: Change): Upstream {
  const enabled = change.enabled ?? row.enabled;
  const state = row.state === 'retired' ? 'retired' : !enabled ? 'disabled' : row.removed_reason ? 'removed' : 'active';
  return { ...row, enabled, rating: change.rating ?? row.rating, state };
}

/** Formats a time in the viewer's zone once mounted; the server's render uses UTC so both match. */
function useLocalTime(iso: string | null): string {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!iso) return '—';
  const d = new Date(iso);
  return mounted ? d.toLocaleString() : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function UpstreamsView({ initial }: { initial: Upstream[] }) {
  const utils = trpc.useUtils();
  const list = trpc.operator.upstreams.useQuery(undefined, {
    initialData: initial,
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: false,
  });
  const [expanded, setExpanded] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  const update = trpc.operator.updateUpstream.useMutation({
    async onMutate(change) {
      setFailure(null);
      setBusy((s) => new Set(s).add(change.name));
      await utils.operator.upstreams.cancel();
      const before = utils.operator.upstreams.getData();
      utils.operator.upstreams.setData(undefined, (rows) => rows?.map((r) => (r.name === change.name ? applyChange(r, change) : r)));
      return { before };
    },
    onError(error, change, context) {
      if (context?.before) utils.operator.upstreams.setData(undefined, context.before);
      setFailure(`Could not update ${change.name}: ${error.message}`);
    },
    onSuccess(row) {
      utils.operator.upstreams.setData(undefined, (rows) => rows?.map((r) => (r.name === row.name ? row : r)));
    },
    onSettled(_data, _error, change) {
      setBusy((s) => {
        const next = new Set(s);
        next.delete(change.name);
        return next;
      });
      // Shares of the other channels follow from the change.
      void utils.operator.upstreams.invalidate();
    },
  });

  const rows = list.data;
  const simulated = rows.some((r) => r.simulated && r.state !== 'retired');
  const active = rows.filter((r) => r.state === 'active').length;
  const sessionLost = list.error?.data?.code === 'UNAUTHORIZED' || list.error?.data?.code === 'FORBIDDEN';
  const change = (c: Change) => update.mutate(c);

  return (
    <>
      {simulated && <SimulatedBanner audience="operator" />}
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:py-10">
        <header className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-sm font-medium text-indigo-600">Operator</p>
            <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Upstreams</h1>
            <p className="mt-2 max-w-2xl text-sm text-slate-500">
              The channels Studio routes generation requests to, with their health over the last 24 hours. Routing prefers
              higher scores; disabled channels get no traffic.
            </p>
          </div>
          <div className="flex items-center gap-3">
            <span className="text-xs text-slate-500">
              {active} of {rows.length} active · refreshes every 10 s
            </span>
            <Button variant="secondary" size="sm" onClick={() => void list.refetch()} disabled={list.isFetching}>
              {list.isFetching ? <Spinner className="size-3.5" /> : <RefreshIcon className="size-3.5" />}
              Refresh
            </Button>
          </div>
        </header>

        {sessionLost ? (
          <ErrorAlert>
            Your operator session has ended.{' '}
            <Link href="/operator/login" className="font-medium underline">
              Sign in again
            </Link>
          </ErrorAlert>
        ) : (
          list.error && <ErrorAlert>Showing the last known figures: {list.error.message}</ErrorAlert>
        )}
        {failure && <ErrorAlert>{failure}</ErrorAlert>}

        <Card className="hidden overflow-hidden lg:block">
          <div className="overflow-x-auto">
            <table className="w-full min-w-[68rem] text-left text-sm" data-testid="upstreams-table">
              <caption className="sr-only">Upstream channels and their health</caption>
              <thead className="border-b border-slate-200 bg-slate-50/80 text-xs text-slate-500">
                <tr>
                  <Th className="pl-5">Upstream</Th>
                  <Th>Serves</Th>
                  <Th>State</Th>
                  <Th right>Score</Th>
                  <Th right>Share</Th>
                  <Th right>Success</Th>
                  <Th right>P95</Th>
                  <Th right>24 h</Th>
                  <Th right title="Failures among the last 5 attempts">
                    Recent fails
                  </Th>
                  <Th>Rating</Th>
                  <Th>Enabled</Th>
                  <Th className="pr-5">
                    <span className="sr-only">Explanation</span>
                  </Th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
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
                        <td className="py-3 pr-3 text-right tabular-nums" title={u.explanation}>
                          {u.score.toFixed(3)}
                        </td>
                        <td className="py-3 pr-3 text-right">
                          <Share value={u.selection_share} />
                        </td>
                        <td className="py-3 pr-3 text-right tabular-nums">{formatPercent(u.success_rate)}</td>
                        <td className="py-3 pr-3 text-right tabular-nums">{formatMs(u.p95_ms)}</td>
                        <td className="py-3 pr-3 text-right tabular-nums">{u.attempts_24h}</td>
                        <td className={cn('py-3 pr-3 text-right tabular-nums', u.recent_failures > 0 ? 'font-medium text-rose-600' : 'text-slate-500')}>
                          {u.recent_failures}
                          <span className="text-slate-400">/5</span>
                        </td>
                        <td className="py-3 pr-3">
                          <RatingControl
                            value={u.rating}
                            label={`Rating of ${u.name}`}
                            disabled={u.state === 'retired'}
                            onChange={(rating) => change({ name: u.name, rating })}
                          />
                        </td>
                        <td className="py-3 pr-3">
                          <Switch
                            checked={u.enabled}
                            label={`${u.name} enabled`}
                            busy={busy.has(u.name)}
                            disabled={u.state === 'retired'}
                            onChange={(enabled) => change({ name: u.name, enabled })}
                          />
                        </td>
                        <td className="py-3 pr-5 text-right">
                          <button
                            type="button"
                            aria-expanded={open}
                            aria-controls={detailId}
                            onClick={() => setExpanded(open ? null : u.name)}
                            className="inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
                          >
                            Why
                            <span className="sr-only"> {u.name} scores this way</span>
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
              </tbody>
            </table>
          </div>
        </Card>

        <ul className="space-y-3 lg:hidden" data-testid="upstreams-cards">
          {rows.map((u) => (
            <li key={u.name} data-upstream={u.name}>
              <Card className="p-4">
                <div className="flex items-start justify-between gap-3">
                  <UpstreamName u={u} />
                  <Switch
                    checked={u.enabled}
                    label={`${u.name} enabled`}
                    busy={busy.has(u.name)}
                    disabled={u.state === 'retired'}
                    onChange={(enabled) => change({ name: u.name, enabled })}
                  />
                </div>
                <div className="mt-3 flex flex-wrap items-center gap-2">
                  <StateCell u={u} />
                  <Serves u={u} inline />
                </div>
                <dl className="mt-3 grid grid-cols-3 gap-x-3 gap-y-2 text-xs">
                  <Stat label="Score" value={u.score.toFixed(3)} />
                  <Stat label="Share" value={formatPercent(u.selection_share)} />
                  <Stat label="Success" value={formatPercent(u.success_rate)} />
                  <Stat label="P95" value={formatMs(u.p95_ms)} />
                  <Stat label="24 h" value={String(u.attempts_24h)} />
                  <Stat label="Recent fails" value={`${u.recent_failures}/5`} />
                </dl>
                <div className="mt-3 flex items-center justify-between gap-3 border-t border-slate-100 pt-3">
                  <span className="text-xs text-slate-500">Rating</span>
                  <RatingControl
                    value={u.rating}
                    label={`Rating of ${u.name}`}
                    disabled={u.state === 'retired'}
                    onChange={(rating) => change({ name: u.name, rating })}
                  />
                </div>
                <details className="group mt-2">
                  <summary className="cursor-pointer list-none rounded text-xs font-medium text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600">
                    Why this score
                  </summary>
                  <div className="mt-2">
                    <Explanation u={u} />
                  </div>
                </details>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

function Th({ children, right, className, title }: { children: ReactNode; right?: boolean; className?: string; title?: string }) {
  return (
    <th scope="col" title={title} className={cn('py-2.5 pr-3 font-medium whitespace-nowrap', right && 'text-right', className)}>
      {children}
    </th>
  );
}

function UpstreamName({ u }: { u: Upstream }) {
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

function Serves({ u, inline }: { u: Upstream; inline?: boolean }) {
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

function StateCell({ u }: { u: Upstream }) {
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

function Share({ value }: { value: number }) {
  return (
    <div className="ml-auto flex w-24 items-center justify-end gap-2">
      <span aria-hidden="true" className="h-1.5 w-10 overflow-hidden rounded-full bg-slate-100">
        <span className="block h-full rounded-full bg-indigo-500" style={{ width: `${Math.min(100, value * 100)}%` }} />
      </span>
      <span className="tabular-nums">{formatPercent(value)}</span>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
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

function Explanation({ u }: { u: Upstream }) {
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
