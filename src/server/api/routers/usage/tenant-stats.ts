import { tenantStats } from '@/server/domain/usage/usage';
import { tenantProcedure } from '@/server/api/trpc';
import { tenantStatsInput, tenantStatsMeta, tenantStatsOutput } from './tenant-stats.types';

export const tenantStatsProcedure = tenantProcedure
  .meta(tenantStatsMeta)
  .input(tenantStatsInput)
  .output(tenantStatsOutput)
  .query(({ ctx, input }) => tenantStats(ctx, ctx.identity, input));
