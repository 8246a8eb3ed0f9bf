import type { RouterOutputs } from '@/trpc/react';

export type Member = RouterOutputs['accounts']['list']['accounts'][number];
export type Pool = RouterOutputs['balance']['pool'];
export type Mode = Member['mode'];

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

/** The first character of a nickname (a whole Chinese character or emoji), for the avatar. */
export const initialOf = (name: string) => (Array.from(name.trim())[0] ?? '?').toUpperCase();
