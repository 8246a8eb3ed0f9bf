import type { RouterInputs, RouterOutputs } from '@/trpc/react';

export type OperatorClaim = RouterOutputs['admin']['claimList']['claims'][number];
export type ClaimState = OperatorClaim['state'];
export type ClaimListInput = Omit<RouterInputs['admin']['claimList'], 'cursor'>;

export const PAGE_SIZE = 20;
/** The list the page opens with (prefetched with the page). */
export const FIRST_PAGE: ClaimListInput = { limit: PAGE_SIZE };

export const CLAIM_STATES = ['open', 'redeemed', 'disabled'] as const satisfies readonly ClaimState[];
export const STATE_TONE = { open: 'sky', redeemed: 'emerald', disabled: 'slate' } as const satisfies Record<
  ClaimState,
  string
>;

/** The list's input for a search and a state filter; an empty search is none. */
export function listInput(q: string, state: ClaimState | 'all'): ClaimListInput {
  const text = q.trim();
  return { limit: PAGE_SIZE, ...(text ? { q: text } : {}), ...(state === 'all' ? {} : { state }) };
}
