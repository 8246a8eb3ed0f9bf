import { z } from 'zod';

/** Parameters `/api/reverse` took before 2026-08-16; each is now a 400 pointing at `/api/image-to-template`. */
export const REMOVED_REVERSE_PARAMS = [
  'variablize',
  'variables',
  'variable_labels',
  'create_template',
  'template',
  'async',
] as const;

/** The largest image `/api/reverse` and `/api/image-to-template` read. */
export const READ_IMAGE_MAX_BYTES = 6 * 1024 * 1024;

/** Formats read, decided from the bytes. */
export const READ_IMAGE_FORMATS = ['png', 'jpg', 'webp'] as const;

const text = z.string().trim().min(1).max(4_000);

/** What an image reading is made of (spec, `/api/reverse`): the fixed field set, no more and no less. */
export const readingSchema = z.object({
  sculpt: z
    .object({
      subject: text.meta({ description: 'What the picture shows' }),
      composition: text.meta({ description: 'How the picture is framed and arranged' }),
      universe: text.meta({ description: 'The setting and world of the picture' }),
      light: text.meta({ description: 'The lighting' }),
      print: text.meta({ description: 'The medium and rendering (photograph, illustration, 3D, ...)' }),
      texture: text.meta({ description: 'Surfaces, materials and detail' }),
    })
    .meta({ description: 'The picture taken apart into six aspects, each a short text' }),
  prompt: text.meta({ description: 'An English prompt that generates a similar image' }),
  prompt_cn: text.meta({ description: 'The same prompt in Chinese' }),
  style_tags: z.array(z.string().trim().min(1).max(80)).min(1).max(20).meta({ description: 'Style keywords, 1 to 20' }),
  aspect_ratio: z.string().trim().min(1).max(20).meta({
    description: 'The aspect the model saw, `W:H` as it wrote it; `ratio` is the one to pass to POST /api/generate',
  }),
  zh_name: z.string().trim().min(1).max(80).meta({ description: 'A short Chinese name for the picture' }),
  description: text.meta({ description: 'One or two sentences about the picture' }),
  genre: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .meta({ description: 'The kind of picture (poster, portrait, product shot, ...)' }),
  body_md: z.string().trim().min(1).max(20_000).meta({ description: 'A short write-up in Chinese, Markdown' }),
});
export type Reading = z.infer<typeof readingSchema>;

/** The answer of `POST /api/reverse`. `ratio` is the ratio `/api/generate` accepts nearest to the image's real aspect. */
export const reverseAnswerSchema = z.strictObject({
  ok: z.literal(true),
  ...readingSchema.shape,
  ratio: z.string().meta({
    description:
      "The ratio POST /api/generate accepts nearest to the image's real aspect, measured from its pixels (e.g. `3:4`)",
  }),
});
export type ReverseAnswer = z.infer<typeof reverseAnswerSchema>;

/** The ratios a reading answers with: ones `/api/generate` accepts, from 1:4 to 4:1. */
export const READING_RATIOS = [
  '1:4',
  '1:3',
  '1:2',
  '9:16',
  '2:3',
  '3:4',
  '4:5',
  '1:1',
  '5:4',
  '4:3',
  '3:2',
  '16:9',
  '2:1',
  '21:9',
  '3:1',
  '4:1',
] as const;
