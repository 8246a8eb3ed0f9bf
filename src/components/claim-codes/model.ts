import type { RouterOutputs } from '@/trpc/react';

export type Claim = RouterOutputs['claims']['list']['claims'][number];
export type ClaimState = Claim['state'];
export type CreatedClaim = RouterOutputs['claims']['create'];
export type Template = RouterOutputs['templates']['list']['templates'][number];

/** What a list needs to know of the query behind it (see ListState). */
export interface QueryState {
  isError: boolean;
  isPending: boolean;
  error: { message: string } | null;
  refetch: () => unknown;
}

export const PAGE_SIZE = 20;

export const STATE_LABEL: Record<ClaimState, string> = { open: 'Open', redeemed: 'Redeemed', disabled: 'Disabled' };
export const STATE_TONE = { open: 'sky', redeemed: 'emerald', disabled: 'slate' } as const satisfies Record<ClaimState, string>;

export const STATE_FILTERS: { value: ClaimState | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'open', label: STATE_LABEL.open },
  { value: 'redeemed', label: STATE_LABEL.redeemed },
  { value: 'disabled', label: STATE_LABEL.disabled },
];

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Local date and time; call in the browser only (the viewer's time zone). */
export function formatWhen(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d);
}
