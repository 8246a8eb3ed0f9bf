import type { JobFailureReason } from '@/contracts/jobs';
import { failureReason } from '@/server/domain/jobs/read';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { callbackDeliveries, jobs } from '@/server/db/schema';
import { recordCallback } from '@/server/metrics/registry';
import type { Task, TaskPayload } from '@/server/queue/queue';
import { safeFetch } from '@/server/net/outbound';
import { ownHosts } from './address';
import { signingSecret } from './secret';

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

/**
 * Delivers one job's callback: POSTs the signed payload, records the attempt, and asks to be run
 * again with exponential back-off until the receiver answers 2xx or the attempts run out.
 */
export async function deliverCallback(
  ctx: { db: Db; config: Config },
  task: Task<TaskPayload<'callback.deliver'>>,
): Promise<void> {
  const { jobId } = task.payload;
  const [job] = await ctx.db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!job || !job.callbackUrl || job.status === 'pending') return;
  const url = job.callbackUrl;
  const started = Date.now();
  const record = (ok: 'delivered' | 'failed' | 'refused', statusCode: number | null, error: string | null) => {
    recordCallback(ok);
    return ctx.db
      .insert(callbackDeliveries)
      .values({ jobId, attempt: task.attempt, url, statusCode, ok, error, durationMs: Date.now() - started });
  };

  const payload: CallbackPayload = {
    job_id: job.id,
    status: job.status,
    cdn_url: job.cdnUrl,
    error: job.error,
    reason: failureReason(job),
    elapsed_ms: job.elapsedMs,
    cost_usd: paidCostUsd(job),
  };
  const body = JSON.stringify(payload);
  // One id per job outcome, the same on every retry, so receivers can de-duplicate.
  const msgId = `msg_${job.id}_${job.status}`;
  const now = new Date();
  const secret = await signingSecret(ctx.db, ctx.config.secret, job.tenantId);
  const signature = new Webhook(secret).sign(msgId, now, body);
  // Vetted again at delivery, after DNS resolution (the name may point elsewhere now), and the
  // connection goes only to the addresses vetted then.
  const res = await safeFetch(url, {
    method: 'POST',
    maxRedirects: 0,
    readBody: false,
    timeoutMs: 10_000,
    allowPrivate: ctx.config.allowPrivateCallbacks,
    ownHosts: ownHosts(ctx.config),
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Studio-Webhooks/1.0',
      'webhook-id': msgId,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signature,
      // The request that submitted the job, so a receiver can match the callback to its own logs.
      ...(job.requestId ? { 'x-request-id': job.requestId } : {}),
    },
    body,
  });
  if (!res.ok && res.error === 'refused') {
    await record('refused', null, `callback_url ${res.reason}`);
    return;
  }
  let status: number | null = null;
  let error: string;
  if (res.ok) {
    status = res.status;
    if (status >= 200 && status < 300) {
      await record('delivered', status, null);
      return;
    }
    error = `the receiver answered HTTP ${status}`;
  } else {
    error = res.error === 'timeout' ? 'the receiver did not answer within 10 s' : 'the receiver could not be reached';
  }
  await record('failed', status, error);
  if (task.attempt >= task.maxAttempts) return;
  throw new RetryLater(error, Math.min(3600_000, ctx.config.callbackBackoffMs * 2 ** (task.attempt - 1)));
}
