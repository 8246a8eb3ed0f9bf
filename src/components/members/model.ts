import { useTranslations } from 'next-intl';
import type { RouterOutputs } from '@/trpc/react';

export type Member = RouterOutputs['members']['list']['accounts'][number];
export type Pool = RouterOutputs['balance']['pool'];
export type Mode = Member['mode'];

/** The two ways a member is funded, in the order the forms offer them; their names are `members.mode.*`. */
export const MODES: readonly Mode[] = ['shared', 'dedicated'];

/** The funding choices of the member forms, named in the page's language. */
export function useModeOptions(): { value: Mode; label: string }[] {
  const t = useTranslations('members.mode');
  return MODES.map((value) => ({ value, label: t(value) }));
}

const KEY_PREFIX = 'sk-studio-';

/** `sk-studio-••••••••3f2a`: enough to tell keys apart, not enough to use one. */
export function maskKey(key: string): string {
  if (!key) return '';
  const prefix = key.startsWith(KEY_PREFIX) ? KEY_PREFIX : '';
  return `${prefix}${'•'.repeat(8)}${key.slice(-4)}`;
}

/** The first character of a nickname (a whole Chinese character or emoji), for the avatar. */
export const initialOf = (name: string) => (Array.from(name.trim())[0] ?? '?').toUpperCase();
