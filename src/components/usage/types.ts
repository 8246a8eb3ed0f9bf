import type { RouterOutputs } from '@/trpc/react';

/** The Usage page's report: the API's with articles in a category of their own. */
export type UsageReport = RouterOutputs['usage']['byCategory'];
export type StatsReport = RouterOutputs['usage']['stats'];

/** What a section needs of its query: the report, why it failed, and whether it still shows the previous window. */
export interface Report<T> {
  data: T | undefined;
  error: { message: string } | null;
  isPlaceholderData: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}
