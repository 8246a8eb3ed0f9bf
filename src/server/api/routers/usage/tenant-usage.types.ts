import { z } from 'zod';
import { USAGE_DEFAULT_DAYS, USAGE_MAX_DAYS } from '@/server/domain/usage/usage';
import { lenientWindow } from '@/contracts/common';
import { route } from '@/server/api/meta';

const credits = (what: string) =>
  z
    .number()
    .int()
    .meta({ description: `Credits consumed by ${what} (charges minus refunds)` });
const bucket = z.object({
  image: credits('image generation'),
  video: credits('video tasks'),
  chat: credits('chat and articles'),
  reverse: credits('prompt reversal (POST /reverse)'),
  other: credits('everything else'),
  total: credits('all categories together'),
});

export const tenantUsageInput = z.object({
  days: lenientWindow({
    min: 1,
    max: USAGE_MAX_DAYS,
    fallback: USAGE_DEFAULT_DAYS,
    description: `Window in days, 1-${USAGE_MAX_DAYS} (default ${USAGE_DEFAULT_DAYS}; more is cut to ${USAGE_MAX_DAYS}, anything else is the default)`,
  }),
});

export const tenantUsageOutput = z.object({
  ok: z.literal(true),
  tenant: z
    .object({ name: z.string().meta({ description: 'Your tenant’s name' }) })
    .meta({ description: 'Whose usage this is' }),
  timezone: z
    .literal('Asia/Shanghai')
    .meta({ description: 'The time zone of the calendar days: always Asia/Shanghai' }),
  days: z.number().int().meta({ description: 'The window in days, after the default and the cap are applied' }),
  since: z.string().meta({ description: 'UTC instant the first day of the window starts' }),
  generated_at: z.string().meta({ description: 'When the report was made (ISO 8601)' }),
  totals: bucket.meta({ description: 'Credits consumed over the whole window, per category' }),
  daily: z
    .array(bucket.extend({ date: z.string().meta({ description: 'YYYY-MM-DD (Asia/Shanghai)' }) }))
    .meta({ description: 'One row per day of the window, oldest first, days without use included with zeros' }),
});

export const tenantUsageMeta = route('GET /tenant-usage', 'Usage', 'Credits consumed per day and category', {
  description:
    `\`days\`: default ${USAGE_DEFAULT_DAYS}, at most ${USAGE_MAX_DAYS} (more is cut to ` +
    `${USAGE_MAX_DAYS}; 0, negative or non-numeric become ${USAGE_DEFAULT_DAYS}). Days are Asia/Shanghai ` +
    `calendar days ending today; \`daily\` is continuous, with zero rows. Credits consumed = charges ` +
    `minus refunds. Never money, upstream names or platform cost. Tenant key only.`,
});
