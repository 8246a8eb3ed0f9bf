import { z } from 'zod';
import { shanghaiDayField } from './calls';

/** How the usage report groups its rows: the ledger's category, the member who spent, or the model family or tier. */
export const usageGroupings = ['category', 'member', 'model'] as const;
export type UsageGrouping = (typeof usageGroupings)[number];

/** The longest range one report covers: a year, leap day included. */
export const USAGE_REPORT_MAX_DAYS = 366;
/** The range when none is given: the last 30 Asia/Shanghai days, today included. */
export const USAGE_REPORT_DEFAULT_DAYS = 30;

/** The filters of the usage report and its CSV export. */
export const usageReportFilters = z.object({
  from: shanghaiDayField
    .meta({ description: 'First day (Asia/Shanghai), YYYY-MM-DD, included; default: 29 days before `to`' })
    .optional(),
  to: shanghaiDayField
    .meta({ description: 'Last day (Asia/Shanghai), YYYY-MM-DD, included; default: today' })
    .optional(),
  group_by: z
    .enum(usageGroupings, `must be one of ${usageGroupings.join(', ')}`)
    .meta({ description: 'Rows per `category` (default), `member` or `model` (family or tier)' })
    .optional(),
  account_id: z
    .uuid('must be a member id')
    .meta({ description: 'Only what this member spent (a member key reads only its own)' })
    .optional(),
});
export type UsageReportFilters = z.infer<typeof usageReportFilters>;
