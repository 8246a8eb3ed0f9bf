import { Webhook } from 'standardwebhooks';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { callbackDeliveries } from '@/server/db/schema';
import { recordCallback } from '@/server/metrics/registry';
import { safeFetch } from '@/server/net/outbound';
import { ownHosts } from './address';
import { signingSecret } from './secret';

export type DeliveryState = 'delivered' | 'failed' | 'refused';

/** What became of one signed POST, as the history records it. */
export interface SendOutcome {
  state: DeliveryState;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** One event to POST: who it is for, where, its `webhook-id` and its JSON body. */
export interface SignedEvent {
  tenantId: string;
  url: string;
  eventId: string;
  body: string;
  /** The request that set the event off, sent as `x-request-id`. */
  requestId?: string | null;
}

/**
 * POSTs one event signed with the tenant's secret (Standard Webhooks: `webhook-id`,
 * `webhook-timestamp`, `webhook-signature`). Job callbacks, redeliveries and test deliveries all go
 * through here, so they are signed and held to the address rules alike.
 */
export async function sendSigned(ctx: { db: Db; config: Config }, event: SignedEvent): Promise<SendOutcome> {
  const started = Date.now();
  const now = new Date();
  const secret = await signingSecret(ctx.db, ctx.config.secret, event.tenantId);
  const signature = new Webhook(secret).sign(event.eventId, now, event.body);
  // Vetted again at delivery, after DNS resolution (the name may point elsewhere now), and the
  // connection goes only to the addresses vetted then.
  const res = await safeFetch(event.url, {
    method: 'POST',
    maxRedirects: 0,
    readBody: false,
    timeoutMs: 10_000,
    allowPrivate: ctx.config.allowPrivateCallbacks,
    ownHosts: ownHosts(ctx.config),
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Studio-Webhooks/1.0',
      'webhook-id': event.eventId,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signature,
      // The request that submitted the job, so a receiver can match the callback to its own logs.
      ...(event.requestId ? { 'x-request-id': event.requestId } : {}),
    },
    body: event.body,
  });
  const durationMs = Date.now() - started;
  if (!res.ok && res.error === 'refused') {
    return { state: 'refused', statusCode: null, error: `callback_url ${res.reason}`, durationMs };
  }
  if (res.ok) {
    if (res.status >= 200 && res.status < 300) {
      return { state: 'delivered', statusCode: res.status, error: null, durationMs };
    }
    return { state: 'failed', statusCode: res.status, error: `the receiver answered HTTP ${res.status}`, durationMs };
  }
  const error =
    res.error === 'timeout' ? 'the receiver did not answer within 10 s' : 'the receiver could not be reached';
  return { state: 'failed', statusCode: null, error, durationMs };
}

/** Writes one attempt into the history (and the metrics). */
export async function recordDelivery(
  db: Db,
  event: Pick<SignedEvent, 'tenantId' | 'url' | 'eventId'> & { jobId: string | null; attempt: number },
  outcome: SendOutcome,
): Promise<{ id: number; at: Date }> {
  recordCallback(outcome.state);
  const [row] = await db
    .insert(callbackDeliveries)
    .values({
      tenantId: event.tenantId,
      jobId: event.jobId,
      eventId: event.eventId,
      attempt: event.attempt,
      url: event.url,
      statusCode: outcome.statusCode,
      ok: outcome.state,
      error: outcome.error,
      durationMs: outcome.durationMs,
    })
    .returning({ id: callbackDeliveries.id, at: callbackDeliveries.at });
  if (!row) throw new Error('delivery not recorded');
  return row;
}
