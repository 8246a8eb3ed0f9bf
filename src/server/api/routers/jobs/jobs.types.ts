import { z } from 'zod';
import { jobStatuses } from '../../../db/schema';

export const jobView = z.object({
  id: z.uuid(),
  job_id: z.uuid(),
  jobId: z.uuid(),
  status: z.enum(jobStatuses),
  cdn_url: z.string().nullable().meta({ description: 'Result file at {image_host}, when done' }),
  error: z.string().nullable().meta({ description: 'Why it failed' }),
  elapsed_ms: z.number().int().nullable(),
  note: z.string().nullable().meta({ description: 'While pending: e.g. that a backup channel is in use' }),
  steps: z.array(z.object({ name: z.string(), status: z.enum(['running', 'ok', 'fail']) })).nullable(),
  kind: z.string(),
  prompt: z.string().meta({ description: "The prompt sent; for a skill, the caller's own input (a skill's recipe is never shown)" }),
  skill_slug: z.string().nullable(),
  template_id: z.string().nullable().meta({ description: 'The template the prompt was filled from' }),
  ratio: z.string(),
  quality: z.string(),
  background: z.string().nullable(),
  batch_id: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

export const idempotencyHeader = z.object({
  'idempotency-key': z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'Same key and same body within 24 hours: the original job(s), never a second charge' }),
});
