import { z } from 'zod';
import { httpUrl } from './common';
import { imageQualities } from './jobs';

/** Upstream channel definitions: the shape of STUDIO_UPSTREAMS_FILE entries and of the console's `upstream-upsert`. */

export const mediaKinds = ['image', 'video', 'chat', 'vision'] as const;
export type Media = (typeof mediaKinds)[number];
export const adapterKinds = ['openai-images', 'openai-chat', 'ark-video'] as const;
export type AdapterKind = (typeof adapterKinds)[number];

/** What one model of a channel can do. Absent flags mean "no". */
export const capabilitiesSchema = z.strictObject({
  reference_images: z.boolean().optional(),
  max_reference_images: z.number().int().positive().optional(),
  mask: z.boolean().optional(),
  transparent_background: z.boolean().optional(),
  /** Image quality levels the model accepts; empty or absent: no quality parameter. */
  qualities: z.array(z.enum(imageQualities)).optional(),
  /** Video: duration range in seconds and resolutions of the tier. */
  duration: z.strictObject({ min: z.number().int().positive(), max: z.number().int().positive() }).optional(),
  resolutions: z.array(z.string().min(1)).optional(),
  first_frame: z.boolean().optional(),
  last_frame: z.boolean().optional(),
  reference_video: z.boolean().optional(),
  reference_audio: z.boolean().optional(),
  generate_audio: z.boolean().optional(),
  /** Chat: image inputs, streaming, JSON mode and tool (function) calls. */
  vision: z.boolean().optional(),
  streaming: z.boolean().optional(),
  json_mode: z.boolean().optional(),
  tools: z.boolean().optional(),
});
export type Capabilities = z.infer<typeof capabilitiesSchema>;

export const upstreamModelSchema = z.strictObject({
  /** The generation callers ask for: an image or chat model family, or a video tier id. */
  family: z.string().min(1),
  /** The provider-side model id sent upstream. */
  model: z.string().min(1),
  media: z.array(z.enum(mediaKinds)).min(1),
  /** Platform cost per unit (image, request or video second), never shown to tenants. */
  cost_usd: z.number().min(0).default(0),
  capabilities: capabilitiesSchema.default({}),
});
export type UpstreamModel = z.infer<typeof upstreamModelSchema>;

export const channelNameSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{1,62}$/, 'must be 2-63 lowercase letters, digits, dot, dash or underscore');

/** The media each protocol carries, and the capability flags that mean something for each media. */
export const ADAPTER_MEDIA: Record<AdapterKind, readonly Media[]> = {
  'openai-images': ['image'],
  'openai-chat': ['chat', 'vision'],
  'ark-video': ['video'],
};
const MEDIA_CAPABILITIES: Record<Media, readonly (keyof Capabilities)[]> = {
  image: ['reference_images', 'max_reference_images', 'mask', 'transparent_background', 'qualities'],
  video: ['duration', 'resolutions', 'first_frame', 'last_frame', 'reference_images', 'max_reference_images', 'reference_video', 'reference_audio', 'generate_audio'],
  chat: ['streaming', 'json_mode', 'tools', 'vision'],
  vision: ['streaming', 'json_mode', 'tools', 'vision'],
};

/** Family names callers pass as `model`: no spaces, and not the word that means "let Studio choose". */
const familySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:/-]{0,99}$/, 'must be 1-100 letters, digits, dot, dash, underscore, colon or slash')
  .refine((f) => f.toLowerCase() !== 'auto', '"auto" is reserved for letting Studio choose');

/** A model as the console enters it: the file's shape with stricter, per-media checks. */
const consoleModelSchema = upstreamModelSchema.extend({
  family: familySchema,
  model: z.string().trim().min(1, 'give the provider model id').max(200, 'must be at most 200 characters'),
  media: z.array(z.enum(mediaKinds, 'must be image, video, chat or vision')).min(1, 'name at least one media'),
  cost_usd: z.number().min(0, 'must not be negative').max(1000, 'must be at most 1000').default(0),
});

/**
 * The body of `upstream-upsert`: a channel added or changed in the operator console. `api_key` is
 * required for a new channel; left out on an edit it keeps the stored key (which is never shown again).
 */
export const upstreamUpsertSchema = z
  .strictObject({
    name: channelNameSchema,
    provider: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
    adapter: z.enum(adapterKinds, 'must be openai-images, openai-chat or ark-video'),
    base_url: httpUrl,
    api_key: z.string().trim().min(1, 'must not be empty').max(4096, 'must be at most 4096 characters').optional(),
    soft_timeout_ms: z.number().int('must be a whole number').min(1000, 'must be at least 1000').max(3_600_000, 'must be at most 3600000').default(60_000),
    models: z.array(consoleModelSchema).min(1, 'give at least one model').max(100, 'at most 100 models'),
    enabled: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    const allowed = ADAPTER_MEDIA[body.adapter];
    const seen = new Set<string>();
    body.models.forEach((m, i) => {
      for (const [j, media] of m.media.entries()) {
        if (!allowed.includes(media)) {
          ctx.addIssue({ code: 'custom', path: ['models', i, 'media', j], message: `${body.adapter} carries ${allowed.join(' or ')}, not ${media}` });
        }
      }
      const meaningful = new Set(m.media.flatMap((media) => MEDIA_CAPABILITIES[media]));
      for (const key of Object.keys(m.capabilities) as (keyof Capabilities)[]) {
        if (!meaningful.has(key)) ctx.addIssue({ code: 'custom', path: ['models', i, 'capabilities', key], message: `does not apply to ${m.media.join(', ')}` });
      }
      const d = m.capabilities.duration;
      if (d && d.min > d.max) ctx.addIssue({ code: 'custom', path: ['models', i, 'capabilities', 'duration'], message: 'min must not be above max' });
      if (body.adapter === 'ark-video' && !d) ctx.addIssue({ code: 'custom', path: ['models', i, 'capabilities', 'duration'], message: 'a video model needs its duration range' });
      const key = `${m.family}\u0000${m.model}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['models', i, 'model'], message: `"${m.model}" for "${m.family}" appears twice` });
      seen.add(key);
    });
  });
export type UpstreamUpsert = z.output<typeof upstreamUpsertSchema>;
