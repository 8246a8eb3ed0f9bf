import { z } from 'zod';
import { httpUrl } from '../schemas';
import { imageQualities } from '../../upstreams/types';
import { isSupportedRatio } from './sizes';

const url = httpUrl;

/** The body of POST /api/generate and of each batch item. */
export const imageRequestSchema = z
  .strictObject({
    prompt: z.string().trim().min(1, 'must not be empty').max(8000, 'must be at most 8000 characters').optional(),
    skill_slug: z.string().min(1).max(200).optional(),
    template_id: z.string().min(1).max(200).optional(),
    input: z.union([z.string().max(8000), z.record(z.string(), z.union([z.string().max(8000), z.number(), z.boolean()]))]).optional(),
    provider: z.string().min(1).max(100).optional(),
    model: z.string().min(1).max(200).optional(),
    ratio: z
      .string()
      .refine(isSupportedRatio, 'must be W:H with whole numbers, between 1:4 and 4:1, e.g. 3:4, 9:16, 1:1, 4:3, 16:9')
      .optional(),
    quality: z.enum(imageQualities, 'must be one of low, medium, high').optional(),
    background: z.enum(['transparent', 'opaque'], 'must be transparent or opaque').optional(),
    reference_images: z.array(url).max(16, 'at most 16 reference images').optional(),
    image_url: url.optional(),
    mask: url.optional(),
    callback_url: url.optional(),
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

/** What the worker runs: the request with the prompt resolved and defaults applied. */
export interface ImageJobInput extends Record<string, unknown> {
  prompt: string;
  ratio: string;
  quality: (typeof imageQualities)[number];
  background: 'transparent' | 'opaque' | null;
  reference_images: string[];
  image_url: string | null;
  mask: string | null;
  model: string | null;
  provider: string | null;
  /** How the prompt was given, for the console. */
  source: { kind: 'prompt' } | { kind: 'skill'; slug: string } | { kind: 'template'; id: string; slug?: string };
  /** What callers see as the job's prompt when it differs from the one sent upstream (a skill's prompt is never shown). */
  display_prompt?: string;
}

export const imageJobInputSchema = z.object({
  prompt: z.string(),
  ratio: z.string(),
  quality: z.enum(imageQualities),
  background: z.enum(['transparent', 'opaque']).nullable(),
  reference_images: z.array(z.string()),
  image_url: z.string().nullable(),
  mask: z.string().nullable(),
  model: z.string().nullable(),
  provider: z.string().nullable(),
  source: z.union([
    z.object({ kind: z.literal('prompt') }),
    z.object({ kind: z.literal('skill'), slug: z.string() }),
    z.object({ kind: z.literal('template'), id: z.string(), slug: z.string().optional() }),
  ]),
  display_prompt: z.string().optional(),
});
