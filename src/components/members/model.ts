import type { RouterOutputs } from '@/trpc/react';

export type Member = RouterOutputs['accounts']['list']['accounts'][number];
export type Pool = RouterOutputs['balance']['pool'];
export type Mode = Member['mode'];

// A fixed locale keeps server and browser output identical (1,234 on both).
export const formatNumber = new Intl.NumberFormat('en-US').format;

export const MODE_OPTIONS: { value: Mode; label: string }[] = [
  { value: 'shared', label: 'Shared pool' },
  { value: 'dedicated', label: 'Dedicated' },
];

const KEY_PREFIX = 'sk-studio-';

/** `sk-studio-••••••••3f2a`: enough to tell keys apart, not enough to use one. */
export function maskKey(key: string): string {
  if (!key) return '';
  const prefix = key.startsWith(KEY_PREFIX) ? KEY_PREFIX : '';
  return `${prefix}${'•'.repeat(8)}${key.slice(-4)}`;
}

/**
 * Reads a credits field: a whole number of 0 or more (digits only, full-width digits and
 * thousands separators allowed). Answers the number, or the problem to show under the field.
 */
export function parseCredits(raw: string, { min = 0 }: { min?: number } = {}): { value: number } | { error: string } {
  const text = raw.normalize('NFKC').replace(/[,\s]/g, '');
  if (text === '') return { error: 'Enter the number of credits.' };
  if (!/^\d+$/.test(text)) return { error: `Enter a whole number of credits, ${min} or more.` };
  const value = Number(text);
  if (!Number.isSafeInteger(value)) return { error: 'That number is too large.' };
  if (value < min) return { error: `Enter a whole number of credits, ${min} or more.` };
  return { value };
}

/** The first character of a nickname (a whole Chinese character or emoji), for the avatar. */
export const initialOf = (name: string) => (Array.from(name.trim())[0] ?? '?').toUpperCase();
