'use client';

import { QueryError } from '@/components/ui/list-state';
import { useErrorText } from './use-error-text';

/** A section that could not be read: what it was, why in the page's words, and a way to try again. */
export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => unknown }) {
  const text = useErrorText();
  return <QueryError error={{ message: `${what} ${text(error)}` }} onRetry={onRetry} />;
}
