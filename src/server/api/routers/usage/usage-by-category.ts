import { usageByCategory } from '@/server/domain/usage/usage';
import { tenantProcedure } from '@/server/api/trpc';
import { usageByCategoryInput, usageByCategoryMeta, usageByCategoryOutput } from './usage-by-category.types';

/** `GET /api/tenant-usage/categories` and the Usage page's report, every category apart (articles not folded into chat). */
export const usageByCategoryProcedure = tenantProcedure
  .meta(usageByCategoryMeta)
  .input(usageByCategoryInput)
  .output(usageByCategoryOutput)
  .query(({ ctx, input }) => usageByCategory(ctx, ctx.identity, input));
