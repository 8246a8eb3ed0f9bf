import { router } from '@/server/api/trpc';
import { getWebhookSecretProcedure } from './get-webhook-secret';
import { rotateWebhookSecretProcedure } from './rotate-webhook-secret';

export const callbacksRouter = router({ secret: getWebhookSecretProcedure, rotate: rotateWebhookSecretProcedure });
