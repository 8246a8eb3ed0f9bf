import { notFoundError } from '@/server/errors';
import { z } from 'zod';
import { jobFailureReasons, jobStatuses } from '@/contracts/jobs';
import { route } from '@/server/api/meta';

/** The kinds a job row can be (`template`: image-to-template). */
const JOB_KINDS = ['image', 'video', 'template', 'article'] as const;

export const jobView = z.object({
  id: z.uuid().meta({ description: 'The job id' }),
  job_id: z.uuid().meta({ description: 'The job id again (older clients read job_id)' }),
  jobId: z.uuid().meta({ description: 'The job id again, as POST /api/generate answers it' }),
  status: z
    .enum(jobStatuses)
    .meta({ description: 'pending until it finishes, then done (cdn_url set) or failed (error set)' }),
  cdn_url: z
    .string()
    .nullable()
    .meta({ description: 'Result file at {image_host}, when done; null once the retention deleted it' }),
  result_expired_at: z.string().nullable().meta({
    description:
      'When the retention deleted the result file (ISO 8601; cdn_url is then null, the job and its charge stay); null: not deleted',
  }),
  error: z.string().nullable().meta({ description: 'Why it failed, in words' }),
  reason: z
    .enum(jobFailureReasons)
    .nullable()
    .meta({
      description: `Why it failed, for programs (null unless failed): ${jobFailureReasons.join(', ')}; see docs/api.md → Job failures`,
    }),
  elapsed_ms: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Milliseconds from submission to the end; null while pending' }),
  note: z.string().nullable().meta({ description: 'While pending: e.g. that a backup channel is in use' }),
  steps: z
    .array(
      z.object({
        name: z.string().meta({ description: 'The step' }),
        status: z.enum(['running', 'ok', 'fail']).meta({ description: 'running, ok or fail' }),
        error: z.string().optional().meta({ description: 'Why a failed step stopped' }),
      }),
    )
    .nullable()
    .meta({
      description:
        'Multi-step jobs (image-to-template): receive image, parse image, extract text layers, create template',
    }),
  kind: z.string().meta({ description: 'What the job makes, e.g. image or image-to-template' }),
  prompt: z
    .string()
    .meta({ description: "The prompt sent; for a skill, the caller's own input (a skill's recipe is never shown)" }),
  skill_slug: z.string().nullable().meta({ description: 'The skill the prompt came from' }),
  template_id: z.string().nullable().meta({ description: 'The template the prompt was filled from' }),
  ratio: z.string().meta({ description: 'The aspect ratio, W:H' }),
  quality: z.string().meta({ description: 'low, medium or high' }),
  background: z.string().nullable().meta({ description: 'transparent or opaque, when asked for' }),
  batch_id: z.string().nullable().meta({ description: 'The batch it was submitted in (POST /api/generate-batch)' }),
  request_id: z.string().nullable().meta({
    description:
      'The `X-Request-Id` of the request that submitted the job (the caller’s, or the one Studio made): quote it when asking for support.',
  }),
  credits: z.number().int().meta({ description: 'Credits charged for the job' }),
  credits_refunded: z.number().int().meta({
    description:
      'Credits given back: all of them when it failed, a share for a conversion whose text layers were not read, else 0',
  }),
  created_at: z.string().meta({ description: 'When it was submitted (ISO 8601)' }),
  finished_at: z.string().nullable().meta({ description: 'When it finished; null while pending' }),
});

export const getJobsInput = z.object({
  id: z.uuid('must be a job id (uuid)').meta({ description: 'One job by id: answers {ok, job}' }).optional(),
  status: z
    .enum(jobStatuses, 'must be pending, done or failed')
    .meta({ description: 'Only jobs in this state' })
    .optional(),
  kind: z
    .enum(JOB_KINDS, `must be one of ${JOB_KINDS.join(', ')}`)
    .meta({
      description:
        'Only jobs of this kind: image, video, template (image-to-template) or article. Without it every kind but articles is listed.',
    })
    .optional(),
  limit: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1)
    .max(100)
    .default(20)
    .meta({ description: 'Jobs per page, 1-100 (default 20)' }),
  cursor: z.string().max(200).meta({ description: 'next_cursor of the previous page' }).optional(),
});

export const getJobsOutput = z.object({
  ok: z.literal(true),
  job: jobView.optional().meta({ description: 'Asked by id: the job' }),
  jobs: z.array(jobView).optional().meta({ description: 'Without id: a page of jobs, newest first' }),
  next_cursor: z
    .string()
    .nullable()
    .optional()
    .meta({ description: 'Pass as cursor for the next page; null on the last' }),
});

export const getJobsMeta = route('GET /jobs', 'Images', 'One job, or the caller’s jobs newest first', {
  errors: [notFoundError('job')],
  description:
    '`?id=<jobId>` answers `{ok, job}`. Without `id`: `{ok, jobs, next_cursor}`, newest first, `limit` ' +
    '1-100 (default 20), optional `status` and `kind` filters (`kind=article` lists articles, which are ' +
    'otherwise left out); pass `next_cursor` as `cursor` for the next page. Each job says what it cost: ' +
    '`credits` charged and `credits_refunded`. A tenant key sees every job of the tenant, a member key ' +
    'only its own; another tenant’s job is 404. `GET /api/jobs/detail?id=` adds its ledger rows, request ' +
    'and callback deliveries.',
});
