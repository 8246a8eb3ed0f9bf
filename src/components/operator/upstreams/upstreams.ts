import type { RouterInputs, RouterOutputs } from '@/trpc/react';

/** One upstream channel with its live health, as the operator's list answers it. */
export type Upstream = RouterOutputs['admin']['upstreamList']['upstreams'][number];
/** A change of one channel: switched on or off, or rated. */
export type UpstreamChange = RouterInputs['admin']['upstreamUpdate'];

/** What the table and the cards of channels take. */
export interface UpstreamListProps {
  rows: readonly Upstream[];
  /** Names whose change is being saved. */
  busy: ReadonlySet<string>;
  onChange: (change: UpstreamChange) => void;
}

/** What the upstreams page reads; the page prefetches exactly this, so the cached answer is found. */
export const UPSTREAM_LIST_INPUT = {};

/** What a change does to a row before the server confirms it. */
export function applyChange(row: Upstream, change: UpstreamChange): Upstream {
  const enabled = change.enabled ?? row.enabled;
  const state = row.state === 'retired' ? 'retired' : !enabled ? 'disabled' : row.removed_reason ? 'removed' : 'active';
  return { ...row, enabled, rating: change.rating ?? row.rating, state };
}
