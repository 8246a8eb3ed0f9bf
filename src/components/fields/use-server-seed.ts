'use client';

import { useEffect, useState } from 'react';

/**
 * Data a page rendered on the server is newer than what the browser's query cache may hold from
 * an earlier visit (`initialData` is ignored once the cache has an entry). This prefers the
 * server's copy over cache entries older than this mount, and writes it into the cache, so a
 * template created a moment ago is there when its link opens the page.
 */
export function useServerSeed<T>(
  query: { data: T | undefined; dataUpdatedAt: number },
  seed: T | null,
  write: (data: T) => void,
): T | undefined {
  const [mountedAt] = useState(() => Date.now());
  const older = seed !== null && query.dataUpdatedAt < mountedAt;
  useEffect(() => {
    if (older && seed !== null) write(seed);
  }, [older, seed, write]);
  return older ? (seed ?? undefined) : query.data;
}
