import { hookBindSchema } from '@/contracts/template-hooks';
import { bindHook } from '@/server/domain/templates/hooks';
import { tenantProcedure } from '@/server/api/trpc';
import { bindHookMeta, bindHookOutput } from './bind-hook.types';

export const bindHookProcedure = tenantProcedure
  .meta(bindHookMeta)
  .input(hookBindSchema)
  .output(bindHookOutput)
  .mutation(async ({ ctx, input }) => ({ ok: true as const, ...(await bindHook(ctx, ctx.identity, input)) }));
