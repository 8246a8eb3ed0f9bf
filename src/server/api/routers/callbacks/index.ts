import { router } from '@/server/api/trpc';
import { getWebhookSecretProcedure } from './get-webhook-secret';
import { listWebhookDeliveriesProcedure } from './list-webhook-deliveries';
import { redeliverCallbackProcedure } from './redeliver-callback';
import { rotateWebhookSecretProcedure } from './rotate-webhook-secret';
import { sendTestDeliveryProcedure } from './send-test-delivery';

export const callbacksRouter = router({
  secret: getWebhookSecretProcedure,
  rotate: rotateWebhookSecretProcedure,
  deliveries: listWebhookDeliveriesProcedure,
  test: sendTestDeliveryProcedure,
  redeliver: redeliverCallbackProcedure,
});
