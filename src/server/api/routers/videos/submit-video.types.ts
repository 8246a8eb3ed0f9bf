import { VIDEO_SUBMIT_ERRORS } from '@/server/domain/videos/submit';
import { z } from 'zod';
import { route } from '@/server/api/meta';
import { idempotencyHeader } from '@/server/api/routers/jobs/generate.types';

export const submitVideoOutput = z.object({
  ok: z.literal(true),
  id: z.uuid().meta({ description: 'The task id, also the job id' }),
  task_id: z.uuid().meta({ description: 'Same value as `id` and `jobId`' }),
  jobId: z.uuid().meta({ description: 'Same value as `id`' }),
  status: z.literal('pending').meta({ description: 'The job status, always pending at submission' }),
  state: z.literal('queued').meta({ description: 'The task state, always queued at submission' }),
});

export const submitVideoMeta = route('POST /videos', 'Videos', 'Submit a video task (asynchronous)', {
  errors: VIDEO_SUBMIT_ERRORS,
  keyKind: 'video',
  description:
    'Exactly one of `prompt` or `template_id` (+ `input`). Omitted `model`: longer than 15 s or 1080p → ' +
    'videomodel-2-5-pro-260801, 768P or 2K → videomodel-H3, else the default tier (see docs/api.md → ' +
    'Video). Duration outside the tier range, a resolution the tier does not offer, references that are ' +
    'not your Studio files of the right type: 400. A capability no upstream has: 400, do not retry. ' +
    'Charged at submission (tier price per second × duration), refunded in full on failure or ' +
    'cancellation. Over the per-tenant video rate: 429 with Retry-After. The task is also a job (`GET ' +
    '/api/jobs?id=`, the jobs stream, callbacks).',
  requestHeaders: idempotencyHeader,
});
