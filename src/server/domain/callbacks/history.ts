import { and, desc, eq, gte, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { DeliveryState, ListDeliveriesInput } from '@/contracts/callbacks';
import { callbackDeliveries, jobs } from '@/server/db/schema';
import type { TenantIdentity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';
import { addDays, shanghaiDayStart } from '@/server/domain/usage/usage';
import { fieldError } from '@/server/errors';

/** One attempt of the history, as the tenant reads it. */
export interface DeliveryRecord {
  id: number;
  event_id: string | null;
  /** The job whose outcome was sent; null for a test delivery. */
  job_id: string | null;
  job_kind: 'image' | 'video' | 'template' | 'article' | null;
  test: boolean;
  url: string;
  attempt: number;
  status_code: number | null;
  state: DeliveryState;
  error: string | null;
  duration_ms: number;
  at: string;
  /** Whether `POST /api/webhook-deliveries/redeliver` may send this job's event again now. */
  redeliverable: boolean;
}

const encodeCursor = (id: number) => Buffer.from(String(id), 'utf8').toString('base64url');

function decodeCursor(cursor: string): number {
  const id = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!Number.isSafeInteger(id) || id <= 0) throw fieldError(['cursor'], 'not a cursor from an earlier page');
  return id;
}

/**
 * The tenant's delivery attempts across its jobs and its test deliveries, newest first, a page at a
 * time (the cursor holds the last id shown, so new attempts never shift a page). Rows written before
 * deliveries carried their tenant are found through their job.
 */
export async function listDeliveries(
  { db }: Pick<Deps, 'db'>,
  who: TenantIdentity,
  input: ListDeliveriesInput,
): Promise<{ deliveries: DeliveryRecord[]; next_cursor: string | null }> {
  const conds: (SQL | undefined)[] = [
    or(
      eq(callbackDeliveries.tenantId, who.tenantId),
      and(isNull(callbackDeliveries.tenantId), eq(jobs.tenantId, who.tenantId)),
    ),
  ];
  if (input.state) conds.push(eq(callbackDeliveries.ok, input.state));
  if (input.job_id) conds.push(eq(callbackDeliveries.jobId, input.job_id));
  if (input.from) conds.push(gte(callbackDeliveries.at, shanghaiDayStart(input.from)));
  if (input.to) conds.push(lt(callbackDeliveries.at, shanghaiDayStart(addDays(input.to, 1))));
  if (input.cursor) conds.push(lt(callbackDeliveries.id, decodeCursor(input.cursor)));
  const rows = await db
    .select({
      d: callbackDeliveries,
      kind: jobs.kind,
      status: jobs.status,
      callbackUrl: jobs.callbackUrl,
    })
    .from(callbackDeliveries)
    .leftJoin(jobs, eq(jobs.id, callbackDeliveries.jobId))
    .where(and(...conds))
    .orderBy(desc(callbackDeliveries.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    deliveries: page.map(({ d, kind, status, callbackUrl }) => ({
      id: d.id,
      event_id: d.eventId,
      job_id: d.jobId,
      job_kind: kind,
      test: d.jobId === null && !d.eventId?.startsWith('msg_alert_'),
      url: d.url,
      attempt: d.attempt,
      status_code: d.statusCode,
      state: d.ok,
      error: d.error,
      duration_ms: d.durationMs,
      at: d.at.toISOString(),
      redeliverable: d.jobId !== null && status !== null && status !== 'pending' && !!callbackUrl,
    })),
    next_cursor: rows.length > input.limit && last ? encodeCursor(last.d.id) : null,
  };
}
