import type { DeliveryState } from '@/contracts/callbacks';
import type { RouterOutputs } from '@/trpc/react';

/** Deliveries per page of the history. */
export const PAGE_SIZE = 20;

/** The filters a link to the page carries (`/webhooks?job_id=<uuid>` from a job's page); anything else is ignored. */
export function filtersFromLink(jobId: string | string[] | undefined): HistoryFilters {
  return typeof jobId === 'string' && jobId.trim() !== '' && validJobId(jobId) ? { job_id: jobId.trim() } : {};
}

export interface HistoryFilters {
  state?: DeliveryState;
  job_id?: string;
  from?: string;
  to?: string;
}

export type Delivery = RouterOutputs['callbacks']['deliveries']['deliveries'][number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a typed job id can be sent as the filter (empty means no filter). */
export const validJobId = (text: string) => text.trim() === '' || UUID.test(text.trim());

/** The query's input for these filters, without empty fields. */
export function historyInput(filters: HistoryFilters) {
  return {
    limit: PAGE_SIZE,
    ...(filters.state ? { state: filters.state } : {}),
    ...(filters.job_id ? { job_id: filters.job_id } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
}

/**
 * The rows that offer Redeliver: for each job, its newest attempt in the list, when it was not delivered
 * and the job can be sent again (a test delivery is never redelivered).
 */
export function redeliverableIds(rows: Delivery[]): Set<number> {
  const seen = new Set<string>();
  const out = new Set<number>();
  for (const row of rows) {
    if (!row.job_id || seen.has(row.job_id)) continue;
    seen.add(row.job_id);
    if (row.state !== 'delivered' && row.redeliverable) out.add(row.id);
  }
  return out;
}
