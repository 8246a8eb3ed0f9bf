import { z } from 'zod';

/** Parameters `/api/reverse` took before 2026-08-16; each is now a 400 pointing at `/api/image-to-template`. */
export const REMOVED_REVERSE_PARAMS = ['variablize', 'variables', 'variable_labels', 'create_template', 'template', 'async'] as const;

/** The largest image `/api/reverse` and `/api/image-to-template` read. */
export const READ_IMAGE_MAX_BYTES = 6 * 1024 * 1024;

/** Formats read, decided from the bytes. */
export const READ_IMAGE_FORMATS = ['png', 'jpg', 'webp'] as const;

const text = z.string().trim().min(1).max(4_000);

/** What an image reading is made of (spec, `/api/reverse`): the fixed field set, no more and no less. */
export const readingSchema = z.object({
  sculpt: z.object({ subject: text, composition: text, universe: text, light: text, print: text, texture: text }),
  prompt: text,
  prompt_cn: text,
  style_tags: z.array(z.string().trim().min(1).max(80)).min(1).max(20),
  aspect_ratio: z.string().trim().min(1).max(20),
  zh_name: z.string().trim().min(1).max(80),
  description: text,
  genre: z.string().trim().min(1).max(80),
  body_md: z.string().trim().min(1).max(20_000),
});
export type Reading = z.infer<typeof readingSchema>;

/** The answer of `POST /api/reverse`. `ratio` is the ratio `/api/generate` accepts nearest to the image's real aspect. */
export const reverseAnswerSchema = z.strictObject({
  ok: z.literal(true),
  ...readingSchema.shape,
  ratio: z.string(),
});
export type ReverseAnswer = z.infer<typeof reverseAnswerSchema>;
