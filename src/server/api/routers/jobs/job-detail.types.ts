import { notFoundError } from '@/server/errors';
import { z } from 'zod';
import { route } from '@/server/api/meta';
import { jobView } from './get-jobs.types';

export const jobDetailInput = z.object({ id: z.uuid('must be a job id (uuid)').meta({ description: 'The job id' }) });

const slotValue = z.union([z.string(), z.number(), z.boolean()]);

export const jobDetailOutput = z.object({
  ok: z.literal(true),
  job: jobView.meta({ description: 'The job as GET /api/jobs?id= shows it' }),
  credits: z.number().int().meta({ description: 'Credits charged for the job' }),
  refunded: z.number().int().meta({ description: 'Credits given back so far (the sum of the refund rows)' }),
  ledger: z
    .array(
      z.object({
        kind: z.enum(['charge', 'refund']).meta({ description: 'charge or refund' }),
        amount: z.number().int().meta({ description: 'Credits moved' }),
        note: z.string().nullable().meta({ description: 'What the movement was for, e.g. "failed job"' }),
        at: z.string().meta({ description: 'When it was written (ISO 8601)' }),
      }),
    )
    .meta({
      description:
        'The credit movements of this job, oldest first: its charge (when it was charged alone) and its refunds',
    }),
  request: z
    .object({
      body: z.record(z.string(), z.unknown()).meta({
        description:
          'The body to send again to POST /api/generate (images) or POST /api/videos (videos), as the caller sent it',
      }),
      complete: z.boolean().meta({
        description:
          'False for older jobs whose skill or template input was not kept: `body` is then rebuilt from what was',
      }),
      model: z
        .string()
        .nullable()
        .meta({ description: 'The image model family asked for (null: routed), or the video tier used' }),
      reference_images: z.array(z.string()).meta({ description: 'Reference images (files on {image_host})' }),
      template_slug: z.string().nullable().meta({ description: 'The template the prompt was filled from' }),
      input: z
        .union([z.string(), z.record(z.string(), slotValue)])
        .nullable()
        .meta({ description: "The caller's skill or template input: one sentence or the slots' values" }),
      duration: z.number().nullable().meta({ description: 'Videos: seconds' }),
      resolution: z.string().nullable().meta({ description: 'Videos: 480p, 720p or 1080p' }),
      generate_audio: z.boolean().nullable().meta({ description: 'Videos: whether sound was asked for' }),
      callback_url: z.string().nullable().meta({ description: 'Where the result was announced' }),
    })
    .nullable()
    .meta({
      description: 'The request behind an image or video job; null for image-to-template (its steps are on the job)',
    }),
  deliveries: z
    .array(
      z.object({
        attempt: z.number().int().meta({ description: 'Delivery attempt, from 1' }),
        url: z.string().meta({ description: 'The callback address' }),
        status_code: z
          .number()
          .int()
          .nullable()
          .meta({ description: 'What the receiver answered; null when it could not be reached' }),
        outcome: z
          .enum(['delivered', 'failed', 'refused'])
          .meta({ description: 'delivered (2xx), failed (retried later) or refused (the address is not allowed)' }),
        error: z.string().nullable().meta({ description: 'Why it failed' }),
        duration_ms: z.number().int().meta({ description: 'How long the attempt took' }),
        at: z.string().meta({ description: 'When it was made (ISO 8601)' }),
      }),
    )
    .meta({ description: 'Callback deliveries, oldest first' }),
  hooks: z
    .array(
      z.object({
        hook_type: z.enum(['article', 'video']).meta({ description: 'article or video' }),
        hook_template_slug: z.string().meta({ description: 'The downstream template to call next' }),
      }),
    )
    .meta({
      description:
        "Downstream templates bound to the job's image template (GET /api/template-hooks), enabled ones only",
    }),
});

export const jobDetailMeta = route(
  'GET /jobs/detail',
  'Images',
  'One job with what it cost, its request and its callback deliveries',
  {
    errors: [notFoundError('job')],
    description:
      '`?id=<jobId>`: the job as `GET /api/jobs?id=` shows it, plus its credits, ledger rows (charge, ' +
      'refunds), the request to send again, the callback deliveries and the downstream templates bound to ' +
      'its template. Same visibility as `GET /api/jobs`: a member key sees only its own jobs; another ' +
      'tenant’s job is 404.',
  },
);
