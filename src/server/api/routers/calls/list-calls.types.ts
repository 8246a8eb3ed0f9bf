import { z } from 'zod';
import { callFilters } from '@/contracts/calls';
import { route } from '@/server/api/meta';
import { callView } from './call-view.types';

export const listCallsInput = callFilters.extend({
  cursor: z.string().max(200).meta({ description: 'The `next_cursor` of the previous page' }).optional(),
  limit: z
    .number('must be a whole number from 1 to 100')
    .int('must be a whole number from 1 to 100')
    .min(1, 'must be from 1 to 100')
    .max(100, 'must be from 1 to 100')
    .default(50)
    .meta({ description: 'Calls per page, 1-100 (default 50)' }),
});

export const listCallsOutput = z.object({
  ok: z.literal(true),
  calls: z.array(callView).meta({ description: 'Newest first' }),
  next_cursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page' }),
});

export const listCallsMeta = route('GET /calls', 'Usage', 'The call log: every call that cost or could cost credits', {
  description:
    'One row per call, newest first: images, batches, videos, chat completions, articles, image readings and ' +
    'image-to-template conversions, answered, failed or refused, with who made it, the model family or tier ' +
    'asked for, tokens (chat), credits charged and given back, latency and request id. Filters: `account_id`, ' +
    '`kind`, `status`, `from`/`to` (days in Asia/Shanghai, both included) and `q` (a request id, call id or ' +
    'job id, or text in the model, prompt or error). Pages by `cursor`. A tenant key and the console see the ' +
    'tenant’s calls; a member key its own. Kept 90 days (chat and readings; jobs as long as the jobs).',
});
