import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { getConfig, type Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { accounts, alertEvents, alertMarks, alertSettings, tenants, type AlertEventType } from '@/server/db/schema';
import { logStoredMail, storeMail } from '@/server/mail/outbox';
import { enqueue, QUEUES } from '@/server/queue/queue';
import { alertMail, alertRecipients } from './mail';

/** Whose state a mark is: the tenant, one member, or one key. */
export function subjectOf(who: { accountId?: string | null; keyId?: string | null }): string {
  if (who.keyId) return `key:${who.keyId}`;
  if (who.accountId) return `account:${who.accountId}`;
  return 'tenant';
}

/** How many attempts an alert's webhook gets, as a job's callback does. */
export const ALERT_WEBHOOK_ATTEMPTS = 12;

export interface Crossing {
  tenantId: string;
  accountId?: string | null;
  keyId?: string | null;
  type: AlertEventType;
  /** What is watched, with its threshold: the mark's `rule` (`balance_low:100`). */
  mark: string;
  /** The crossing's name: `fired` once per crossing, or the period's first day for a periodic rule. */
  crossing: string;
  /** The rule's name in the alert (`balance_low`, `spend_threshold`, `member_credits`, a cap's name). */
  rule: string;
  threshold: number | null;
  value: number | null;
  /** `day`, `week` or `month` for a periodic rule. */
  period?: string | null;
  /** The first day of that period (Asia/Shanghai). */
  since?: string | null;
}

export interface FiredAlert {
  id: number;
  eventId: string;
}

/**
 * Fires an alert once per crossing: one conditional upsert turns the (tenant, subject, rule) mark from
 * armed (or another crossing) to this crossing, and only the statement that changed it goes on, in
 * the same transaction, to write the alert, its mails (the outbox) and its webhook task. Any number of
 * concurrent callers for the same crossing therefore make exactly one alert; null when this one did not.
 */
export async function fireOnce(
  db: Db,
  config: Pick<Config, 'mail' | 'secret'>,
  c: Crossing,
): Promise<FiredAlert | null> {
  const subject = subjectOf(c);
  const mails: { id: string; status: 'stored' | 'queued' | 'sent' | 'failed' }[] = [];
  const fired = await db.transaction(async (tx) => {
    const [flip] = await tx
      .insert(alertMarks)
      .values({ tenantId: c.tenantId, subject, rule: c.mark, firedIn: c.crossing })
      .onConflictDoUpdate({
        target: [alertMarks.tenantId, alertMarks.subject, alertMarks.rule],
        set: { firedIn: c.crossing, updatedAt: new Date() },
        setWhere: sql`${alertMarks.firedIn} is distinct from ${c.crossing}`,
      })
      .returning({ subject: alertMarks.subject });
    if (!flip) return null;
    const [tenant] = await tx
      .select({ name: tenants.name, webhookUrl: alertSettings.webhookUrl })
      .from(tenants)
      .leftJoin(alertSettings, eq(alertSettings.tenantId, tenants.id))
      .where(eq(tenants.id, c.tenantId));
    if (!tenant) return null;
    const member = c.accountId
      ? ((
          await tx
            .select({ nickname: accounts.nickname, email: accounts.email })
            .from(accounts)
            .where(and(eq(accounts.id, c.accountId), eq(accounts.tenantId, c.tenantId)))
        )[0] ?? null)
      : null;
    const firedAt = new Date();
    const recipients = await alertRecipients(tx, c.tenantId, c.accountId ?? null);
    for (const r of recipients) {
      const content = alertMail(r.locale, {
        type: c.type,
        tenantName: tenant.name,
        member: member ? `${member.nickname} <${member.email}>` : c.keyId ? `key ${c.keyId}` : null,
        rule: c.rule,
        threshold: c.threshold,
        value: c.value,
        period: c.period ?? null,
        since: c.since ?? null,
        firedAt,
      });
      mails.push(await storeMail(tx, config, { to: r.to, locale: r.locale, kind: 'alert', ...content }));
    }
    const eventId = `msg_alert_${randomUUID()}`;
    const [row] = await tx
      .insert(alertEvents)
      .values({
        tenantId: c.tenantId,
        accountId: c.accountId ?? null,
        keyId: c.keyId ?? null,
        type: c.type,
        rule: c.rule,
        threshold: c.threshold,
        value: c.value,
        period: c.period ?? null,
        periodStart: c.since ?? null,
        eventId,
        mails: recipients.length,
        webhookUrl: tenant.webhookUrl ?? null,
        webhookState: tenant.webhookUrl ? 'pending' : null,
        firedAt,
      })
      .returning({ id: alertEvents.id });
    if (!row) throw new Error('the alert was not recorded');
    if (tenant.webhookUrl)
      await enqueue(tx, QUEUES.alert, { alertId: row.id }, { maxAttempts: ALERT_WEBHOOK_ATTEMPTS });
    return { id: row.id, eventId };
  });
  if (fired) for (const m of mails) logStoredMail(m, 'alert');
  return fired;
}

/** Re-arms a mark (the balance is back above its threshold, the cap was raised): the next crossing fires again. */
export async function rearm(
  db: Db,
  who: { tenantId: string; accountId?: string | null; keyId?: string | null },
  mark: string,
): Promise<boolean> {
  const rows = await db
    .update(alertMarks)
    .set({ firedIn: null, updatedAt: new Date() })
    .where(
      and(
        eq(alertMarks.tenantId, who.tenantId),
        eq(alertMarks.subject, subjectOf(who)),
        eq(alertMarks.rule, mark),
        isNotNull(alertMarks.firedIn),
      ),
    )
    .returning({ rule: alertMarks.rule });
  return rows.length > 0;
}

export interface CapReached {
  tenantId: string;
  accountId?: string | null;
  keyId?: string | null;
  /** The cap's name, e.g. `key_daily_credits`; the alert's `rule`. */
  rule: string;
  /** The cap's period's first day (YYYY-MM-DD, Asia/Shanghai) when it renews each period; omit for a one-off cap. */
  period?: string | null;
  /** The cap and what was used, in credits, when known. */
  limit?: number | null;
  value?: number | null;
}

/**
 * Notes that a cap was reached, for any cap (a member's credits, a key's spend in a day): sends one
 * `cap.reached` alert per crossing, however often and concurrently it is called. A periodic cap fires
 * again in its next period; a one-off cap once until `capCleared` re-arms it. Returns the alert when
 * this call fired it.
 */
export function noteCapReached(
  db: Db,
  cap: CapReached,
  config: Pick<Config, 'mail' | 'secret'> = getConfig(),
): Promise<FiredAlert | null> {
  return fireOnce(db, config, {
    tenantId: cap.tenantId,
    accountId: cap.accountId ?? null,
    keyId: cap.keyId ?? null,
    type: 'cap.reached',
    mark: `cap:${cap.rule}`,
    crossing: cap.period ?? 'fired',
    rule: cap.rule,
    threshold: cap.limit ?? null,
    value: cap.value ?? null,
    period: cap.period ? 'period' : null,
    since: cap.period ?? null,
  });
}

/** Re-arms a one-off cap once it no longer holds (raised, topped up). */
export const capCleared = (db: Db, cap: Pick<CapReached, 'tenantId' | 'accountId' | 'keyId' | 'rule'>) =>
  rearm(db, cap, `cap:${cap.rule}`);
