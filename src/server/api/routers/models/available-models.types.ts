import { z } from 'zod';
import { route } from '@/server/api/meta';

const imageEntry = z.object({
  id: z.string().meta({ description: 'Pass as `model`' }),
  kind: z.enum(['auto', 'family', 'channel']).meta({
    description:
      '`auto`: routing chooses among all upstreams; `family`: any provider of that model generation, rotating; `channel`: one provider, no fallback',
  }),
  family: z
    .string()
    .nullable()
    .meta({ description: 'For a channel: the family it serves; null for `auto` and families' }),
  capabilities: z
    .object({
      reference_images: z.boolean().meta({ description: 'Accepts `reference_images` (image-to-image)' }),
      requires_reference_images: z.boolean().meta({
        description:
          'Edits only: a request without `reference_images` is refused with 400 (for a family: every channel)',
      }),
      transparent_background: z.boolean().meta({ description: 'Accepts `background: transparent` (PNG with alpha)' }),
      mask: z.boolean().meta({ description: 'Accepts `image_url` + `mask` (mask repaint)' }),
      qualities: z.array(z.string()).meta({
        description: 'The `quality` values it honours (`low`, `medium`, `high`); empty = `quality` has no effect',
      }),
    })
    .meta({ description: 'What this entry can do; for `auto` and a family, what at least one of its channels can do' }),
});

const videoEntry = z.object({
  id: z.string().meta({ description: 'The tier: pass as `model` to POST /api/videos' }),
  kind: z.literal('tier').meta({ description: 'Always `tier`: a video model tier' }),
  duration: z
    .object({
      min: z.number().int().meta({ description: 'Shortest `duration` this tier accepts, seconds' }),
      max: z.number().int().meta({ description: 'Longest `duration` this tier accepts, seconds' }),
    })
    .meta({ description: 'Seconds' }),
  durations: z.array(z.number().int()).meta({
    description:
      'The only `duration` values this tier makes, seconds, ascending (e.g. `[4, 5, 6, 8, 10]`); another value within `duration` is refused with 400',
  }),
  resolutions: z
    .array(z.string())
    .meta({ description: 'The resolutions this tier offers, e.g. `480p`, `720p`, `1080p`' }),
  resolution_durations: z
    .record(z.string(), z.array(z.number().int()))
    .optional()
    .meta({
      description:
        'Present when a resolution is made at some of `durations` only: each such resolution with its seconds (e.g. `{"1080p": [8]}`); ' +
        'another combination is refused with 400',
    }),
  first_frame: z.boolean().meta({ description: 'Accepts one image in `images` as the first frame' }),
  last_frame: z.boolean().meta({ description: 'Accepts two images in `images` as first and last frame' }),
  last_frame_resolutions: z.array(z.string()).optional().meta({
    description:
      'Present when a last frame is taken at some of `resolutions` only (e.g. `["1080p"]`); two images at another resolution are refused with 400',
  }),
  reference_images: z
    .boolean()
    .meta({ description: 'Accepts several images in `images` (up to 9) as appearance references' }),
  reference_video: z.boolean().meta({ description: 'Accepts `videos` to guide camera movement' }),
  reference_audio: z.boolean().meta({ description: 'Accepts `audios` for rhythm, lip-sync or music alignment' }),
  generate_audio: z
    .boolean()
    .meta({ description: 'Accepts `generate_audio: true`: the model creates the sound itself' }),
});

export const availableModelsInput = z.object({
  media_type: z
    .enum(['image', 'video'], 'must be image or video')
    .default('image')
    .meta({ description: '`image` (default): the image models; `video`: the video tiers' }),
});

export const availableModelsOutput = z.object({
  ok: z.literal(true),
  media_type: z.enum(['image', 'video']).meta({ description: 'The kind listed, as asked with `media_type`' }),
  default: z.string().nullable().meta({
    description:
      'What is used when `model` is omitted: `auto` for images, the first tier for video; null when no video tier is available',
  }),
  models: z.array(z.union([imageEntry, videoEntry])).meta({
    description:
      'Images: `auto`, then the families, then the channels. Video: the tiers. A tenant bound to a family or channel sees only that',
  }),
});

export const availableModelsMeta = route('GET /available-models', 'Images', 'Models you can pass as `model`', {
  description:
    'Images (default): `auto`, the model families (any provider of that generation) and channel names ' +
    '(one provider, no fallback), each with what it can do. `?media_type=video`: the video tiers with ' +
    'their duration bounds, the seconds they make, their resolutions and the combinations they refuse ' +
    '(`resolution_durations`, `last_frame_resolutions`). A tenant bound to a family or channel sees only that.',
});
