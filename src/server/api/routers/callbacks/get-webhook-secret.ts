import { getWebhookSecret } from '@/server/domain/callbacks/secret';
import { tenantProcedure } from '@/server/api/trpc';
import { getWebhookSecretInput, getWebhookSecretMeta, webhookSecretOutput } from './get-webhook-secret.types';

export const getWebhookSecretProcedure = tenantProcedure
  .meta(getWebhookSecretMeta)
  .input(getWebhookSecretInput)
  .output(webhookSecretOutput)
  .query(async ({ ctx }) => ({
    ok: true as const,
    ...(await getWebhookSecret(ctx, ctx.identity)),
    scheme: 'standard-webhooks' as const,
  }));
