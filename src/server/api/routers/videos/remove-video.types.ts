import { notFoundError } from '@/server/errors';
import { z } from 'zod';
import { videoTaskView } from '@/contracts/videos';
import { route } from '@/server/api/meta';

export const removeVideoOutput = z.object({
  ok: z.literal(true),
  id: z.uuid().meta({ description: 'The task id' }),
  action: z.enum(['cancelled', 'deleted']).meta({
    description: '`cancelled`: it was queued or running, credits refunded; `deleted`: it had finished and is gone',
  }),
  task: videoTaskView.optional().meta({ description: 'The cancelled task (absent after a delete)' }),
});

export const removeVideoMeta = route(
  'DELETE /videos',
  'Videos',
  'Cancel a running video task, or delete a finished one',
  {
    errors: [notFoundError('video task')],
    limit: 'video_remove',
    description:
      'A queued or running task is cancelled: the upstream task is cancelled where the upstream allows it, ' +
      'the credits are refunded in full, the job ends failed with "Cancelled by the caller" and the ' +
      'callback is sent (`action: cancelled`). A finished task is deleted: gone from reads and lists, its ' +
      'files removed; the ledger keeps its rows (`action: deleted`). Another tenant’s task is 404.',
  },
);
