import { usageByCategory } from '@/server/domain/usage/usage';
import { tenantProcedure } from '@/server/api/trpc';
import { usageByCategoryInput, usageByCategoryOutput } from './usage-by-category.types';

/** Console only (no REST path): the Usage page's report, every category apart (articles not folded into chat). */
export const usageByCategoryProcedure = tenantProcedure
  .input(usageByCategoryInput)
  .output(usageByCategoryOutput)
  .query(({ ctx, input }) => usageByCategory(ctx, ctx.identity, input));
