import { z } from 'zod';
import { tenantUsageOutput } from './tenant-usage.types';

const credits = z.number().int();
const bucket = z.object({ image: credits, video: credits, chat: credits, reverse: credits, other: credits, article: credits, total: credits });

export { tenantUsageInput as usageByCategoryInput } from './tenant-usage.types';

/** The tenant-usage report with articles in a bucket of their own (the API counts them in `chat`). */
export const usageByCategoryOutput = tenantUsageOutput.extend({
  totals: bucket,
  daily: z.array(bucket.extend({ date: z.string() })),
});
