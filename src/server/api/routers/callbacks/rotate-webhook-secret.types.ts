import { z } from 'zod';
import { route } from '@/server/api/meta';

export const rotateWebhookSecretInput = z.strictObject({});

export const rotateWebhookSecretMeta = route('POST /webhook-secret', 'Images', 'Replace the callback signing secret', {
  limit: 'webhook_secret',
  description: 'Body `{}`. Callbacks signed from now on use the new secret.',
});
