import type { RouterOutputs } from '@/trpc/react';

export type UsageReport = RouterOutputs['usage']['usage'];
export type StatsReport = RouterOutputs['usage']['stats'];

/** What a section needs of its query: the report, why it failed, and whether it still shows the previous window. */
export interface Report<T> {
  data: T | undefined;
  error: { message: string } | null;
  isPlaceholderData: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}
