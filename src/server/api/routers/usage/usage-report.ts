import { usageReport } from '@/server/domain/usage/report';
import { scopedProcedure } from '@/server/api/trpc';
import { usageReportInput, usageReportMeta, usageReportOutput } from './usage-report.types';

/** `GET /api/tenant-usage/report` and the Usage page's sliced table. */
export const usageReportProcedure = scopedProcedure
  .meta(usageReportMeta)
  .input(usageReportInput)
  .output(usageReportOutput)
  .query(({ ctx, input }) => usageReport(ctx, ctx.identity, input));
