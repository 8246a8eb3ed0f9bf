import type { RouterOutputs } from '@/trpc/react';

export type Claim = RouterOutputs['claims']['list']['claims'][number];
export type ClaimState = Claim['state'];
export type CreatedClaim = RouterOutputs['claims']['create'];
export type CreatedBatch = RouterOutputs['claims']['createBatch'];
export type Batch = RouterOutputs['claims']['listBatches']['batches'][number];
export type Template = RouterOutputs['templates']['list']['templates'][number];

/** What a list needs to know of the query behind it (see ListState). */
export interface QueryState {
  isError: boolean;
  isPending: boolean;
  error: { message: string } | null;
  refetch: () => unknown;
}

export const PAGE_SIZE = 20;

/** A code's states, in the order the filters offer them; their names are `claimCodes.state.*`. */
export const CLAIM_STATES = ['open', 'redeemed', 'disabled'] as const satisfies readonly ClaimState[];
export const STATE_TONE = { open: 'sky', redeemed: 'emerald', disabled: 'slate' } as const satisfies Record<
  ClaimState,
  string
>;

/** An instant the server gave, as a date for the formatter; null when it does not read as one. */
export function instant(iso: string | null): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Loading rows with no picture in front (a shape for `ListSkeleton`, not a text). */
export const SKELETON_LEAD = 'none';
