import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { serialKey, stamp, uuidKey } from './columns';
import { tenantRef } from './tenants';

/** balance_low: a wallet below N; spend_threshold: spend in a period above N; cap_reached: a member's credits ran out. */
export const alertRuleKinds = ['balance_low', 'spend_threshold', 'cap_reached'] as const;
export type AlertRuleKind = (typeof alertRuleKinds)[number];

/** The periods a spend threshold counts in, cut in Asia/Shanghai (a week starts on Monday). */
export const alertPeriods = ['day', 'week', 'month'] as const;
export type AlertPeriod = (typeof alertPeriods)[number];

/** The webhook event types an alert is sent as. */
export const alertEventTypes = ['balance.low', 'spend.threshold', 'cap.reached'] as const;
export type AlertEventType = (typeof alertEventTypes)[number];

/**
 * The thresholds a tenant admin sets. `accountId` null: the tenant (its pool, its whole spend, any
 * member's cap); otherwise that one member. One rule per (tenant, member, kind, period).
 */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: uuidKey(),
    tenantId: tenantRef(),
    accountId: uuid().references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text({ enum: alertRuleKinds }).notNull(),
    threshold: integer().notNull().default(0),
    /** The spend threshold's period; null for the other kinds. */
    period: text({ enum: alertPeriods }),
    createdAt: stamp(),
  },
  (t) => [
    uniqueIndex('alert_rules_subject_uq').on(
      t.tenantId,
      sql`coalesce(${t.accountId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.kind,
      sql`coalesce(${t.period}, '')`,
    ),
    index('alert_rules_account_idx').on(t.accountId),
    check('alert_rules_threshold_non_negative', sql`${t.threshold} >= 0`),
  ],
);

export type AlertRule = typeof alertRules.$inferSelect;

/**
 * Whether an alert is armed, per (tenant, subject, rule): `firedIn` null is armed; otherwise the
 * crossing it fired for (`fired` for a balance, the period's first day for a spend or a periodic cap).
 * Firing is one conditional upsert (`… where fired_in is distinct from …  returning`), so of any number
 * of concurrent checks exactly one fires; a balance back above the threshold re-arms it (null again).
 */
export const alertMarks = pgTable(
  'alert_marks',
  {
    tenantId: tenantRef(),
    /** `tenant`, `account:<id>` or `key:<id>`. */
    subject: text().notNull(),
    /** What is watched, with its threshold: `balance_low:100`, `spend_threshold:day:500`, `cap:member_credits`. */
    rule: text().notNull(),
    firedIn: text(),
    updatedAt: stamp(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.subject, t.rule] })],
);

/** Every alert fired: what crossed, its value, and how it was sent (mail and webhook). */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: serialKey(),
    tenantId: tenantRef(),
    accountId: uuid().references(() => accounts.id, { onDelete: 'set null' }),
    /** The key of a per-key cap; kept as text, the key may be deleted later. */
    keyId: text(),
    type: text({ enum: alertEventTypes }).notNull(),
    /** The rule that fired (`balance_low`, `spend_threshold`, `member_credits`, or a caller's cap name). */
    rule: text().notNull(),
    threshold: integer(),
    value: integer(),
    period: text(),
    /** The period's first day (YYYY-MM-DD, Asia/Shanghai), for a periodic rule. */
    periodStart: text(),
    /** The `webhook-id` of its webhook event. */
    eventId: text().notNull(),
    /** How many mails were written to the outbox for it. */
    mails: integer().notNull().default(0),
    /** The webhook address it was sent to; null when the tenant has none. */
    webhookUrl: text(),
    /** pending (queued), delivered, failed (after the last attempt) or refused; null without an address. */
    webhookState: text({ enum: ['pending', 'delivered', 'failed', 'refused'] }),
    firedAt: stamp(),
  },
  (t) => [
    index('alert_events_tenant_idx').on(t.tenantId, t.firedAt),
    uniqueIndex('alert_events_event_uq').on(t.eventId),
  ],
);

export type AlertEvent = typeof alertEvents.$inferSelect;

/** A tenant's alert settings: where its alert webhooks go. */
export const alertSettings = pgTable('alert_settings', {
  tenantId: tenantRef().primaryKey(),
  webhookUrl: text(),
  updatedAt: stamp(),
});
