import { router } from '@/server/api/trpc';
import { tenantStatsProcedure } from './tenant-stats';
import { tenantUsageProcedure } from './tenant-usage';
import { usageByCategoryProcedure } from './usage-by-category';

export const usageRouter = router({
  usage: tenantUsageProcedure,
  byCategory: usageByCategoryProcedure,
  stats: tenantStatsProcedure,
});
