import { z } from 'zod';
import { httpUrl } from './common';
import { imageQualities } from './jobs';
import { checkVideoModel } from './video-offers/check';

/** Upstream channel definitions: the shape of STUDIO_UPSTREAMS_FILE entries and of the console's `upstream-upsert`. */

export const mediaKinds = ['image', 'video', 'chat', 'vision'] as const;
export type Media = (typeof mediaKinds)[number];
/**
 * The media each protocol carries: one line per protocol Studio speaks (its adapter lives in
 * src/server/upstreams/providers/<protocol>/). Adding a protocol adds a line here.
 */
export const ADAPTER_MEDIA = {
  'openai-images': ['image'],
  'openai-chat': ['chat', 'vision'],
  'ark-video': ['video'],
  anthropic: ['chat', 'vision'],
  'ark-images': ['image'],
  dashscope: ['image'],
  replicate: ['image', 'video'],
  gemini: ['image', 'chat', 'vision'],
  'fal-queue': ['image', 'video'],
  kling: ['video'],
  'minimax-video': ['video'],
  'gemini-veo': ['video'],
  'dashscope-video': ['video'],
} as const satisfies Record<string, readonly Media[]>;
export type AdapterKind = keyof typeof ADAPTER_MEDIA;
export const adapterKinds = Object.keys(ADAPTER_MEDIA) as [AdapterKind, ...AdapterKind[]];

/** An image size as the Images API writes it: `WIDTHxHEIGHT`. */
export const imageSizeSchema = z.string().regex(/^[1-9]\d{1,4}x[1-9]\d{1,4}$/, 'must be WIDTHxHEIGHT, e.g. 1024x1536');

/** The sizes a model takes when any size within bounds is accepted. */
export const sizeRuleSchema = z
  .strictObject({
    multiple_of: z
      .number()
      .int()
      .min(1)
      .max(512)
      .optional()
      .meta({ description: 'Both sides must be a multiple of this (e.g. 16)' }),
    min_side: z.number().int().min(1).max(16384).optional().meta({ description: 'Shortest side in pixels' }),
    max_side: z.number().int().min(1).max(16384).optional().meta({ description: 'Longest side in pixels' }),
    min_pixels: z.number().int().min(1).optional().meta({ description: 'Fewest pixels (width × height)' }),
    max_pixels: z.number().int().min(1).optional().meta({ description: 'Most pixels (width × height)' }),
    max_aspect: z
      .number()
      .min(1)
      .max(100)
      .optional()
      .meta({ description: 'Long side / short side at most (3 = between 1:3 and 3:1)' }),
  })
  .meta({ description: 'Image: any size within these bounds' });
export type SizeRule = z.infer<typeof sizeRuleSchema>;

