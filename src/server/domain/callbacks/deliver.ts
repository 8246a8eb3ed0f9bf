import type { JobFailureReason } from '@/contracts/jobs';
import { failureReason } from '@/server/domain/jobs/read';
import { eq } from 'drizzle-orm';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { jobs, type Job } from '@/server/db/schema';
import type { Task, TaskPayload } from '@/server/queue/queue';
import { recordDelivery, sendSigned } from './send';

/** Thrown by a handler to be run again after `delayMs`. */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
  }
}

export interface CallbackPayload {
  job_id: string;
  status: 'done' | 'failed';
  cdn_url: string | null;
  error: string | null;
  /** Why it failed, for programs (docs/api.md → Job failures); null when done. */
  reason: JobFailureReason | null;
  elapsed_ms: number | null;
  cost_usd: number;
}

/**
 * What the tenant finally paid for the job, in USD: its price less the share of its credits that was
 * refunded, so a job refunded in full (failed, cancelled) reports 0 and a receiver that sums
 * `cost_usd` counts only what was spent.
 */
export function paidCostUsd(job: { costUsd: number | null; credits: number; creditsRefunded: number }): number {
  const price = job.costUsd ?? 0;
  const kept = job.credits > 0 ? Math.max(0, job.credits - job.creditsRefunded) / job.credits : 1;
  return Math.round(price * kept * 1e6) / 1e6;
}

/** The `webhook-id` of a job's outcome: the same on every attempt and redelivery, so receivers can de-duplicate. */
export const jobEventId = (job: { id: string; status: string }) => `msg_${job.id}_${job.status}`;

/** The body a job's callback carries. */
export function jobCallbackBody(job: Job): string {
  const payload: CallbackPayload = {
    job_id: job.id,
    status: job.status === 'failed' ? 'failed' : 'done',
    cdn_url: job.cdnUrl,
    error: job.error,
    reason: failureReason(job),
    elapsed_ms: job.elapsedMs,
    cost_usd: paidCostUsd(job),
  };
  return JSON.stringify(payload);
}

/**
 * Delivers one job's callback: POSTs the signed payload, records the attempt, and asks to be run
 * again with exponential back-off until the receiver answers 2xx or the attempts run out. A
 * redelivery's task says how many attempts came before it (`after`), so it is recorded as the next.
 */
export async function deliverCallback(
  ctx: { db: Db; config: Config },
  task: Task<TaskPayload<'callback.deliver'>>,
): Promise<void> {
  const { jobId, after = 0 } = task.payload;
  const [job] = await ctx.db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!job || !job.callbackUrl || job.status === 'pending') return;
  const event = {
    tenantId: job.tenantId,
    url: job.callbackUrl,
    eventId: jobEventId(job),
    body: jobCallbackBody(job),
    requestId: job.requestId,
  };
  const outcome = await sendSigned(ctx, event);
  await recordDelivery(ctx.db, { ...event, jobId, attempt: after + task.attempt }, outcome);
  if (outcome.state !== 'failed' || task.attempt >= task.maxAttempts) return;
  throw new RetryLater(
    outcome.error ?? 'not delivered',
    Math.min(3600_000, ctx.config.callbackBackoffMs * 2 ** (task.attempt - 1)),
  );
}
