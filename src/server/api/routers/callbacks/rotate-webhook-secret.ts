import { rotateWebhookSecret } from '@/server/domain/callbacks/secret';
import { tenantProcedure } from '@/server/api/trpc';
import { webhookSecretOutput } from './get-webhook-secret.types';
import { rotateWebhookSecretInput, rotateWebhookSecretMeta } from './rotate-webhook-secret.types';

export const rotateWebhookSecretProcedure = tenantProcedure
  .meta(rotateWebhookSecretMeta)
  .input(rotateWebhookSecretInput)
  .output(webhookSecretOutput)
  .mutation(async ({ ctx }) => ({
    ok: true as const,
    ...(await rotateWebhookSecret(ctx, ctx.identity)),
    scheme: 'standard-webhooks' as const,
  }));
