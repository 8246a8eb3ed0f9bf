import { z } from 'zod';
import { httpUrl } from './common';
import { jobFailureReasons, slotInputSchema } from './jobs';

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
    prompt: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(8000, 'must be at most 8000 characters')
      .optional()
      .meta({ description: 'The full prompt (at most 8000 characters); exactly one of prompt or template_id' }),
    template_id: z.string().min(1).max(200).optional().meta({
      description: 'A video template’s id or slug (GET /api/video-templates); exactly one of prompt or template_id',
    }),
    input: slotInputSchema.optional().meta({
      description:
        'With template_id only: one sentence for a template without fields, or an object of its fields by key',
    }),
    model: z.string().min(1).max(200).optional().meta({
      description:
        'A video tier (see GET /api/available-models?media_type=video); omitted: chosen from duration and resolution',
    }),
    ratio: z.string().min(1).max(20).optional().meta({ description: 'e.g. 16:9, 9:16, 1:1' }),
    duration: z
      .number({ error: 'must be a whole number of seconds' })
      .int('must be a whole number of seconds')
      .min(1)
      .max(600)
      .optional()
      .meta({
        description:
          'Length in whole seconds, within the tier’s range; omitted: the template’s, else the tier’s default',
      }),
    resolution: z
      .string()
      .min(1)
      .max(20)
      .optional()
      .meta({ description: 'As the tier table writes it: 480p, 720p, 1080p, 768P, 2K' }),
    images: z
      .array(httpUrl)
      .max(MAX_VIDEO_IMAGES, `at most ${MAX_VIDEO_IMAGES} images`)
      .optional()
      .meta({
        description:
          `Image URLs of your Studio files (at most ${MAX_VIDEO_IMAGES}): 1 = first frame, 2 = first and last ` +
          `frame, 3 or more = appearance references`,
      }),
    videos: z
      .array(httpUrl)
      .max(MAX_VIDEO_REFERENCE_VIDEOS, `at most ${MAX_VIDEO_REFERENCE_VIDEOS} reference videos`)
      .optional()
      .meta({ description: `Reference video URLs of your Studio files (at most ${MAX_VIDEO_REFERENCE_VIDEOS})` }),
    audios: z
      .array(httpUrl)
      .max(MAX_VIDEO_REFERENCE_AUDIOS, `at most ${MAX_VIDEO_REFERENCE_AUDIOS} reference audios`)
      .optional()
      .meta({ description: `Reference audio URLs of your Studio files (at most ${MAX_VIDEO_REFERENCE_AUDIOS})` }),
    generate_audio: z
      .boolean()
      .optional()
      .meta({ description: 'true: the video gets a sound track, where the tier offers it' }),
    callback_url: httpUrl
      .optional()
      .meta({ description: 'http(s) URL Studio POSTs the finished job to (signed with your webhook secret)' }),
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
  id: z
    .uuid()
    .meta({ description: 'The task id; the same id is the job id (GET /api/jobs?id=, the jobs stream, callbacks)' }),
  task_id: z.uuid().meta({ description: 'Same value as `id`' }),
  job_status: z
    .enum(['pending', 'done', 'failed'])
    .meta({ description: 'The job’s status: pending, done or failed (a cancelled task is failed)' }),
  state: z
    .enum(videoTaskStates)
    .meta({ description: 'The task’s own state: queued, running, succeeded, failed or cancelled' }),
  model: z.string().meta({ description: 'The tier' }),
  prompt: z.string().meta({ description: 'The prompt as sent, or for a template its name and your input' }),
  template_id: z.string().nullable().meta({ description: 'The video template’s id; null for a prompt task' }),
  ratio: z.string().meta({ description: 'Aspect ratio W:H used' }),
  duration: z.number().int().meta({ description: 'Length in seconds' }),
  resolution: z.string().meta({ description: 'Resolution used, e.g. 720p' }),
  generate_audio: z.boolean().meta({ description: 'Whether a sound track was asked for' }),
  images: z.array(z.string()).meta({ description: 'Image URLs sent' }),
  videos: z.array(z.string()).meta({ description: 'Reference video URLs sent' }),
  audios: z.array(z.string()).meta({ description: 'Reference audio URLs sent' }),
  progress: z.number().int().min(0).max(100).nullable().meta({ description: 'Percent, when the upstream reports it' }),
  video_url: z
    .string()
    .nullable()
    .meta({ description: 'URL of the finished video; null until it succeeds, and once the retention deleted it' }),
  cover_url: z.string().nullable().meta({ description: 'URL of a cover still; null when there is none' }),
  result_expired_at: z.string().nullable().meta({
    description:
      'When the retention deleted the video and its cover (ISO 8601; video_url and cover_url are then null, the task and its charge stay); null: not deleted',
  }),
  error: z
    .string()
    .nullable()
    .meta({ description: 'Why the task failed or was cancelled, in plain words; null otherwise' }),
  reason: z
    .string()
    .nullable()
    .meta({
      description:
        `The cause of a failure, stable for programs: ${jobFailureReasons.join(', ')} (content_refused: the ` +
        `provider's moderation refused the prompt, an input or the generated video; not retried elsewhere). ` +
        `Refunded in every case; null unless the task failed or was cancelled`,
    }),
  note: z
    .string()
    .nullable()
    .meta({ description: 'While pending: e.g. that a backup channel is in use; null otherwise' }),
  credits: z.number().int().meta({ description: 'Credits this task costs (refunded when it fails or is cancelled)' }),
  elapsed_ms: z.number().int().nullable().meta({ description: 'Run time in ms; null until the task ends' }),
  created_at: z.string().meta({ description: 'When the task was submitted (ISO 8601)' }),
  started_at: z.string().nullable().meta({ description: 'When work started (ISO 8601); null while queued' }),
  finished_at: z.string().nullable().meta({ description: 'When the task ended (ISO 8601); null while it runs' }),
});
export type VideoTaskView = z.infer<typeof videoTaskView>;

/** GET /api/videos: `id` for one task, else a page filtered by state. */
export const videoQuerySchema = z.object({
  id: z.uuid('must be a task id (uuid)').meta({ description: 'One task by id; absent: a page of tasks' }).optional(),
  page_num: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'starts at 1')
    .max(100_000)
    .meta({ description: 'Page number, from 1 (default 1)' })
    .optional(),
  page_size: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1)
    .max(VIDEO_PAGE_SIZE_MAX, `at most ${VIDEO_PAGE_SIZE_MAX}`)
    .meta({ description: `Tasks per page, 1-${VIDEO_PAGE_SIZE_MAX} (default ${VIDEO_PAGE_SIZE_DEFAULT})` })
    .optional(),
  'filter.status': z
    .enum(videoTaskStates, `must be one of ${videoTaskStates.join(', ')}`)
    .meta({ description: 'Only tasks in this state: queued, running, succeeded, failed or cancelled' })
    .optional(),
});
export type VideoQuery = z.infer<typeof videoQuerySchema>;

export const videoDeleteSchema = z.object({
  id: z
    .uuid('must be a task id (uuid)')
    .meta({ description: 'The task to cancel (queued or running) or delete (finished)' }),
});
