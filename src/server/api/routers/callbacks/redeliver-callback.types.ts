import { z } from 'zod';
import { redeliverInput } from '@/contracts/callbacks';
import { redeliverErrors } from '@/server/domain/callbacks/redeliver';
import { route } from '@/server/api/meta';

export const redeliverCallbackInput = redeliverInput;

export const redeliverCallbackOutput = z.object({
  ok: z.literal(true),
  job_id: z.uuid().meta({ description: 'The job' }),
  event_id: z
    .string()
    .meta({ description: 'The `webhook-id` sent: the same as the earlier attempts’, to de-duplicate by' }),
  url: z.string().meta({ description: 'Where it is sent: the job’s callback_url' }),
  attempt: z.number().int().meta({ description: 'The attempt number it is recorded under' }),
  action: z.enum(['queued', 'moved']).meta({
    description: 'queued: a new delivery, made once; moved: a retry that was waiting out its back-off runs now',
  }),
});

export const redeliverCallbackMeta = route(
  'POST /webhook-deliveries/redeliver',
  'Images',
  'Send a finished job’s callback again',
  {
    limit: 'webhook_delivery',
    errors: redeliverErrors,
    description:
      'Body `{"job_id": "…"}`. Queues the job’s callback to run now: the same body and the same `webhook-id`, ' +
      'so a receiver that already has it can drop it, recorded as the next attempt in GET ' +
      '/api/webhook-deliveries. Made once; if it fails, redeliver again. A retry still waiting out its ' +
      'back-off is run at once instead. 404 for a job that is not yours; 409 when there is nothing to send ' +
      '(no callback_url, still pending) or a delivery is under way. Tenant key only.',
  },
);
