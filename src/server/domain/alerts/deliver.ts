import { eq } from 'drizzle-orm';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { alertEvents, type AlertEvent } from '@/server/db/schema';
import { RetryLater } from '@/server/domain/callbacks/deliver';
import { recordDelivery, sendSigned } from '@/server/domain/callbacks/send';
import type { Task, TaskPayload } from '@/server/queue/queue';

/** The body of an alert's webhook event (docs/api.md → Alerts). */
export interface AlertEventBody {
  type: AlertEvent['type'];
  timestamp: string;
  data: {
    alert_id: number;
    tenant_id: string;
    account_id: string | null;
    key_id: string | null;
    rule: string;
    threshold: number | null;
    value: number | null;
    period: string | null;
    period_start: string | null;
    fired_at: string;
  };
}

/** The JSON an alert is sent as: Standard Webhooks' `type`, `timestamp` and `data`. */
export function alertEventBody(alert: AlertEvent): string {
  const body: AlertEventBody = {
    type: alert.type,
    timestamp: alert.firedAt.toISOString(),
    data: {
      alert_id: alert.id,
      tenant_id: alert.tenantId,
      account_id: alert.accountId,
      key_id: alert.keyId,
      rule: alert.rule,
      threshold: alert.threshold,
      value: alert.value,
      period: alert.period,
      period_start: alert.periodStart,
      fired_at: alert.firedAt.toISOString(),
    },
  };
  return JSON.stringify(body);
}

/**
 * The worker's handler of `alert.deliver`: sends an alert's event through the same signer, address
 * rules and delivery history as a job's callback, and retries with the same back-off until the
 * receiver answers 2xx or the attempts run out. The alert keeps the outcome (`webhookState`).
 */
export async function deliverAlert(
  ctx: { db: Db; config: Config },
  task: Task<TaskPayload<'alert.deliver'>>,
): Promise<void> {
  const [alert] = await ctx.db.select().from(alertEvents).where(eq(alertEvents.id, task.payload.alertId));
  if (!alert?.webhookUrl || alert.webhookState === 'delivered') return;
  const event = {
    tenantId: alert.tenantId,
    url: alert.webhookUrl,
    eventId: alert.eventId,
    body: alertEventBody(alert),
  };
  const outcome = await sendSigned(ctx, event);
  await recordDelivery(ctx.db, { ...event, jobId: null, attempt: task.attempt }, outcome);
  const last = task.attempt >= task.maxAttempts;
  const state = outcome.state === 'failed' && !last ? 'pending' : outcome.state;
  await ctx.db.update(alertEvents).set({ webhookState: state }).where(eq(alertEvents.id, alert.id));
  if (outcome.state !== 'failed' || last) return;
  throw new RetryLater(
    outcome.error ?? 'not delivered',
    Math.min(3600_000, ctx.config.callbackBackoffMs * 2 ** (task.attempt - 1)),
  );
}
