import { z } from 'zod';
import { videoTaskView } from '../../../../contracts/videos';
import { route } from '../../meta';

export const getVideosOutput = z.object({
  ok: z.literal(true),
  task: videoTaskView.optional(),
  tasks: z.array(videoTaskView).optional(),
  page_num: z.number().int().optional(),
  page_size: z.number().int().optional(),
  total: z.number().int().optional(),
});

export const getVideosMeta = route('GET /videos', 'Videos', 'One video task, or a page of the caller’s video tasks', {
  description:
    '`?id=<task_id>` answers `{ok, task}`. Without `id`: `{ok, tasks, page_num, page_size, total}`, newest first; `page_num` from 1, `page_size` 1-100 (default 20), `filter.status` one of queued, running, succeeded, failed, cancelled. A tenant key sees every task of the tenant, a member key only its own; another tenant’s task is 404.',
});
