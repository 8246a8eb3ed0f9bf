import { hookUpdateSchema } from '@/contracts/template-hooks';
import { updateHook } from '@/server/domain/templates/hooks';
import { tenantProcedure } from '@/server/api/trpc';
import { updateHookMeta, updateHookOutput } from './update-hook.types';

export const updateHookProcedure = tenantProcedure
  .meta(updateHookMeta)
  .input(hookUpdateSchema)
  .output(updateHookOutput)
  .mutation(async ({ ctx, input }) => ({ ok: true as const, ...(await updateHook(ctx, ctx.identity, input)) }));
