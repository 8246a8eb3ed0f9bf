import { z } from 'zod';
import { httpUrl } from './common';
import { isSupportedRatio } from './ratios';

/** Request bodies of the image job operations, shared by the procedures, the domain and the console. */

export const jobStatuses = ['pending', 'done', 'failed'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/**
 * Why a job or video task failed, as `reason` beside its `error` text: stable for programs (docs/api.md → Job failures).
 * - content_refused: the provider's moderation refused the prompt, an input or the result; refunded, not retried elsewhere
 * - invalid_input: an input file was refused as unreadable
 * - invalid_parameter: the provider refused a parameter of the request
 * - capability_unsupported: no model can do what was asked (a ratio, a reference count)
 * - upstream_quota: the provider's quota or rate limit was exhausted on every upstream
 * - upstream_error: the provider failed (an internal error, an unusable result, unreachable)
 * - timeout: the work did not finish in time
 * - cancelled: cancelled by the caller
 * - interrupted: stopped by Studio after repeated restarts, or an internal error
 */
export const jobFailureReasons = [
  'content_refused',
  'invalid_input',
  'invalid_parameter',
  'capability_unsupported',
  'upstream_quota',
  'upstream_error',
  'timeout',
  'cancelled',
  'interrupted',
] as const;
export type JobFailureReason = (typeof jobFailureReasons)[number];

export const imageQualities = ['low', 'medium', 'high'] as const;
export type ImageQuality = (typeof imageQualities)[number];

export const MAX_BATCH = 32;
/** The most reference images one request takes. */
export const MAX_REFERENCE_IMAGES = 16;

/** `input` of a skill or template: one sentence, or an object of form fields. */
export const slotInputSchema = z.union([
  z.string().max(8000),
  z.record(z.string(), z.union([z.string().max(8000), z.number(), z.boolean()])),
]);

/** The body of POST /api/generate and of each batch item. */
export const imageRequestSchema = z
  .strictObject({
    prompt: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(8000, 'must be at most 8000 characters')
      .optional()
      .meta({ description: 'The full prompt; exactly one of prompt, skill_slug, template_id' }),
    skill_slug: z.string().min(1).max(200).optional().meta({
      description:
        'A platform skill (GET /api/skills) filled from input; exactly one of prompt, skill_slug, template_id',
    }),
    template_id: z.string().min(1).max(200).optional().meta({
      description:
        'An image template, by id or slug (GET /api/templates), filled from input on the server; exactly one of prompt, skill_slug, template_id',
    }),
    input: slotInputSchema.optional().meta({
      description:
        'For a skill or template: one sentence for one-sentence recipes, or an object of its form fields by key',
    }),
    provider: z.string().min(1).max(100).optional().meta({
      description:
        'Names one provider, bypassing scoring and fallback; for troubleshooting only, usually omitted (auto)',
    }),
    model: z.string().min(1).max(200).optional().meta({
      description:
        'auto (default) lets Studio route; a family name rotates inside that family; a channel name locks one provider (GET /api/available-models)',
    }),
    ratio: z
      .string()
      .refine(isSupportedRatio, 'must be W:H with whole numbers, between 1:4 and 4:1, e.g. 3:4, 9:16, 1:1, 4:3, 16:9')
      .optional()
      .meta({ description: 'Aspect ratio W:H between 1:4 and 4:1, e.g. 3:4, 9:16, 1:1, 4:3, 16:9' }),
    quality: z
      .enum(imageQualities, 'must be one of low, medium, high')
      .optional()
      .meta({ description: 'low, medium or high (default high); sets the price' }),
    background: z.enum(['transparent', 'opaque'], 'must be transparent or opaque').optional().meta({
      description:
        'transparent forces a PNG with alpha from upstreams that support it (400 when none does); opaque; omitted: the model decides',
    }),
    reference_images: z
      .array(httpUrl)
      .max(MAX_REFERENCE_IMAGES, `at most ${MAX_REFERENCE_IMAGES} reference images`)
      .optional()
      .meta({
        description:
          'Image-to-image: up to 16 image addresses (upload them first); they win over a template’s default reference images',
      }),
    image_url: httpUrl.optional().meta({ description: 'Mask repaint: the image to repaint; goes together with mask' }),
    mask: httpUrl.optional().meta({
      description:
        'Mask repaint: white is repainted, black kept; goes together with image_url (currently no upstream offers it: 400)',
    }),
    callback_url: httpUrl
      .optional()
      .meta({ description: 'The finished or failed job is POSTed here, signed with your webhook secret' }),
  })
  .superRefine((b, ctx) => {
    const sources = [b.prompt, b.skill_slug, b.template_id].filter((v) => v !== undefined).length;
    if (sources !== 1) {
      ctx.addIssue({ code: 'custom', path: [], message: 'give exactly one of prompt, skill_slug or template_id' });
    }
    if ((b.image_url === undefined) !== (b.mask === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [b.image_url === undefined ? 'image_url' : 'mask'],
        message: 'image_url and mask go together: mask repaint needs both',
      });
    }
  });
export type ImageRequestBody = z.infer<typeof imageRequestSchema>;

/** The body of POST /api/generate-batch. */
export const batchRequestSchema = z.strictObject({
  items: z
    .array(imageRequestSchema)
    .min(1, 'give at least one item')
    .max(MAX_BATCH, `at most ${MAX_BATCH} items per batch`)
    .meta({ description: '1 to 32 image requests, each as the body of POST /api/generate' }),
  callback_url: httpUrl
    .optional()
    .meta({ description: 'Each finished job of the batch is POSTed here (an item’s own callback_url wins)' }),
});
export type BatchRequestBody = z.infer<typeof batchRequestSchema>;
