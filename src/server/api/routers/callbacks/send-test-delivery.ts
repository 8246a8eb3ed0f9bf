import { sendTestDelivery } from '@/server/domain/callbacks/test-delivery';
import { tenantProcedure } from '@/server/api/trpc';
import { sendTestDeliveryInput, sendTestDeliveryMeta, sendTestDeliveryOutput } from './send-test-delivery.types';

export const sendTestDeliveryProcedure = tenantProcedure
  .meta(sendTestDeliveryMeta)
  .input(sendTestDeliveryInput)
  .output(sendTestDeliveryOutput)
  .mutation(async ({ ctx, input }) => ({ ok: true as const, ...(await sendTestDelivery(ctx, ctx.identity, input)) }));
