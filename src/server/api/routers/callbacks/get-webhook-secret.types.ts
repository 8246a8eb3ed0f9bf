import { z } from 'zod';
import { route } from '@/server/api/meta';

export const webhookSecretOutput = z.object({
  ok: z.literal(true),
  secret: z
    .string()
    .meta({ description: 'Standard Webhooks secret (whsec_...) that signs every callback of this tenant' }),
  scheme: z.literal('standard-webhooks').meta({ description: 'The signing scheme: always standard-webhooks' }),
});

export const getWebhookSecretInput = z.object({});

export const getWebhookSecretMeta = route('GET /webhook-secret', 'Images', 'The secret that signs your callbacks', {
  description:
    'Callbacks carry `webhook-id`, `webhook-timestamp` and `webhook-signature` headers (Standard ' +
    'Webhooks). Verify them with this secret and any Standard Webhooks library.',
});