/** What one model of a channel can do. Absent flags mean "no". */
export const capabilitiesSchema = z.strictObject({
  reference_images: z.boolean().optional().meta({ description: 'Image or video: takes reference images' }),
  max_reference_images: z
    .number()
    .int()
    .positive()
    .optional()
    .meta({ description: 'Image or video: the most reference images one call takes' }),
  /** Image: an edit-only model; a job without reference images never goes to it (docs/routing.md → Capabilities). */
  requires_reference_images: z.boolean().optional().meta({
    description: 'Image: edits only, so it needs at least one reference image; jobs without one never go to it',
  }),
  mask: z.boolean().optional().meta({ description: 'Image: repaints inside a mask' }),
  transparent_background: z.boolean().optional().meta({ description: 'Image: can make a transparent background' }),
  /** Image quality levels the model accepts; empty or absent: no quality parameter. */
  qualities: z
    .array(z.enum(imageQualities))
    .optional()
    .meta({
      description: `Image: the quality levels it accepts (${imageQualities.join(', ')}); empty or absent: no quality parameter`,
    }),
  /** Image sizes the model accepts: a list, or a rule; absent: the known sizes of its model id (docs/routing.md → Sizes). */
  sizes: z
    .union([z.array(imageSizeSchema).min(1).max(64), sizeRuleSchema])
    .optional()
    .meta({
      description:
        'Image: the sizes it accepts, a list (["1024x1024", "1536x1024"]) or a rule; absent: the known sizes of its model id',
    }),
  /** Image: whether a result may be cropped to the ratio asked for (default true); false serves only ratios a size gives exactly. */
  crop: z
    .boolean()
    .optional()
    .meta({ description: 'Image: crop the result to the ratio asked for when no size has it exactly (default true)' }),
  /** Image: `output_format` values the model accepts; absent: the known formats of its model id, or none (the parameter is not sent). */
  output_formats: z
    .array(z.enum(['png', 'jpeg', 'webp']))
    .optional()
    .meta({
      description:
        'Image: the output_format values it accepts; absent: known from its model id, else the parameter is not sent',
    }),
  /** Video: duration range in seconds and resolutions of the tier. */
  duration: z
    .strictObject({
      min: z.number().int().positive().meta({ description: 'Shortest video, in seconds' }),
      max: z.number().int().positive().meta({ description: 'Longest video, in seconds' }),
    })
    .optional()
    .meta({ description: 'Video: the duration range (required for every video model)' }),
  /** Video: the only durations the model makes, when not every second of the range (Kling: 5 or 10). */
  durations: z.array(z.number().int().positive()).min(1).max(60).optional().meta({
    description: 'Video: the only durations it makes, in seconds, when not every second of the range (Kling: 5, 10)',
  }),
  resolutions: z
    .array(z.string().min(1))
    .optional()
    .meta({ description: 'Video: the resolutions of the tier, e.g. 720p' }),
  /** Video: a resolution made at some durations only (Veo on the Gemini API: 1080p at 8 seconds only). */
  resolution_durations: z
    .record(z.string().min(1), z.array(z.number().int().positive()).min(1).max(60))
    .optional()
    .meta({
      description:
        'Video: resolutions made at some durations only, each with the seconds it is made at ({"1080p": [8]}); ' +
        'a resolution not named is made at every duration',
    }),
  first_frame: z.boolean().optional().meta({ description: 'Video: starts from a given first frame' }),
  last_frame: z.boolean().optional().meta({ description: 'Video: ends on a given last frame' }),
  /** Video: the resolutions a last frame is taken at, when not all of them (Kling: pro mode, 1080p). */
  last_frame_resolutions: z.array(z.string().min(1)).min(1).optional().meta({
    description:
      'Video: the only resolutions it takes a last frame at (Kling: ["1080p"], pro mode); absent: every resolution it makes',
  }),
  reference_video: z.boolean().optional().meta({ description: 'Video: takes a reference video' }),
  reference_audio: z.boolean().optional().meta({ description: 'Video: takes reference audio' }),
  generate_audio: z.boolean().optional().meta({ description: 'Video: can make a soundtrack' }),
  /** Chat: image inputs, streaming, JSON mode and tool (function) calls. */
  vision: z.boolean().optional().meta({ description: 'Chat: takes image inputs' }),
  streaming: z.boolean().optional().meta({ description: 'Chat: streams its answer' }),
  json_mode: z.boolean().optional().meta({ description: 'Chat: JSON mode' }),
  tools: z.boolean().optional().meta({ description: 'Chat: tool (function) calls' }),
  /** Chat: a reasoning model, which takes `max_completion_tokens` and refuses `max_tokens`; absent: known from its model id (o1, o3, o4, gpt-5). */
  reasoning: z.boolean().optional().meta({
    description:
      'Chat: a reasoning model (takes max_completion_tokens, refuses max_tokens); absent: known from its model id',
  }),
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
  capabilities: capabilitiesSchema
    .default({})
    .meta({ description: 'What the model can do; absent flags mean no, and only the flags of its media are allowed' }),
});
export type UpstreamModel = z.infer<typeof upstreamModelSchema>;

export const channelNameSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{1,62}$/, 'must be 2-63 lowercase letters, digits, dot, dash or underscore');

