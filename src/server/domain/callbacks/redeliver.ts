import { and, eq, max, sql } from 'drizzle-orm';
import type { RedeliverInput } from '@/contracts/callbacks';
import { callbackDeliveries, jobs, tasks } from '@/server/db/schema';
import type { TenantIdentity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';
import { AppError, declared, notFound, notFoundError } from '@/server/errors';
import { enqueue, QUEUES, TASK_CHANNEL } from '@/server/queue/queue';
import { jobEventId } from './deliver';

/** What redelivery can answer besides its 2xx, declared for the API document. */
export const redeliverErrors = [
  notFoundError('job'),
  declared(
    'CONFLICT',
    'Nothing to redeliver: the job has no callback_url, has not finished, or is being delivered now',
  ),
];

export interface RedeliverAnswer {
  job_id: string;
  event_id: string;
  url: string;
  /** The attempt number the delivery will be recorded under. */
  attempt: number;
  /** `queued`: a new delivery was queued; `moved`: a retry that was waiting its back-off now runs at once. */
  action: 'queued' | 'moved';
}

const conflict = (message: string) => new AppError('CONFLICT', message);

/**
 * Sends a finished job's callback again, now: the same event (same `webhook-id` and body), recorded as
 * the job's next attempt, once (a failure is not retried; the caller can redeliver again). When a
 * retry of the job's callback is still waiting out its back-off, that retry is run at once instead
 * of queueing a second delivery. The job row is locked, so two clicks queue one delivery.
 */
export async function redeliverCallback(
  { db }: Pick<Deps, 'db'>,
  who: TenantIdentity,
  input: RedeliverInput,
): Promise<RedeliverAnswer> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select({ id: jobs.id, status: jobs.status, callbackUrl: jobs.callbackUrl })
      .from(jobs)
      .where(and(eq(jobs.id, input.job_id), eq(jobs.tenantId, who.tenantId)))
      .for('update');
    if (!job) throw notFound('Job');
    if (!job.callbackUrl) {
      throw conflict('This job was submitted without a callback_url: there is no callback to redeliver');
    }
    if (job.status === 'pending') {
      throw conflict('This job has not finished yet: its callback is sent when it ends');
    }
    const answer = { job_id: job.id, event_id: jobEventId(job), url: job.callbackUrl };

    const waiting = await tx
      .select({
        id: tasks.id,
        attempts: tasks.attempts,
        after: sql<number | null>`(${tasks.payload}->>'after')::integer`,
        running: sql<boolean>`${tasks.lockedUntil} is not null and ${tasks.lockedUntil} > now()`,
      })
      .from(tasks)
      .where(and(eq(tasks.queue, QUEUES.callback), sql`${tasks.payload}->>'jobId' = ${job.id}`))
      .for('update');
    if (waiting.some((t) => t.running)) {
      throw conflict('A delivery of this job is being made right now: its result appears in the history shortly');
    }
    const retry = waiting[0];
    if (retry) {
      await tx.execute(
        sql`update ${tasks} set run_at = now() where id = ${retry.id} returning pg_notify(${TASK_CHANNEL}, queue)`,
      );
      return { ...answer, attempt: (retry.after ?? 0) + retry.attempts + 1, action: 'moved' as const };
    }

    const [last] = await tx
      .select({ n: max(callbackDeliveries.attempt) })
      .from(callbackDeliveries)
      .where(eq(callbackDeliveries.jobId, job.id));
    const after = last?.n ?? 0;
    await enqueue(tx, QUEUES.callback, { jobId: job.id, after }, { maxAttempts: 1 });
    return { ...answer, attempt: after + 1, action: 'queued' as const };
  });
}
