import { z } from 'zod';
import { deliveryStates, listDeliveriesInput, MAX_DELIVERY_PAGE } from '@/contracts/callbacks';
import { route } from '@/server/api/meta';

export const listWebhookDeliveriesInput = listDeliveriesInput;

export const deliveryRecord = z.object({
  id: z.number().int().meta({ description: 'The attempt’s id in the history' }),
  event_id: z
    .string()
    .nullable()
    .meta({ description: 'The `webhook-id` sent: the same on every attempt of one event (null on old rows)' }),
  job_id: z.uuid().nullable().meta({ description: 'The job whose outcome was sent; null for a test delivery' }),
  job_kind: z
    .enum(['image', 'video', 'template', 'article'])
    .nullable()
    .meta({ description: 'What the job makes (template: image-to-template); null for a test delivery' }),
  test: z.boolean().meta({ description: 'True for a test delivery (`type: webhook.test`)' }),
  url: z.string().meta({ description: 'Where it was sent' }),
  attempt: z.number().int().meta({ description: 'Which attempt of this job’s callback it was, from 1' }),
  status_code: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'The HTTP status the receiver answered; null when it could not be reached or was refused' }),
  state: z.enum(deliveryStates).meta({
    description: 'delivered (2xx), failed (another status, no answer, a time-out) or refused (a private address)',
  }),
  error: z.string().nullable().meta({ description: 'Why it was not delivered' }),
  duration_ms: z.number().int().meta({ description: 'How long the attempt took, in milliseconds' }),
  at: z.string().meta({ description: 'When it was made (ISO 8601)' }),
  redeliverable: z.boolean().meta({
    description: 'Whether POST /api/webhook-deliveries/redeliver may send this job’s callback again (finished job)',
  }),
});

export const listWebhookDeliveriesOutput = z.object({
  ok: z.literal(true),
  timezone: z.literal('Asia/Shanghai').meta({ description: 'The time zone `from` and `to` are read in' }),
  deliveries: z.array(deliveryRecord).meta({ description: 'A page of attempts, newest first' }),
  next_cursor: z.string().nullable().meta({ description: 'Pass as cursor for the next page; null on the last' }),
});

export const listWebhookDeliveriesMeta = route(
  'GET /webhook-deliveries',
  'Images',
  'Every callback delivery attempt, newest first',
  {
    description:
      'The attempts to deliver your jobs’ callbacks and your test deliveries, newest first. Filters, combined: ' +
      '`state` (delivered, failed, refused), `job_id`, `from` and `to` (YYYY-MM-DD, Asia/Shanghai days, both ' +
      `included). \`limit\` 1-${MAX_DELIVERY_PAGE} (default 20); pass \`next_cursor\` as \`cursor\` for the next ` +
      'page. Tenant key only; member keys get 403.',
  },
);
