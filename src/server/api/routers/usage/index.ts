import { z } from 'zod';
import {
  lenientWindow,
  STATS_DEFAULT_HOURS,
  STATS_MAX_HOURS,
  tenantStats,
  tenantUsage,
  USAGE_DEFAULT_DAYS,
  USAGE_MAX_DAYS,
} from '../../../domain/usage/usage';
import { router, tenantProcedure } from '../../trpc';

const bucket = z.object({
  image: z.number().int(),
  video: z.number().int(),
  chat: z.number().int(),
  reverse: z.number().int(),
  other: z.number().int(),
  total: z.number().int(),
});

export const tenantUsageProcedure = tenantProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/tenant-usage',
      tags: ['Usage'],
      summary: 'Credits consumed per day and category',
      description: `\`days\`: default ${USAGE_DEFAULT_DAYS}, at most ${USAGE_MAX_DAYS} (more is cut to ${USAGE_MAX_DAYS}; 0, negative or non-numeric become ${USAGE_DEFAULT_DAYS}). Days are Asia/Shanghai calendar days ending today; \`daily\` is continuous, with zero rows. Credits consumed = charges minus refunds. Never money, upstream names or platform cost. Tenant key only.`,
      protect: true,
    },
  })
  .input(z.object({ days: z.string().max(20).optional().meta({ description: 'Window in days (1-90, default 30)' }) }))
  .output(
    z.object({
      ok: z.literal(true),
      tenant: z.object({ name: z.string() }),
      timezone: z.literal('Asia/Shanghai'),
      days: z.number().int(),
      since: z.string().meta({ description: 'UTC instant the first day of the window starts' }),
      generated_at: z.string(),
      totals: bucket,
      daily: z.array(bucket.extend({ date: z.string().meta({ description: 'YYYY-MM-DD (Asia/Shanghai)' }) })),
    }),
  )
  .query(({ ctx, input }) => tenantUsage(ctx.db, ctx.identity.tenantId, lenientWindow(input.days, USAGE_DEFAULT_DAYS, USAGE_MAX_DAYS)));

export const tenantStatsProcedure = tenantProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/tenant-stats',
      tags: ['Usage'],
      summary: 'Your activity over a window of hours',
      description: `\`hours\`: default ${STATS_DEFAULT_HOURS}, at most ${STATS_MAX_HOURS} (invalid values become ${STATS_DEFAULT_HOURS}). \`tenant.used_month\` is credits consumed this Asia/Shanghai calendar month; \`tenant.credits\` the allocatable credits (as GET /api/balance). \`mine.jobs\` counts jobs created in the window (\`processing\` = still pending), \`success_rate\` = done / (done + failed) or null, \`p95_ms\` of done jobs. \`charged_cny\` = credits consumed in the window × the CNY price of a credit × your tenant's markup. \`overall\`, \`by_provider\`, \`balance_cny\` and \`balance_usd\` are not returned. Tenant key only.`,
      protect: true,
    },
  })
  .input(z.object({ hours: z.string().max(20).optional().meta({ description: 'Window in hours (1-168, default 24)' }) }))
  .output(
    z.object({
      ok: z.literal(true),
      window_hours: z.number().int(),
      generated_at: z.string(),
      tenant: z.object({ name: z.string(), quota_monthly: z.number().int(), used_month: z.number().int(), credits: z.number().int() }),
      mine: z.object({
        attempts_total: z.number().int(),
        jobs: z.object({
          total: z.number().int(),
          done: z.number().int(),
          failed: z.number().int(),
          processing: z.number().int(),
          success_rate: z.number().nullable(),
          p95_ms: z.number().int().nullable(),
        }),
        charged_cny: z.number(),
      }),
    }),
  )
  .query(({ ctx, input }) =>
    tenantStats(ctx.db, ctx.config, ctx.identity.tenantId, lenientWindow(input.hours, STATS_DEFAULT_HOURS, STATS_MAX_HOURS)),
  );

export const usageRouter = router({ usage: tenantUsageProcedure, stats: tenantStatsProcedure });