/** The capability flags that mean something for each media. */
export const MEDIA_CAPABILITIES: Record<Media, readonly (keyof Capabilities)[]> = {
  image: [
    'reference_images',
    'max_reference_images',
    'requires_reference_images',
    'mask',
    'transparent_background',
    'qualities',
    'sizes',
    'crop',
    'output_formats',
  ],
  video: [
    'duration',
    'durations',
    'resolutions',
    'resolution_durations',
    'first_frame',
    'last_frame',
    'last_frame_resolutions',
    'reference_images',
    'max_reference_images',
    'reference_video',
    'reference_audio',
    'generate_audio',
  ],
  chat: ['streaming', 'json_mode', 'tools', 'vision', 'reasoning'],
  vision: ['streaming', 'json_mode', 'tools', 'vision', 'reasoning'],
};

/** Family names callers pass as `model`: no spaces, and not the word that means "let Studio choose". */
const familySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:/-]{0,99}$/, 'must be 1-100 letters, digits, dot, dash, underscore, colon or slash')
  .refine((f) => f.toLowerCase() !== 'auto', '"auto" is reserved for letting Studio choose');

/** A model as the console enters it: the file's shape with stricter, per-media checks. */
const consoleModelSchema = upstreamModelSchema.extend({
  family: familySchema.meta({
    description: 'What callers ask for as `model`: a model family or video tier (not `auto`, not a channel name)',
  }),
  model: z
    .string()
    .trim()
    .min(1, 'give the provider model id')
    .max(200, 'must be at most 200 characters')
    .meta({ description: "The provider's model id sent upstream" }),
  media: z
    .array(z.enum(mediaKinds, 'must be image, video, chat or vision'))
    .min(1, 'name at least one media')
    .meta({ description: 'What it produces: image, video, chat or vision, as the adapter carries' }),
  cost_usd: z.number().min(0, 'must not be negative').max(1000, 'must be at most 1000').default(0).meta({
    description: 'Platform cost in USD per image, request or video second, 0-1000 (default 0); never shown to tenants',
  }),
});

/** A Kling channel's key: its access key and secret key joined by a colon (no colon inside either). */
export const KLING_KEY = /^[^:\s]+:[^:\s]+$/;
export const KLING_KEY_TEXT = 'a Kling key is "<access key>:<secret key>", joined by a colon';

/**
 * The body of `upstream-upsert`: a channel added or changed in the operator console. `api_key` is
 * required for a new channel; left out on an edit it keeps the stored key (which is never shown again).
 */
