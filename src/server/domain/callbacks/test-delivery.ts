import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { WEBHOOK_TEST_EVENT, type DeliveryState, type TestDeliveryInput } from '@/contracts/callbacks';
import { jobs } from '@/server/db/schema';
import type { TenantIdentity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';
import { fieldError } from '@/server/errors';
import { currentRequestId } from '@/server/request-id';
import { checkCallbackUrl, ownHosts } from './address';
import { recordDelivery, sendSigned } from './send';

/** What the tenant reads back from a test delivery. */
export interface TestDeliveryAnswer {
  id: number;
  event_id: string;
  type: typeof WEBHOOK_TEST_EVENT;
  url: string;
  state: DeliveryState;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  at: string;
}

/** The callback_url of the tenant's latest job that had one. */
async function lastCallbackUrl(db: Deps['db'], tenantId: string): Promise<string | null> {
  const [row] = await db
    .select({ url: jobs.callbackUrl })
    .from(jobs)
    .where(and(eq(jobs.tenantId, tenantId), isNotNull(jobs.callbackUrl)))
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  return row?.url ?? null;
}

/**
 * Sends a signed sample event (`type: webhook.test`) to `url`, or to the tenant's last callback_url,
 * now, while the caller waits: the same signing and address rules as a job's callback (a private or
 * loopback address is refused with 400, as a job's callback_url is). The attempt is recorded in the
 * history without a job, and its outcome answered; a receiver that fails is not retried.
 */
export async function sendTestDelivery(
  ctx: Pick<Deps, 'db' | 'config'>,
  who: TenantIdentity,
  input: TestDeliveryInput,
): Promise<TestDeliveryAnswer> {
  const url = input.url ?? (await lastCallbackUrl(ctx.db, who.tenantId));
  if (!url) throw fieldError(['url'], 'give the URL to test: none of your jobs has had a callback_url yet');
  const verdict = await checkCallbackUrl(url, {
    allowPrivate: ctx.config.allowPrivateCallbacks,
    ownHosts: ownHosts(ctx.config),
  });
  if (!verdict.ok) throw fieldError(['url'], `${verdict.reason}: callbacks go only to public http(s) addresses`);

  const eventId = `msg_test_${randomUUID()}`;
  const sentAt = new Date().toISOString();
  const body = JSON.stringify({
    type: WEBHOOK_TEST_EVENT,
    event_id: eventId,
    sent_at: sentAt,
    message: 'A test delivery from Studio: your receiver checked its signature if it answered 2xx.',
  });
  const event = { tenantId: who.tenantId, url, eventId, body, requestId: currentRequestId() ?? null };
  const outcome = await sendSigned(ctx, event);
  const row = await recordDelivery(ctx.db, { ...event, jobId: null, attempt: 1 }, outcome);
  return {
    id: row.id,
    event_id: eventId,
    type: WEBHOOK_TEST_EVENT,
    url,
    state: outcome.state,
    status_code: outcome.statusCode,
    error: outcome.error,
    duration_ms: outcome.durationMs,
    at: row.at.toISOString(),
  };
}
