import { defaultShouldDehydrateQuery, QueryClient } from '@tanstack/react-query';
import { failureKind, isRetryable } from '@/components/console/error-text';

/**
 * One QueryClient setup for both sides: the server prefetches into it and dehydrates it into the
 * page; the browser hydrates the same entries, so a page's data is there on first paint and newer
 * server data replaces older cached entries. No transformer: procedures answer plain JSON.
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A read is tried again once, and only when that may help (Studio unreachable or briefly failing,
      // not a timeout, which already waited long): a refusal answers the same the second time.
      queries: {
        staleTime: 30_000,
        retry: (failures, error) => failures < 1 && isRetryable(error) && failureKind(error) !== 'timeout',
        refetchOnWindowFocus: true,
      },
      // Prefetches still running when the page streams are sent along and finish in the browser.
      dehydrate: {
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === 'pending',
      },
    },
  });
}