export const upstreamUpsertSchema = z
  .strictObject({
    name: channelNameSchema.meta({
      description:
        'The channel name: 2-63 lowercase letters, digits, dot, dash or underscore; an existing console channel of that name is changed',
    }),
    provider: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(100, 'must be at most 100 characters')
      .meta({ description: 'Who runs the upstream service (1-100 characters)' }),
    adapter: z.enum(adapterKinds, `must be one of ${adapterKinds.join(', ')}`).meta({
      description: `The protocol: ${adapterKinds.map((a) => `${a} (${ADAPTER_MEDIA[a].join(', ')})`).join(', ')}`,
    }),
    base_url: httpUrl.meta({
      description:
        'The http(s) address calls go to. For OpenAI-style protocols a path ending in an API version segment ' +
        '(/v1, /api/v3, /api/paas/v4) is the API root ({base}/chat/completions); any other path is a prefix ({base}/v1/chat/completions)',
    }),
    api_key: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(4096, 'must be at most 4096 characters')
      .optional()
      .meta({
        description:
          'The provider key (Kling: "<access key>:<secret key>"); required for a new channel, left out on an edit to keep the stored one (never shown again)',
      }),
    soft_timeout_ms: z
      .number()
      .int('must be a whole number')
      .min(1000, 'must be at least 1000')
      .max(3_600_000, 'must be at most 3600000')
      .default(60_000)
      .meta({
        description:
          'How long one attempt may wait for an answer before it ends as a timeout, in ms, 1000-3600000 (default 60000)',
      }),
    models: z
      .array(consoleModelSchema)
      .min(1, 'give at least one model')
      .max(100, 'at most 100 models')
      .meta({ description: 'The models the channel serves, 1-100' }),
    enabled: z
      .boolean()
      .optional()
      .meta({ description: 'false: routing skips it; left out: enabled when new, unchanged when edited' }),
  })
  .superRefine((body, ctx) => {
    // Kling signs a token per call with a key pair: both halves travel in the one key field.
    if (body.adapter === 'kling' && body.api_key !== undefined && !KLING_KEY.test(body.api_key))
      ctx.addIssue({ code: 'custom', path: ['api_key'], message: KLING_KEY_TEXT });
    const allowed: readonly Media[] = ADAPTER_MEDIA[body.adapter];
    const seen = new Set<string>();
    body.models.forEach((m, i) => {
      for (const [j, media] of m.media.entries()) {
        if (!allowed.includes(media)) {
          ctx.addIssue({
            code: 'custom',
            path: ['models', i, 'media', j],
            message: `${body.adapter} carries ${allowed.join(' or ')}, not ${media}`,
          });
        }
      }
      const meaningful = new Set(m.media.flatMap((media) => MEDIA_CAPABILITIES[media]));
      for (const key of Object.keys(m.capabilities) as (keyof Capabilities)[]) {
        if (!meaningful.has(key))
          ctx.addIssue({
            code: 'custom',
            path: ['models', i, 'capabilities', key],
            message: `does not apply to ${m.media.join(', ')}`,
          });
      }
      if (m.capabilities.requires_reference_images && !m.capabilities.reference_images)
        ctx.addIssue({
          code: 'custom',
          path: ['models', i, 'capabilities', 'requires_reference_images'],
          message: 'a model that needs reference images must take them: set reference_images too',
        });
      const d = m.capabilities.duration;
      if (d && d.min > d.max)
        ctx.addIssue({
          code: 'custom',
          path: ['models', i, 'capabilities', 'duration'],
          message: 'min must not be above max',
        });
      const outside = (m.capabilities.durations ?? []).filter((s) => d && (s < d.min || s > d.max));
      if (outside.length > 0)
        ctx.addIssue({
          code: 'custom',
          path: ['models', i, 'capabilities', 'durations'],
          message: `${outside.join(', ')} s lie outside the duration range`,
        });
      const resolutions = (m.capabilities.resolutions ?? []).map((r) => r.toLowerCase());
      for (const [r, seconds] of Object.entries(m.capabilities.resolution_durations ?? {})) {
        if (!resolutions.includes(r.toLowerCase()))
          ctx.addIssue({
            code: 'custom',
            path: ['models', i, 'capabilities', 'resolution_durations', r],
            message: `${r} is not one of its resolutions`,
          });
        const off = seconds.filter(
          (s) => (d && (s < d.min || s > d.max)) || !(m.capabilities.durations ?? [s]).includes(s),
        );
        if (off.length > 0)
          ctx.addIssue({
            code: 'custom',
            path: ['models', i, 'capabilities', 'resolution_durations', r],
            message: `${off.join(', ')} s are not among its durations`,
          });
      }
      const tails = m.capabilities.last_frame_resolutions ?? [];
      if (tails.length > 0 && !m.capabilities.last_frame)
        ctx.addIssue({
          code: 'custom',
          path: ['models', i, 'capabilities', 'last_frame_resolutions'],
          message: 'a model that takes a last frame at some resolutions must take one: set last_frame too',
        });
      for (const r of tails.filter((x) => !resolutions.includes(x.toLowerCase())))
        ctx.addIssue({
          code: 'custom',
          path: ['models', i, 'capabilities', 'last_frame_resolutions'],
          message: `${r} is not one of its resolutions`,
        });
      // Only where the adapter carries video: a video model on an image or chat adapter is refused by its media alone.
      const carriesVideo = (ADAPTER_MEDIA[body.adapter] as readonly string[]).includes('video');
      if (carriesVideo && m.media.includes('video') && !d)
        ctx.addIssue({
          code: 'custom',
          path: ['models', i, 'capabilities', 'duration'],
          message: 'a video model needs its duration range',
        });
      // A video model is held to what its provider model offers (src/contracts/video-offers); an unknown model passes unchecked.
      for (const p of checkVideoModel(body.adapter, m).problems)
        ctx.addIssue({ code: 'custom', path: ['models', i, ...p.path], message: p.message });
      const key = `${m.family}\u0000${m.model}`;
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['models', i, 'model'],
          message: `"${m.model}" for "${m.family}" appears twice`,
        });
      seen.add(key);
    });
  });
export type UpstreamUpsert = z.output<typeof upstreamUpsertSchema>;
