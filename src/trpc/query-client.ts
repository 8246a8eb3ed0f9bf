import { defaultShouldDehydrateQuery, QueryClient } from '@tanstack/react-query';

/**
 * One QueryClient setup for both sides: the server prefetches into it and dehydrates it into the
 * page; the browser hydrates the same entries, so a page's data is there on first paint and newer
 * server data replaces older cached entries. No transformer: procedures answer plain JSON.
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: true },
      // Prefetches still running when the page streams are sent along and finish in the browser.
      dehydrate: { shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === 'pending' },
    },
  });
}
