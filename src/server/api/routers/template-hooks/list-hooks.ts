import { listHooks } from '@/server/domain/templates/hooks';
import { scopedProcedure } from '@/server/api/trpc';
import { listHooksInput, listHooksMeta, listHooksOutput } from './list-hooks.types';

export const listHooksProcedure = scopedProcedure
  .meta(listHooksMeta)
  .input(listHooksInput)
  .output(listHooksOutput)
  .query(async ({ ctx, input }) => ({ ok: true as const, ...(await listHooks(ctx, ctx.identity, input)) }));
