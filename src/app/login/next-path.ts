import { safeNext } from '@/lib/return-path';

/** Where to go after signing in: `next` when it is a path on this site (see `safeNext`), else the overview. */
export function nextPath(value: unknown): string {
  return safeNext(typeof value === 'string' ? value : null) ?? '/overview';
}
