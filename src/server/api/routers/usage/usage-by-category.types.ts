import { z } from 'zod';
import { route } from '@/server/api/meta';
import { tenantUsageOutput } from './tenant-usage.types';

const credits = (what: string) =>
  z
    .number()
    .int()
    .meta({ description: `Credits consumed by ${what} (charges minus refunds)` });
const bucket = z.object({
  image: credits('image generation'),
  video: credits('video tasks'),
  chat: credits('chat'),
  reverse: credits('image reading and image-to-template'),
  other: credits('everything else'),
  article: credits('articles'),
  total: credits('all categories together'),
});

export { tenantUsageInput as usageByCategoryInput } from './tenant-usage.types';

/** The tenant-usage report with articles in a bucket of their own (the API counts them in `chat`). */
export const usageByCategoryOutput = tenantUsageOutput.extend({
  totals: bucket.meta({ description: 'Credits consumed over the whole window, per category' }),
  daily: z
    .array(bucket.extend({ date: z.string().meta({ description: 'YYYY-MM-DD (Asia/Shanghai)' }) }))
    .meta({ description: 'One row per day of the window, oldest first, days without use included with zeros' }),
});

export const usageByCategoryMeta = route(
  'GET /tenant-usage/categories',
  'Usage',
  'Credits consumed per day, every category apart',
  {
    description:
      'The report of `GET /api/tenant-usage` with articles in a bucket of their own (there they count in ' +
      '`chat`), as the console’s Usage page shows it. Same `days` window (Asia/Shanghai calendar days). ' +
      'Tenant key only.',
  },
);
