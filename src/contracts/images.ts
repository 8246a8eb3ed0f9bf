import { z } from 'zod';
import { AUTO_MODEL } from './chat';
import { MAX_BATCH, MAX_REFERENCE_IMAGES } from './jobs';
import { isSupportedRatio } from './ratios';

/**
 * OpenAI's Images API as Studio serves it (`POST /api/images/generations`, `POST /api/images/edits`):
 * the request bodies, the size → ratio rule and the model naming. docs/api.md → OpenAI Images API.
 */

/** `model` prefixes that name a Studio recipe instead of a model. */
export const TEMPLATE_PREFIX = 'template:';
export const SKILL_PREFIX = 'skill:';

/** Sizes OpenAI's clients offer, each with the ratio Studio makes for it (any other W×H of a supported ratio is taken too). */
export const IMAGE_SIZES: readonly { size: string; ratio: string }[] = [
  { size: '1024x1024', ratio: '1:1' },
  { size: '512x512', ratio: '1:1' },
  { size: '256x256', ratio: '1:1' },
  { size: '1536x1024', ratio: '3:2' },
  { size: '1024x1536', ratio: '2:3' },
  { size: '1792x1024', ratio: '7:4' },
  { size: '1024x1792', ratio: '4:7' },
  { size: '1024x768', ratio: '4:3' },
  { size: '768x1024', ratio: '3:4' },
  { size: '1920x1080', ratio: '16:9' },
  { size: '1080x1920', ratio: '9:16' },
];

const SIZE_PATTERN = /^([1-9]\d{1,4})x([1-9]\d{1,4})$/;
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The ratio a `size` asks for: `W×H` reduced (`1920x1080` → `16:9`), when Studio makes that ratio
 * (at most two digits a side, between 1:4 and 4:1) and each side is 64 to 8192 pixels; null
 * otherwise. `auto` is not a ratio: the caller's recipe or Studio's default decides.
 */
export function ratioOfSize(size: string): string | null {
  const m = SIZE_PATTERN.exec(size);
  if (!m) return null;
  const w = Number(m[1]);
  const h = Number(m[2]);
  if (w < 64 || h < 64 || w > 8192 || h > 8192) return null;
  const d = gcd(w, h);
  const ratio = `${w / d}:${h / d}`;
  return isSupportedRatio(ratio) ? ratio : null;
}

export const SIZES_TEXT =
  `auto, ${IMAGE_SIZES.map((s) => s.size).join(', ')}, or any WIDTHxHEIGHT (64-8192 pixels a side) whose ` +
  `ratio reduces to W:H with at most two digits each, between 1:4 and 4:1`;

const size = z
  .string()
  .refine((v) => v === 'auto' || ratioOfSize(v) !== null, {
    error: (issue) => `${String(issue.input)} is not a size Studio makes; use ${SIZES_TEXT}`,
  })
  .meta({
    description:
      'Sets the aspect ratio (1024x1024 → 1:1, 1536x1024 → 3:2, 1792x1024 → 7:4, 1920x1080 → 16:9, …); the pixel ' +
      'size is the routed model’s. `auto` (or absent): the template’s or skill’s ratio, else 1:1',
  });

/** OpenAI's quality names and what Studio makes for each (`auto` and absent: Studio's default, high). */
export const QUALITY_MAP = {
  low: 'low',
  medium: 'medium',
  high: 'high',
  standard: 'medium',
  hd: 'high',
  auto: null,
} as const;

export const imageOutputFormats = ['png', 'jpeg', 'webp'] as const;

