import { exportUsageReport } from '@/server/domain/usage/report';
import { scopedProcedure } from '@/server/api/trpc';
import { exportUsageReportMeta, exportUsageReportOutput, usageReportInput } from './usage-report.types';

/** `GET /api/tenant-usage/report/export` (a CSV file) and the Usage page's Export CSV. */
export const exportUsageReportProcedure = scopedProcedure
  .meta(exportUsageReportMeta)
  .input(usageReportInput)
  .output(exportUsageReportOutput)
  .query(async ({ ctx, input }) => ({ ok: true as const, ...(await exportUsageReport(ctx, ctx.identity, input)) }));
