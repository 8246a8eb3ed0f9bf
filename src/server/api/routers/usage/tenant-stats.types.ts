import { z } from 'zod';
import { STATS_DEFAULT_HOURS, STATS_MAX_HOURS } from '../../../domain/usage/usage';
import { route } from '../../meta';

export const tenantStatsInput = z.object({ hours: z.string().max(20).optional().meta({ description: 'Window in hours (1-168, default 24)' }) });

export const tenantStatsOutput = z.object({
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
});

export const tenantStatsMeta = route('GET /tenant-stats', 'Usage', 'Your activity over a window of hours', {
  description: `\`hours\`: default ${STATS_DEFAULT_HOURS}, at most ${STATS_MAX_HOURS} (invalid values become ${STATS_DEFAULT_HOURS}). \`tenant.used_month\` is credits consumed this Asia/Shanghai calendar month; \`tenant.credits\` the allocatable credits (as GET /api/balance). \`mine.jobs\` counts jobs created in the window (\`processing\` = still pending), \`success_rate\` = done / (done + failed) or null, \`p95_ms\` of done jobs. \`charged_cny\` = credits consumed in the window × the CNY price of a credit × your tenant's markup. \`overall\`, \`by_provider\`, \`balance_cny\` and \`balance_usd\` are not returned. Tenant key only.`,
});
