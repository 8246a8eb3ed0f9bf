import { z } from 'zod';
import { httpUrl, MAX_BALANCE } from './common';

export const alertRuleKinds = ['balance_low', 'spend_threshold', 'cap_reached'] as const;
export const alertPeriods = ['day', 'week', 'month'] as const;
export const alertEventTypes = ['balance.low', 'spend.threshold', 'cap.reached'] as const;
export type AlertEventType = (typeof alertEventTypes)[number];

/** The most thresholds one tenant keeps. */
export const MAX_ALERT_RULES = 50;

/**
 * The balance under which the operator's Tenants page marks a tenant "near zero" when the tenant set
 * no balance threshold of its own (its own pool threshold is used when it did).
 */
export const OPERATOR_LOW_BALANCE = 100;

export const alertRuleInput = z
  .strictObject({
    kind: z.enum(alertRuleKinds, 'must be balance_low, spend_threshold or cap_reached').meta({
      description:
        'balance_low: the balance fell below `threshold`; spend_threshold: the credits spent in `period` passed ' +
        '`threshold`; cap_reached: a member’s dedicated credits ran out',
    }),
    threshold: z
      .number({ error: 'must be a whole number of credits' })
      .int('must be a whole number of credits')
      .min(0, 'must be at least 0')
      .max(MAX_BALANCE, `must be at most ${MAX_BALANCE}`)
      .default(0)
      .meta({ description: 'Credits (ignored for cap_reached)' }),
    period: z
      .enum(alertPeriods, 'must be day, week or month')
      .nullable()
      .optional()
      .meta({ description: 'spend_threshold only: day, week or month (Asia/Shanghai; weeks start on Monday)' }),
    account_id: z
      .uuid('must be a member id (uuid)')
      .nullable()
      .optional()
      .meta({ description: 'A member of yours; absent or null: the whole tenant (its pool, its spend, every member)' }),
  })
  .superRefine((r, ctx) => {
    if (r.kind === 'spend_threshold' && !r.period)
      ctx.addIssue({
        code: 'custom',
        path: ['period'],
        message: 'a spend threshold needs a period: day, week or month',
      });
    if (r.kind !== 'spend_threshold' && r.period)
      ctx.addIssue({ code: 'custom', path: ['period'], message: 'only a spend threshold has a period' });
  });
export type AlertRuleInput = z.infer<typeof alertRuleInput>;

export const saveAlertSettingsInput = z.strictObject({
  webhook_url: httpUrl
    .nullable()
    .meta({ description: 'Where alert events are POSTed (signed like job callbacks); null: mail only' }),
  rules: z
    .array(alertRuleInput)
    .max(MAX_ALERT_RULES, `must hold at most ${MAX_ALERT_RULES} thresholds`)
    .meta({ description: 'Every threshold, replacing the ones set before' }),
});
export type SaveAlertSettingsInput = z.infer<typeof saveAlertSettingsInput>;

export const alertRuleView = z.object({
  id: z.uuid().meta({ description: 'The threshold’s id' }),
  kind: z.enum(alertRuleKinds).meta({ description: 'balance_low, spend_threshold or cap_reached' }),
  threshold: z.number().int().meta({ description: 'In credits (0 for cap_reached)' }),
  period: z
    .enum(alertPeriods)
    .nullable()
    .meta({ description: 'spend_threshold: day, week or month (Asia/Shanghai); null for the others' }),
  account_id: z.uuid().nullable().meta({ description: 'The member watched; null: the tenant' }),
});

export const alertSettingsView = z.object({
  ok: z.literal(true),
  webhook_url: z.string().nullable().meta({ description: 'Where alert events are POSTed; null: mail only' }),
  rules: z.array(alertRuleView).meta({ description: 'Every threshold set' }),
});
export type AlertSettingsView = z.infer<typeof alertSettingsView>;

export const listAlertsInput = z
  .strictObject({
    limit: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(100, 'must be at most 100')
      .default(50)
      .meta({ description: 'Alerts to list, newest first (1-100, default 50)' }),
  })
  .default({ limit: 50 });

export const alertView = z.object({
  id: z.number().int().meta({ description: 'The alert’s id' }),
  type: z.enum(alertEventTypes).meta({ description: 'balance.low, spend.threshold or cap.reached' }),
  rule: z.string().meta({ description: 'balance_low, spend_threshold, member_credits or the name of another cap' }),
  account_id: z.string().nullable().meta({ description: 'The member it concerns; null: the tenant' }),
  key_id: z.string().nullable().meta({ description: 'The key whose spend cap was reached; null for other alerts' }),
  threshold: z.number().int().nullable().meta({ description: 'The threshold or cap crossed, in credits' }),
  value: z.number().int().nullable().meta({ description: 'The balance, the spend or the use when it fired' }),
  period: z.string().nullable().meta({ description: 'day, week, month or period for a periodic rule; null otherwise' }),
  period_start: z.string().nullable().meta({ description: 'The period’s first day (YYYY-MM-DD, Asia/Shanghai)' }),
  event_id: z.string().meta({ description: 'The `webhook-id` of its event' }),
  mails: z.number().int().meta({ description: 'How many e-mails were written for it' }),
  webhook_state: z.enum(['pending', 'delivered', 'failed', 'refused']).nullable().meta({
    description: 'Its webhook: pending (being delivered), delivered, failed, refused; null: no webhook address',
  }),
  fired_at: z.string().meta({ description: 'When it fired (ISO 8601)' }),
});
export type AlertView = z.infer<typeof alertView>;

export const alertListView = z.object({
  ok: z.literal(true),
  alerts: z.array(alertView).meta({ description: 'The alerts, newest first' }),
});
export type AlertListView = z.infer<typeof alertListView>;
