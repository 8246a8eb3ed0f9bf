import { IMAGE_SUBMIT_ERRORS } from '@/server/domain/jobs/submit';
import { z } from 'zod';
import { route } from '@/server/api/meta';

export const idempotencyHeader = z.object({
  'idempotency-key': z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'Same key and same body within 24 hours: the original job(s), never a second charge' }),
});

export const generateOutput = z.object({
  ok: z.literal(true),
  jobId: z
    .uuid()
    .meta({ description: 'The job: poll GET /api/jobs?id=, watch GET /api/jobs-stream or wait for the callback' }),
  status: z.literal('pending').meta({ description: 'Always pending at submission' }),
});

export const generateMeta = route('POST /generate', 'Images', 'Generate an image (asynchronous)', {
  errors: IMAGE_SUBMIT_ERRORS,
  keyKind: 'image',
  description:
    'Exactly one of `prompt`, `skill_slug`, `template_id`. Answers at once with the job id; the result ' +
    'arrives by callback, polling `GET /api/jobs?id=` or the `GET /api/jobs-stream` feed. Credits are ' +
    'charged at submission and refunded if the job fails. Not enough credits: 402. Over 120 images an ' +
    'hour: 429 with Retry-After. A capability no upstream has (transparent background, mask, reference ' +
    'images): 400, do not retry.',
  requestHeaders: idempotencyHeader,
});
