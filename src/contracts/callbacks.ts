import { z } from 'zod';
import { httpUrl } from './common';

/** What became of one delivery attempt: the receiver answered 2xx, did not, or the address was refused. */
export const deliveryStates = ['delivered', 'failed', 'refused'] as const;
export type DeliveryState = (typeof deliveryStates)[number];

/** The `type` of a test delivery's body. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The most deliveries one page of the history holds. */
export const MAX_DELIVERY_PAGE = 100;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day as YYYY-MM-DD (read as an Asia/Shanghai day). */
const shanghaiDayInput = z
  .string()
  .regex(DAY, 'must be a date YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'must be a real calendar date');

/** The history's filters: every field optional, combined with AND. */
export const listDeliveriesInput = z
  .object({
    state: z
      .enum(deliveryStates, 'must be delivered, failed or refused')
      .meta({ description: 'Only attempts in this state' })
      .optional(),
    job_id: z.uuid('must be a job id (uuid)').meta({ description: 'Only the attempts of this job' }).optional(),
    from: shanghaiDayInput
      .meta({ description: 'First day (YYYY-MM-DD, Asia/Shanghai) of the attempts listed' })
      .optional(),
    to: shanghaiDayInput.meta({ description: 'Last day (YYYY-MM-DD, Asia/Shanghai), included' }).optional(),
    limit: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(MAX_DELIVERY_PAGE, `must be at most ${MAX_DELIVERY_PAGE}`)
      .default(20)
      .meta({ description: `Attempts per page, 1-${MAX_DELIVERY_PAGE} (default 20)` }),
    cursor: z.string().max(200).meta({ description: 'next_cursor of the previous page' }).optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { path: ['to'], message: 'must not be before from' });
export type ListDeliveriesInput = z.infer<typeof listDeliveriesInput>;

export const testDeliveryInput = z.strictObject({
  url: httpUrl
    .meta({
      description:
        'Where to send the test event; without it, the callback_url of your latest job that had one (400 when none did)',
    })
    .optional(),
});
export type TestDeliveryInput = z.infer<typeof testDeliveryInput>;

export const redeliverInput = z.strictObject({
  job_id: z.uuid('must be a job id (uuid)').meta({ description: 'The finished job whose callback to send again' }),
});
export type RedeliverInput = z.infer<typeof redeliverInput>;
