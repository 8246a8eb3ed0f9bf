import 'server-only';
import type { ReactNode } from 'react';
import { HydrateClient } from './server';

interface PrefetchedProps {
  /** Prefetches of the queries the client components below make (`api.x.y.prefetch(input)`). */
  reads: Promise<unknown>[];
  children: ReactNode;
}

/**
 * Client components rendered with their data in place: waits for the reads and hands their cache to
 * the components. A read that fails here is made again by the browser, which shows any error.
 */
export async function Prefetched({ reads, children }: PrefetchedProps) {
  await Promise.all(reads);
  return <HydrateClient>{children}</HydrateClient>;
}
