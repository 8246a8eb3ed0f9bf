import { listDeliveries } from '@/server/domain/callbacks/history';
import { tenantProcedure } from '@/server/api/trpc';
import {
  listWebhookDeliveriesInput,
  listWebhookDeliveriesMeta,
  listWebhookDeliveriesOutput,
} from './list-webhook-deliveries.types';

export const listWebhookDeliveriesProcedure = tenantProcedure
  .meta(listWebhookDeliveriesMeta)
  .input(listWebhookDeliveriesInput)
  .output(listWebhookDeliveriesOutput)
  .query(async ({ ctx, input }) => ({
    ok: true as const,
    timezone: 'Asia/Shanghai' as const,
    ...(await listDeliveries(ctx, ctx.identity, input)),
  }));
