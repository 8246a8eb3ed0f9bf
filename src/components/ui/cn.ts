import { twMerge } from 'tailwind-merge';

/**
 * Joins class names, skipping falsy ones; when two classes set the same property (`text-slate-900`
 * and a caller's `text-amber-700`), the later one wins, so a `className` passed in overrides a base style.
 */
export function cn(...parts: Array<string | false | null | undefined>): string {
  return twMerge(parts.filter(Boolean).join(' '));
}
