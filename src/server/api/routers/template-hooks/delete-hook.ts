import { hookDeleteSchema } from '@/contracts/template-hooks';
import { deleteHook } from '@/server/domain/templates/hooks';
import { tenantProcedure } from '@/server/api/trpc';
import { deleteHookMeta, deleteHookOutput } from './delete-hook.types';

export const deleteHookProcedure = tenantProcedure
  .meta(deleteHookMeta)
  .input(hookDeleteSchema)
  .output(deleteHookOutput)
  .mutation(async ({ ctx, input }) => ({ ok: true as const, ...(await deleteHook(ctx, ctx.identity, input)) }));
