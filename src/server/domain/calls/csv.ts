import type { CallFilters } from '@/contracts/calls';
import type { Db } from '@/server/db/client';
import { USAGE_TIMEZONE } from '@/server/db/schema';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import { csvField } from '@/lib/csv';
import { allCalls, type CallView } from './read';

export { csvField };

/** The most rows one export holds (the newest); narrow the dates for more. */
export const EXPORT_MAX_ROWS = 50_000;

/** The export's columns, in order: the list's fields, and the time as a Shanghai wall clock beside UTC. */
export const CSV_COLUMNS = [
  'at',
  'at_shanghai',
  'id',
  'kind',
  'status',
  'member',
  'account_id',
  'via',
  'model',
  'family',
  'tokens_in',
  'tokens_out',
  'credits',
  'credits_refunded',
  'latency_ms',
  'request_id',
  'job_id',
  'error_code',
  'note',
] as const;

const shanghai = new Intl.DateTimeFormat('sv-SE', {
  timeZone: USAGE_TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** One call as its CSV row. */
export function callCsvLine(c: CallView): string {
  const cells: Record<(typeof CSV_COLUMNS)[number], string | number | null> = {
    at: c.at,
    at_shanghai: shanghai.format(new Date(c.at)),
    id: c.id,
    kind: c.kind,
    status: c.status,
    member: c.member,
    account_id: c.account_id,
    via: c.via,
    model: c.model,
    family: c.family,
    tokens_in: c.tokens_in,
    tokens_out: c.tokens_out,
    credits: c.credits,
    credits_refunded: c.credits_refunded,
    latency_ms: c.latency_ms,
    request_id: c.request_id,
    job_id: c.job_id,
    error_code: c.error_code,
    note: c.note,
  };
  return CSV_COLUMNS.map((k) => csvField(cells[k])).join(',');
}

/**
 * The calls matching the filters as CSV, newest first (at most `EXPORT_MAX_ROWS`): UTF-8 with a
 * byte-order mark (so spreadsheets read Chinese names right), CRLF line ends, a header row first.
 */
export async function exportCalls(
  { db }: { db: Db },
  who: ScopedIdentity,
  filters: CallFilters,
): Promise<{ filename: string; content: string }> {
  const lines = [CSV_COLUMNS.join(',')];
  for await (const page of allCalls(db, who, filters, EXPORT_MAX_ROWS))
    for (const c of page) lines.push(callCsvLine(c));
  const day = shanghai.format(new Date()).slice(0, 10);
  return { filename: `calls-${day}.csv`, content: `\uFEFF${lines.join('\r\n')}\r\n` };
}
