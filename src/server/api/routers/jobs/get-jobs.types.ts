import { z } from 'zod';
import { jobStatuses } from '../../../../contracts/jobs';
import { route } from '../../meta';

export const jobView = z.object({
  id: z.uuid(),
  job_id: z.uuid(),
  jobId: z.uuid(),
  status: z.enum(jobStatuses),
  cdn_url: z.string().nullable().meta({ description: 'Result file at {image_host}, when done' }),
  error: z.string().nullable().meta({ description: 'Why it failed' }),
  elapsed_ms: z.number().int().nullable(),
  note: z.string().nullable().meta({ description: 'While pending: e.g. that a backup channel is in use' }),
  steps: z
    .array(z.object({ name: z.string(), status: z.enum(['running', 'ok', 'fail']), error: z.string().optional().meta({ description: 'Why a failed step stopped' }) }))
    .nullable()
    .meta({ description: 'Multi-step jobs (image-to-template): receive image, parse image, extract text layers, create template' }),
  kind: z.string(),
  prompt: z.string().meta({ description: "The prompt sent; for a skill, the caller's own input (a skill's recipe is never shown)" }),
  skill_slug: z.string().nullable(),
  template_id: z.string().nullable().meta({ description: 'The template the prompt was filled from' }),
  ratio: z.string(),
  quality: z.string(),
  background: z.string().nullable(),
  batch_id: z.string().nullable(),
  request_id: z.string().nullable().meta({ description: 'The `X-Request-Id` of the request that submitted the job (the caller’s, or the one Studio made): quote it when asking for support.' }),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

export const getJobsInput = z.object({
  id: z.uuid('must be a job id (uuid)').optional(),
  status: z.enum(jobStatuses, 'must be pending, done or failed').optional(),
  limit: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});

export const getJobsOutput = z.object({
  ok: z.literal(true),
  job: jobView.optional(),
  jobs: z.array(jobView).optional(),
  next_cursor: z.string().nullable().optional(),
});

export const getJobsMeta = route('GET /jobs', 'Images', 'One job, or the caller’s jobs newest first', {
  description: '`?id=<jobId>` answers `{ok, job}`. Without `id`: `{ok, jobs, next_cursor}`, newest first, `limit` 1-100 (default 20), optional `status` filter; pass `next_cursor` as `cursor` for the next page. A tenant key sees every job of the tenant, a member key only its own; another tenant’s job is 404.',
});
