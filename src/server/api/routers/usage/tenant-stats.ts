import { tenantStats } from '../../../domain/usage/usage';
import { tenantProcedure } from '../../trpc';
import { tenantStatsInput, tenantStatsMeta, tenantStatsOutput } from './tenant-stats.types';

export const tenantStatsProcedure = tenantProcedure
  .meta(tenantStatsMeta)
  .input(tenantStatsInput)
  .output(tenantStatsOutput)
  .query(({ ctx, input }) => tenantStats(ctx, ctx.identity, input));
