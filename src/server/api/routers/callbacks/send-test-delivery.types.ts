import { z } from 'zod';
import { deliveryStates, testDeliveryInput, WEBHOOK_TEST_EVENT } from '@/contracts/callbacks';
import { route } from '@/server/api/meta';

export const sendTestDeliveryInput = testDeliveryInput;

export const sendTestDeliveryOutput = z.object({
  ok: z.literal(true),
  id: z.number().int().meta({ description: 'The attempt’s id in the history' }),
  event_id: z.string().meta({ description: 'The `webhook-id` sent (msg_test_…)' }),
  type: z.literal(WEBHOOK_TEST_EVENT).meta({ description: 'The event type in the body: always webhook.test' }),
  url: z.string().meta({ description: 'Where it was sent' }),
  state: z.enum(deliveryStates).meta({ description: 'delivered (2xx), failed or refused' }),
  status_code: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'The HTTP status the receiver answered; null when there was no answer' }),
  error: z.string().nullable().meta({ description: 'Why it was not delivered' }),
  duration_ms: z.number().int().meta({ description: 'How long it took, in milliseconds' }),
  at: z.string().meta({ description: 'When it was made (ISO 8601)' }),
});

export const sendTestDeliveryMeta = route('POST /webhook-deliveries/test', 'Images', 'Send a signed test event', {
  limit: 'webhook_delivery',
  description:
    'Body `{"url": "https://…"}` (optional: without it, the callback_url of your latest job that had one). ' +
    `POSTs \`{"type": "${WEBHOOK_TEST_EVENT}", "event_id", "sent_at", "message"}\` signed as every callback ` +
    'is (webhook-id, webhook-timestamp, webhook-signature with your secret) and answers what the receiver did. ' +
    'Sent once, at once (no retry), and recorded in GET /api/webhook-deliveries without a job. A private or ' +
    'loopback address is refused with 400, as a job’s callback_url is. Tenant key only.',
});
