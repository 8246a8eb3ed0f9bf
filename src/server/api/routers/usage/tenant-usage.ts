import { tenantUsage } from '@/server/domain/usage/usage';
import { tenantProcedure } from '@/server/api/trpc';
import { tenantUsageInput, tenantUsageMeta, tenantUsageOutput } from './tenant-usage.types';

export const tenantUsageProcedure = tenantProcedure
  .meta(tenantUsageMeta)
  .input(tenantUsageInput)
  .output(tenantUsageOutput)
  .query(({ ctx, input }) => tenantUsage(ctx, ctx.identity, input));
