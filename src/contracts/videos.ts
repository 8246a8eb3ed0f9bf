import { z } from 'zod';
import { httpUrl } from './common';
import { slotInputSchema } from './jobs';

/**
 * The video surface's contract, shared by the procedures, the domain and the console:
 * `POST /api/videos`, `GET /api/videos` (one task or a page), `DELETE /api/videos`.
 */

/** A video task's own state; the job view keeps the three job statuses (pending, done, failed). */
export const videoTaskStates = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type VideoTaskState = (typeof videoTaskStates)[number];

/** At most this many images in one request (1 = first frame, 2 = first and last, 3-9 = appearance). */
export const MAX_VIDEO_IMAGES = 9;
export const MAX_VIDEO_REFERENCE_VIDEOS = 3;
export const MAX_VIDEO_REFERENCE_AUDIOS = 3;
export const VIDEO_PAGE_SIZE_DEFAULT = 20;
export const VIDEO_PAGE_SIZE_MAX = 100;

/** The body of POST /api/videos. Exactly one of `prompt` or `template_id`. */
export const videoRequestSchema = z
  .strictObject({
    prompt: z.string().trim().min(1, 'must not be empty').max(8000, 'must be at most 8000 characters').optional(),
    template_id: z.string().min(1).max(200).optional(),
    input: slotInputSchema.optional(),
    model: z.string().min(1).max(200).optional().meta({ description: 'A video tier (see GET /api/available-models?media_type=video); omitted: chosen from duration and resolution' }),
    ratio: z.string().min(1).max(20).optional().meta({ description: 'e.g. 16:9, 9:16, 1:1' }),
    duration: z.number({ error: 'must be a whole number of seconds' }).int('must be a whole number of seconds').min(1).max(600).optional(),
    resolution: z.string().min(1).max(20).optional().meta({ description: 'As the tier table writes it: 480p, 720p, 1080p, 768P, 2K' }),
    images: z.array(httpUrl).max(MAX_VIDEO_IMAGES, `at most ${MAX_VIDEO_IMAGES} images`).optional(),
    videos: z.array(httpUrl).max(MAX_VIDEO_REFERENCE_VIDEOS, `at most ${MAX_VIDEO_REFERENCE_VIDEOS} reference videos`).optional(),
    audios: z.array(httpUrl).max(MAX_VIDEO_REFERENCE_AUDIOS, `at most ${MAX_VIDEO_REFERENCE_AUDIOS} reference audios`).optional(),
    generate_audio: z.boolean().optional(),
    callback_url: httpUrl.optional(),
  })
  .superRefine((b, ctx) => {
    if ((b.prompt === undefined) === (b.template_id === undefined)) {
      ctx.addIssue({ code: 'custom', path: [], message: 'give exactly one of prompt or template_id' });
    }
    if (b.input !== undefined && b.template_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['input'], message: 'input goes with template_id' });
    }
  });
export type VideoRequestBody = z.infer<typeof videoRequestSchema>;

/** A video task as callers see it: never a provider or channel name. */
export const videoTaskView = z.object({
  id: z.uuid().meta({ description: 'The task id; the same id is the job id (GET /api/jobs?id=, the jobs stream, callbacks)' }),
  task_id: z.uuid(),
  job_status: z.enum(['pending', 'done', 'failed']),
  state: z.enum(videoTaskStates),
  model: z.string().meta({ description: 'The tier' }),
  prompt: z.string(),
  template_id: z.string().nullable(),
  ratio: z.string(),
  duration: z.number().int(),
  resolution: z.string(),
  generate_audio: z.boolean(),
  images: z.array(z.string()),
  videos: z.array(z.string()),
  audios: z.array(z.string()),
  progress: z.number().int().min(0).max(100).nullable().meta({ description: 'Percent, when the upstream reports it' }),
  video_url: z.string().nullable(),
  cover_url: z.string().nullable(),
  error: z.string().nullable(),
  note: z.string().nullable(),
  credits: z.number().int().meta({ description: 'Credits this task costs (refunded when it fails or is cancelled)' }),
  elapsed_ms: z.number().int().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type VideoTaskView = z.infer<typeof videoTaskView>;

/** GET /api/videos: `id` for one task, else a page filtered by state. */
export const videoQuerySchema = z.object({
  id: z.uuid('must be a task id (uuid)').optional(),
  page_num: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'starts at 1').max(100_000).optional(),
  page_size: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1)
    .max(VIDEO_PAGE_SIZE_MAX, `at most ${VIDEO_PAGE_SIZE_MAX}`)
    .optional(),
  'filter.status': z.enum(videoTaskStates, `must be one of ${videoTaskStates.join(', ')}`).optional(),
});
export type VideoQuery = z.infer<typeof videoQuerySchema>;

export const videoDeleteSchema = z.object({ id: z.uuid('must be a task id (uuid)') });
