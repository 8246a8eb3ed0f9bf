import { z } from 'zod';
import { MAX_BATCH, requestHash, submitImageJobs } from '../../../domain/jobs/submit';
import { imageRequestSchema } from '../../../domain/jobs/types';
import { getRuntime } from '../../../runtime';
import { scopedProcedure } from '../../trpc';
import { idempotencyHeader } from './jobs.types';
import { httpUrl } from '../../../domain/schemas';

export const generateBatchProcedure = scopedProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/generate-batch',
      tags: ['Images'],
      summary: `Generate up to ${MAX_BATCH} images in one submission`,
      description:
        'Body `{items: [...], callback_url?}`; each item takes the `/api/generate` parameters (an item `callback_url` overrides the batch one). The whole batch is validated before anything is accepted: one bad item rejects the batch with the item named. Answers the job ids in item order.',
      protect: true,
      requestHeaders: idempotencyHeader,
    },
  })
  .input(
    z.strictObject({
      items: z.array(imageRequestSchema).min(1, 'give at least one item').max(MAX_BATCH, `at most ${MAX_BATCH} items per batch`),
      callback_url: httpUrl.optional(),
    }),
  )
  .output(
    z.object({
      ok: z.literal(true),
      batch_id: z.uuid(),
      jobs: z.array(z.object({ jobId: z.uuid(), status: z.literal('pending') })),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    const { files } = await getRuntime();
    const created = await submitImageJobs({ db: ctx.db, config: ctx.config, files }, ctx.identity, {
      items: input.items,
      callbackUrl: input.callback_url ?? null,
      idempotencyKey: ctx.headers.get('idempotency-key'),
      hash: requestHash(['batch', input]),
      batch: true,
    });
    return {
      ok: true as const,
      batch_id: created[0]?.batchId ?? '',
      jobs: created.map((j) => ({ jobId: j.id, status: 'pending' as const })),
    };
  });
