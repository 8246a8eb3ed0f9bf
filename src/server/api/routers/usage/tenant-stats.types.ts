import { z } from 'zod';
import { STATS_DEFAULT_HOURS, STATS_MAX_HOURS } from '@/server/domain/usage/usage';
import { lenientWindow } from '@/contracts/common';
import { route } from '@/server/api/meta';

export const tenantStatsInput = z.object({
  hours: lenientWindow({
    min: 1,
    max: STATS_MAX_HOURS,
    fallback: STATS_DEFAULT_HOURS,
    description: `Window in hours, 1-${STATS_MAX_HOURS} (default ${STATS_DEFAULT_HOURS}; more is cut to ${STATS_MAX_HOURS}, anything else is the default)`,
  }),
});

export const tenantStatsOutput = z.object({
  ok: z.literal(true),
  window_hours: z
    .number()
    .int()
    .meta({ description: 'The window in hours, after the default and the cap are applied' }),
  generated_at: z.string().meta({ description: 'When the figures were made (ISO 8601)' }),
  tenant: z
    .object({
      name: z.string().meta({ description: 'Your tenant’s name' }),
      quota_monthly: z
        .number()
        .int()
        .meta({ description: 'The monthly credit quota the operator recorded for your tenant (0: none)' }),
      used_month: z.number().int().meta({ description: 'Credits consumed this Asia/Shanghai calendar month' }),
      credits: z.number().int().meta({ description: 'Allocatable credits now (as GET /balance)' }),
    })
    .meta({ description: 'Your tenant' }),
  mine: z
    .object({
      attempts_total: z
        .number()
        .int()
        .meta({ description: 'Upstream calls made for your tenant in the window, retries and fallbacks included' }),
      jobs: z
        .object({
          total: z.number().int().meta({ description: 'Jobs created in the window (articles not counted)' }),
          done: z.number().int().meta({ description: 'Of these, finished successfully' }),
          failed: z.number().int().meta({ description: 'Of these, failed' }),
          processing: z.number().int().meta({ description: 'Of these, still pending' }),
          success_rate: z
            .number()
            .nullable()
            .meta({ description: 'done / (done + failed), 0-1 with 4 decimals; null when none has finished' }),
          p95_ms: z
            .number()
            .int()
            .nullable()
            .meta({ description: '95th percentile run time of the done jobs, in ms; null when none is done' }),
        })
        .meta({ description: 'Your jobs created in the window' }),
      charged_cny: z
        .number()
        .meta({ description: 'Credits consumed in the window × the CNY price of a credit × your markup, in CNY' }),
    })
    .meta({ description: 'Your activity in the window' }),
});

export const tenantStatsMeta = route('GET /tenant-stats', 'Usage', 'Your activity over a window of hours', {
  description:
    `\`hours\`: default ${STATS_DEFAULT_HOURS}, at most ${STATS_MAX_HOURS} (invalid values become ` +
    `${STATS_DEFAULT_HOURS}). \`tenant.used_month\` is credits consumed this Asia/Shanghai calendar ` +
    `month; \`tenant.credits\` the allocatable credits (as GET /api/balance). \`mine.jobs\` counts jobs ` +
    `created in the window (\`processing\` = still pending), \`success_rate\` = done / (done + failed) or ` +
    `null, \`p95_ms\` of done jobs. \`charged_cny\` = credits consumed in the window × the CNY price of a ` +
    `credit × your tenant's markup. \`overall\`, \`by_provider\`, \`balance_cny\` and \`balance_usd\` are ` +
    `not returned. Tenant key only.`,
});
