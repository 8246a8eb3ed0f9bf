import type { RouterOutputs } from '@/trpc/react';

export type Claim = RouterOutputs['claims']['list']['claims'][number];
export type ClaimState = Claim['state'];
export type CreatedClaim = RouterOutputs['claims']['create'];
export type Template = RouterOutputs['templates']['list']['templates'][number];

/** The title the server gives a tutorial PDF sent without one. */
export const DEFAULT_TUTORIAL_TITLE = 'AI生图核心技巧（教程PDF）';

export const PAGE_SIZE = 20;

export const STATE_LABEL: Record<ClaimState, string> = { open: 'Open', redeemed: 'Redeemed', disabled: 'Disabled' };
export const STATE_TONE = { open: 'sky', redeemed: 'emerald', disabled: 'slate' } as const satisfies Record<ClaimState, string>;

export const STATE_FILTERS: { value: ClaimState | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'open', label: STATE_LABEL.open },
  { value: 'redeemed', label: STATE_LABEL.redeemed },
  { value: 'disabled', label: STATE_LABEL.disabled },
];

/** Only http(s) links are accepted for the tutorial, as on the server. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Local date and time; call in the browser only (the viewer's time zone). */
export function formatWhen(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d);
}
