import { z } from 'zod';
import { requestHash, submitImageJobs } from '../../../domain/jobs/submit';
import { imageRequestSchema } from '../../../domain/jobs/types';
import { getRuntime } from '../../../runtime';
import { scopedProcedure } from '../../trpc';
import { idempotencyHeader } from './jobs.types';

export const generateProcedure = scopedProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/generate',
      tags: ['Images'],
      summary: 'Generate an image (asynchronous)',
      description:
        'Exactly one of `prompt`, `skill_slug`, `template_id`. Answers at once with the job id; the result arrives by callback, polling `GET /api/jobs?id=` or the `GET /api/jobs-stream` feed. Credits are charged at submission and refunded if the job fails. Not enough credits: 402. Over 120 images an hour: 429 with Retry-After. A capability no upstream has (transparent background, mask, reference images): 400, do not retry.',
      protect: true,
      requestHeaders: idempotencyHeader,
    },
  })
  .input(imageRequestSchema)
  .output(z.object({ ok: z.literal(true), jobId: z.uuid(), status: z.literal('pending') }))
  .mutation(async ({ ctx, input }) => {
    const { files } = await getRuntime();
    const [job] = await submitImageJobs({ db: ctx.db, config: ctx.config, files }, ctx.identity, {
      items: [input],
      callbackUrl: input.callback_url ?? null,
      idempotencyKey: ctx.headers.get('idempotency-key'),
      hash: requestHash(['generate', input]),
      batch: false,
    });
    if (!job) throw new Error('no job was created');
    // A replayed key answers the original job, whatever its status now.
    return { ok: true as const, jobId: job.id, status: 'pending' as const };
  });
