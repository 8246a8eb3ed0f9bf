import { z } from 'zod';
import { jobView } from './get-jobs.types';

export const jobDetailInput = z.object({ id: z.uuid('must be a job id (uuid)') });

const slotValue = z.union([z.string(), z.number(), z.boolean()]);

export const jobDetailOutput = z.object({
  job: jobView,
  credits: z.number().int(),
  refunded: z.number().int(),
  ledger: z.array(z.object({ kind: z.enum(['charge', 'refund']), amount: z.number().int(), note: z.string().nullable(), at: z.string() })),
  request: z
    .object({
      body: z.record(z.string(), z.unknown()),
      complete: z.boolean(),
      model: z.string().nullable(),
      reference_images: z.array(z.string()),
      template_slug: z.string().nullable(),
      input: z.union([z.string(), z.record(z.string(), slotValue)]).nullable(),
      duration: z.number().nullable(),
      resolution: z.string().nullable(),
      generate_audio: z.boolean().nullable(),
      callback_url: z.string().nullable(),
    })
    .nullable(),
  deliveries: z.array(
    z.object({
      attempt: z.number().int(),
      url: z.string(),
      status_code: z.number().int().nullable(),
      outcome: z.enum(['delivered', 'failed', 'refused']),
      error: z.string().nullable(),
      duration_ms: z.number().int(),
      at: z.string(),
    }),
  ),
  hooks: z.array(z.object({ hook_type: z.enum(['article', 'video']), hook_template_slug: z.string() })),
});
