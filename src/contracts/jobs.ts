import { z } from 'zod';
import { httpUrl } from './common';
import { isSupportedRatio } from './ratios';

/** Request bodies of the image job operations, shared by the procedures, the domain and the console. */

export const jobStatuses = ['pending', 'done', 'failed'] as const;
export type JobStatus = (typeof jobStatuses)[number];

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
    prompt: z.string().trim().min(1, 'must not be empty').max(8000, 'must be at most 8000 characters').optional(),
    skill_slug: z.string().min(1).max(200).optional(),
    template_id: z.string().min(1).max(200).optional(),
    input: slotInputSchema.optional(),
    provider: z.string().min(1).max(100).optional(),
    model: z.string().min(1).max(200).optional(),
    ratio: z
      .string()
      .refine(isSupportedRatio, 'must be W:H with whole numbers, between 1:4 and 4:1, e.g. 3:4, 9:16, 1:1, 4:3, 16:9')
      .optional(),
    quality: z.enum(imageQualities, 'must be one of low, medium, high').optional(),
    background: z.enum(['transparent', 'opaque'], 'must be transparent or opaque').optional(),
    reference_images: z.array(httpUrl).max(MAX_REFERENCE_IMAGES, `at most ${MAX_REFERENCE_IMAGES} reference images`).optional(),
    image_url: httpUrl.optional(),
    mask: httpUrl.optional(),
    callback_url: httpUrl.optional(),
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
  items: z.array(imageRequestSchema).min(1, 'give at least one item').max(MAX_BATCH, `at most ${MAX_BATCH} items per batch`),
  callback_url: httpUrl.optional(),
});
export type BatchRequestBody = z.infer<typeof batchRequestSchema>;
