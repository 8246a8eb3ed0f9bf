import { router } from '@/server/api/trpc';
import { tenantStatsProcedure } from './tenant-stats';
import { tenantUsageProcedure } from './tenant-usage';
import { usageByCategoryProcedure } from './usage-by-category';
import { exportUsageReportProcedure } from './export-usage-report';
import { usageReportProcedure } from './usage-report';

export const usageRouter = router({
  usage: tenantUsageProcedure,
  byCategory: usageByCategoryProcedure,
  stats: tenantStatsProcedure,
  report: usageReportProcedure,
  exportReport: exportUsageReportProcedure,
});
