import { z } from 'zod';
import { route } from '../../meta';

const imageEntry = z.object({
  id: z.string().meta({ description: 'Pass as `model`' }),
  kind: z.enum(['auto', 'family', 'channel']),
  family: z.string().nullable(),
  capabilities: z.object({
    reference_images: z.boolean(),
    transparent_background: z.boolean(),
    mask: z.boolean(),
    qualities: z.array(z.string()),
  }),
});

const videoEntry = z.object({
  id: z.string().meta({ description: 'The tier: pass as `model` to POST /api/videos' }),
  kind: z.literal('tier'),
  duration: z.object({ min: z.number().int(), max: z.number().int() }).meta({ description: 'Seconds' }),
  resolutions: z.array(z.string()),
  first_frame: z.boolean(),
  last_frame: z.boolean(),
  reference_images: z.boolean(),
  reference_video: z.boolean(),
  reference_audio: z.boolean(),
  generate_audio: z.boolean(),
});

export const availableModelsInput = z.object({ media_type: z.enum(['image', 'video'], 'must be image or video').default('image') });

export const availableModelsOutput = z.object({
  ok: z.literal(true),
  media_type: z.enum(['image', 'video']),
  default: z.string().nullable(),
  models: z.array(z.union([imageEntry, videoEntry])),
});

export const availableModelsMeta = route('GET /available-models', 'Images', 'Models you can pass as `model`', {
  description: 'Images (default): `auto`, the model families (any provider of that generation) and channel names (one provider, no fallback), each with what it can do. `?media_type=video`: the video tiers with their duration bounds and resolutions. A tenant bound to a family or channel sees only that.',
});
