import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/** Formats a time in the viewer's zone once in the browser; the server's render (and hydration) uses UTC so both match. */
export function useLocalTime(iso: string | null): string {
  const inBrowser = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  if (!iso) return '—';
  const d = new Date(iso);
  return inBrowser ? d.toLocaleString() : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
