import { z } from 'zod';
import { USAGE_DEFAULT_DAYS, USAGE_MAX_DAYS } from '../../../domain/usage/usage';
import { route } from '../../meta';

const credits = z.number().int();
const bucket = z.object({ image: credits, video: credits, chat: credits, reverse: credits, other: credits, total: credits });

export const tenantUsageInput = z.object({ days: z.string().max(20).optional().meta({ description: 'Window in days (1-90, default 30)' }) });

export const tenantUsageOutput = z.object({
  ok: z.literal(true),
  tenant: z.object({ name: z.string() }),
  timezone: z.literal('Asia/Shanghai'),
  days: z.number().int(),
  since: z.string().meta({ description: 'UTC instant the first day of the window starts' }),
  generated_at: z.string(),
  totals: bucket,
  daily: z.array(bucket.extend({ date: z.string().meta({ description: 'YYYY-MM-DD (Asia/Shanghai)' }) })),
});

export const tenantUsageMeta = route('GET /tenant-usage', 'Usage', 'Credits consumed per day and category', {
  description: `\`days\`: default ${USAGE_DEFAULT_DAYS}, at most ${USAGE_MAX_DAYS} (more is cut to ${USAGE_MAX_DAYS}; 0, negative or non-numeric become ${USAGE_DEFAULT_DAYS}). Days are Asia/Shanghai calendar days ending today; \`daily\` is continuous, with zero rows. Credits consumed = charges minus refunds. Never money, upstream names or platform cost. Tenant key only.`,
});
