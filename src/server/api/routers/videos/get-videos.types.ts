import { notFoundError } from '@/server/errors';
import { z } from 'zod';
import { videoTaskView } from '@/contracts/videos';
import { route } from '@/server/api/meta';

export const getVideosOutput = z.object({
  ok: z.literal(true),
  task: videoTaskView.optional().meta({ description: 'With `id`: the task' }),
  tasks: z.array(videoTaskView).optional().meta({ description: 'Without `id`: this page of tasks, newest first' }),
  page_num: z.number().int().optional().meta({ description: 'Without `id`: the page number' }),
  page_size: z.number().int().optional().meta({ description: 'Without `id`: tasks per page' }),
  total: z
    .number()
    .int()
    .optional()
    .meta({ description: 'Without `id`: the number of tasks matching the filter, over all pages' }),
});

export const getVideosMeta = route('GET /videos', 'Videos', 'One video task, or a page of the caller’s video tasks', {
  errors: [notFoundError('video task')],
  description:
    '`?id=<task_id>` answers `{ok, task}`. Without `id`: `{ok, tasks, page_num, page_size, total}`, ' +
    'newest first; `page_num` from 1, `page_size` 1-100 (default 20), `filter.status` one of queued, ' +
    'running, succeeded, failed, cancelled. A tenant key sees every task of the tenant, a member key only ' +
    'its own; another tenant’s task is 404.',
});