/** The fields both operations take. */
const common = {
  model: z
    .string()
    .min(1)
    .max(300)
    .optional()
    .meta({
      description:
        `\`${AUTO_MODEL}\` (or \`auto\`, or absent): Studio routes. A model family or channel name (GET ` +
        '/api/available-models). `template:<slug or id>`: an image template, `prompt` filling its first field. ' +
        '`skill:<slug>`: a skill, likewise',
    }),
  prompt: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(8000, 'must be at most 8000 characters')
    .meta({ description: 'What to draw; for a template or skill, the value of its first field (or its one sentence)' }),
  input: z
    .record(z.string(), z.union([z.string().max(8000), z.number(), z.boolean()]))
    .optional()
    .meta({
      description:
        'Studio: the other fields of a form template or skill, by key (`prompt` fills the first field). In a multipart ' +
        'body, a JSON object as text',
    }),
  n: z
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_BATCH, `at most ${MAX_BATCH} images per request`)
    .optional()
    .meta({ description: `1 (default) to ${MAX_BATCH}; more than one is a batch, one job per image` }),
  size: size.optional(),
  quality: z
    .enum(['auto', 'low', 'medium', 'high', 'standard', 'hd'], 'must be one of auto, low, medium, high, standard, hd')
    .optional()
    .meta({ description: 'low, medium, high; standard reads as medium, hd as high, auto (default) as high' }),
  background: z.enum(['auto', 'transparent', 'opaque'], 'must be one of auto, transparent, opaque').optional().meta({
    description: 'transparent: a PNG with alpha from an upstream that can (400 when none can, never downgraded)',
  }),
  output_format: z.enum(imageOutputFormats, 'must be one of png, jpeg, webp').optional().meta({
    description:
      'The format of b64_json images (converted when the stored result differs); a URL serves the stored result as made',
  }),
  output_compression: z
    .number()
    .int()
    .min(0, 'must be 0 to 100')
    .max(100, 'must be 0 to 100')
    .optional()
    .meta({ description: 'jpeg and webp b64_json images: quality 0-100 (default 90)' }),
  response_format: z.enum(['url', 'b64_json'], 'must be url or b64_json').optional().meta({
    description:
      'b64_json (default, as OpenAI’s current image models answer): the image itself; url: Studio’s result address',
  }),
  moderation: z.enum(['auto', 'low'], 'must be auto or low').optional().meta({ description: 'Accepted; no effect' }),
  style: z
    .enum(['vivid', 'natural'], 'must be vivid or natural')
    .optional()
    .meta({ description: 'Accepted; no effect' }),
  user: z.string().max(256).optional().meta({ description: 'Accepted; not stored' }),
  safety_identifier: z.string().max(256).optional().meta({ description: 'Accepted; not stored' }),
  stream: z
    .literal(false, 'streaming is not offered: leave stream out or false')
    .optional()
    .meta({ description: 'false only: partial images are not streamed' }),
};

export const imageGenerationSchema = z.strictObject(common);
export type ImageGenerationBody = z.infer<typeof imageGenerationSchema>;

const imageRef = z.strictObject({
  image_url: z.string().max(2048).meta({ description: 'A file Studio serves that is yours (an upload or a result)' }),
});

/** The JSON form of an edit (OpenAI's newer reference): images by address. Multipart sends files instead. */
export const imageEditJsonSchema = z.strictObject({
  ...common,
  images: z
    .array(imageRef)
    .min(1, 'give at least one image')
    .max(MAX_REFERENCE_IMAGES, `at most ${MAX_REFERENCE_IMAGES} images`)
    .meta({ description: 'The images to edit or draw from, as Studio file addresses' }),
  mask: imageRef.optional().meta({ description: 'Mask repaint over the first image (400 while no upstream can)' }),
  input_fidelity: z
    .enum(['high', 'low'], 'must be high or low')
    .optional()
    .meta({ description: 'Accepted; no effect' }),
});
export type ImageEditJsonBody = z.infer<typeof imageEditJsonSchema>;

/** The text fields of a multipart edit, as the `openai` SDK and the AI SDK send them. */
export const imageEditFormSchema = z.strictObject({
  ...common,
  input_fidelity: z
    .enum(['high', 'low'], 'must be high or low')
    .optional()
    .meta({ description: 'Accepted; no effect' }),
});
export type ImageEditFormBody = z.infer<typeof imageEditFormSchema>;
