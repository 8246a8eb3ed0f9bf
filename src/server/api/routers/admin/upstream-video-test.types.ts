import { z } from 'zod';

/** The answers of the channel test that makes a short video (`upstream-test-video`, `upstream-test-video-task`). */

const d = (description: string) => ({ description });
const errorClass = z
  .string()
  .nullable()
  .meta(
    d(
      'How it failed, as routing classifies it (timeout, rate_limit, server_error, network, invalid_key, unpaid, ' +
        'bad_request, unsupported, bad_output, invalid_input, refused); null otherwise',
    ),
  );

export const videoTestStart = z.object({
  ok: z.boolean().meta(d('True when the provider took the task')),
  error_class: errorClass,
  message: z.string().meta(d('The outcome in words: the task created, or the error the channel gave')),
  family: z.string().meta(d('The tier of the model tested')),
  model: z.string().meta(d('The provider model id tested')),
  call: z.string().meta(d('The request sent, in words')),
  duration: z.number().int().meta(d("The seconds asked for: the model's shortest")),
  resolution: z
    .string()
    .nullable()
    .meta(d("The resolution asked for: the model's lowest; null: the provider's default")),
  task_id: z
    .string()
    .nullable()
    .meta(d('The task handle to read with `upstream-test-video-task`; null when not created')),
});

export const videoTestTask = z.object({
  task_id: z.string().meta(d('The task handle read')),
  status: z
    .enum(['queued', 'running', 'succeeded', 'failed', 'cancelled', 'expired'])
    .meta(d('Where the task stands; failed too when the video made is not an MP4 of the duration asked')),
  ok: z.boolean().nullable().meta(d('True once a verified video was made, false once it failed, null while it runs')),
  error_class: errorClass,
  message: z.string().nullable().meta(d('The outcome in words; null while it runs')),
  video: z
    .object({
      url: z.string().meta(d('Where the verified video is kept, to play it')),
      duration_s: z.number().meta(d('Its length in seconds, from the MP4 header')),
      bytes: z.number().int().meta(d('Its size in bytes')),
    })
    .nullable()
    .meta(d('The video once made and verified; null before, or when it failed')),
});
