import { IMAGE_SUBMIT_ERRORS } from '@/server/domain/jobs/submit';
import { z } from 'zod';
import { MAX_BATCH } from '@/contracts/jobs';
import { route } from '@/server/api/meta';
import { idempotencyHeader } from './generate.types';

export const generateBatchOutput = z.object({
  ok: z.literal(true),
  batch_id: z.uuid().meta({ description: 'The batch, as jobs show it in batch_id' }),
  jobs: z
    .array(
      z.object({
        jobId: z.uuid().meta({ description: 'The job of this item' }),
        status: z.literal('pending').meta({ description: 'Always pending at submission' }),
      }),
    )
    .meta({ description: 'One job per item, in the order of items' }),
});

export const generateBatchMeta = route(
  'POST /generate-batch',
  'Images',
  `Generate up to ${MAX_BATCH} images in one submission`,
  {
    errors: IMAGE_SUBMIT_ERRORS,
    keyKind: 'image',
    description:
      'Body `{items: [...], callback_url?}`; each item takes the `/api/generate` parameters (an item ' +
      '`callback_url` overrides the batch one). The whole batch is validated before anything is accepted: ' +
      'one bad item rejects the batch with the item named. Answers the job ids in item order.',
    requestHeaders: idempotencyHeader,
  },
);
