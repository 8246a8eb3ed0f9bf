import { redeliverCallback } from '@/server/domain/callbacks/redeliver';
import { tenantProcedure } from '@/server/api/trpc';
import { redeliverCallbackInput, redeliverCallbackMeta, redeliverCallbackOutput } from './redeliver-callback.types';

export const redeliverCallbackProcedure = tenantProcedure
  .meta(redeliverCallbackMeta)
  .input(redeliverCallbackInput)
  .output(redeliverCallbackOutput)
  .mutation(async ({ ctx, input }) => ({ ok: true as const, ...(await redeliverCallback(ctx, ctx.identity, input)) }));
