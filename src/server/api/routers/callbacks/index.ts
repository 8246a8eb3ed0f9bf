import { z } from 'zod';
import { getWebhookSecret, rotateWebhookSecret } from '../../../domain/callbacks/secret';
import { router, tenantProcedure } from '../../trpc';

const secretOut = z.object({
  ok: z.literal(true),
  secret: z.string().meta({ description: 'Standard Webhooks secret (whsec_...) that signs every callback of this tenant' }),
  scheme: z.literal('standard-webhooks'),
});

export const callbacksRouter = router({
  secret: tenantProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/webhook-secret',
        tags: ['Images'],
        summary: 'The secret that signs your callbacks',
        description:
          'Callbacks carry `webhook-id`, `webhook-timestamp` and `webhook-signature` headers (Standard Webhooks). Verify them with this secret and any Standard Webhooks library.',
        protect: true,
      },
    })
    .input(z.object({}))
    .output(secretOut)
    .query(async ({ ctx }) => ({
      ok: true as const,
      secret: await getWebhookSecret(ctx.db, ctx.config.secret, ctx.identity.tenantId),
      scheme: 'standard-webhooks' as const,
    })),
  rotate: tenantProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/webhook-secret',
        tags: ['Images'],
        summary: 'Replace the callback signing secret',
        description: 'Body `{}`. Callbacks signed from now on use the new secret.',
        protect: true,
      },
    })
    .input(z.object({}))
    .output(secretOut)
    .mutation(async ({ ctx }) => ({
      ok: true as const,
      secret: await rotateWebhookSecret(ctx.db, ctx.config.secret, ctx.identity.tenantId),
      scheme: 'standard-webhooks' as const,
    })),
});
