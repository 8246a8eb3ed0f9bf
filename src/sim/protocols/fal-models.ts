import { checkImages, InvalidImageError } from '@/sim/media/render';
import { isRecord } from './http';

/**
 * The fal models the simulator serves, each with its input schema as fal documents it
 * (fal.ai/models/<endpoint id>/api, read 2026-11): the fields it takes, how it takes a size, its
 * reference-image field, and whether a safety checker answers flagged images (`has_nsfw_concepts`,
 * a black image) or the request fails with `content_policy_violation`. Validation answers fal's
 * 422 `{detail: [{loc, msg, type, url?}]}` items.
 */

export interface FalSimModel {
  fields: readonly string[];
  size: 'image_size' | 'aspect_ratio';
  ratios?: Record<string, [number, number]>;
  /** image_size models: fewest and most pixels, longest side. */
  pixels?: { min: number; max: number; maxSide: number };
  images?: { field: 'image_url' | 'image_urls'; max: number };
  outputFormats: string[];
  /** The default output format when none is asked. */
  defaultFormat: 'png' | 'jpeg';
  maxImages: number;
  /** A safety checker flags the output (black image, `has_nsfw_concepts: [true]`) instead of failing the request. */
  nsfwChecker: boolean;
}

export interface FalDetail {
  loc: (string | number)[];
  msg: string;
  type: string;
  url?: string;
  ctx?: Record<string, unknown>;
}

const GEMINI: Record<string, [number, number]> = {
  '21:9': [1536, 672],
  '16:9': [1344, 768],
  '3:2': [1248, 832],
  '4:3': [1184, 864],
  '5:4': [1152, 896],
  '1:1': [1024, 1024],
  '4:5': [896, 1152],
  '3:4': [864, 1184],
  '2:3': [832, 1248],
  '9:16': [768, 1344],
};
const KONTEXT: Record<string, [number, number]> = {
  '21:9': [1568, 672],
  '16:9': [1392, 784],
  '4:3': [1184, 880],
  '3:2': [1248, 832],
  '1:1': [1024, 1024],
  '2:3': [832, 1248],
  '3:4': [880, 1184],
  '9:16': [784, 1392],
  '9:21': [672, 1568],
};
/** fal's `ImageSize` enum values. */
export const IMAGE_SIZE_ENUM: Record<string, [number, number]> = {
  square_hd: [1024, 1024],
  square: [512, 512],
  portrait_4_3: [768, 1024],
  portrait_16_9: [576, 1024],
  landscape_4_3: [1024, 768],
  landscape_16_9: [1024, 576],
};
/** fal's `ImageSize` object: width and height up to 14142. */
const FREE = { min: 1, max: 14_142 * 14_142, maxSide: 14_142 };

const FLUX_DEV = [
  'prompt',
  'image_size',
  'num_inference_steps',
  'seed',
  'guidance_scale',
  'sync_mode',
  'num_images',
  'enable_safety_checker',
  'output_format',
  'acceleration',
];
const KONTEXT_T2I = [
  'prompt',
  'seed',
  'guidance_scale',
  'sync_mode',
  'num_images',
  'output_format',
  'safety_tolerance',
  'enhance_prompt',
  'aspect_ratio',
];
const NANO = ['prompt', 'num_images', 'output_format', 'sync_mode', 'aspect_ratio', 'limit_generations'];
const SEEDREAM = [
  'prompt',
  'image_size',
  'num_images',
  'max_images',
  'seed',
  'sync_mode',
  'enable_safety_checker',
  'enhance_prompt_mode',
];
const QWEN = [
  'prompt',
  'image_size',
  'num_inference_steps',
  'seed',
  'guidance_scale',
  'sync_mode',
  'num_images',
  'enable_safety_checker',
  'output_format',
  'negative_prompt',
  'acceleration',
];

export const FAL_SIM_MODELS: Record<string, FalSimModel> = {
  'fal-ai/flux/dev': {
    fields: FLUX_DEV,
    size: 'image_size',
    pixels: FREE,
    outputFormats: ['jpeg', 'png'],
    defaultFormat: 'jpeg',
    maxImages: 4,
    nsfwChecker: true,
  },
  'fal-ai/flux-pro/kontext': {
    fields: [...KONTEXT_T2I, 'image_url'],
    size: 'aspect_ratio',
    ratios: KONTEXT,
    images: { field: 'image_url', max: 1 },
    outputFormats: ['jpeg', 'png'],
    defaultFormat: 'jpeg',
    maxImages: 4,
    nsfwChecker: false,
  },
  'fal-ai/flux-pro/kontext/text-to-image': {
    fields: KONTEXT_T2I,
    size: 'aspect_ratio',
    ratios: KONTEXT,
    outputFormats: ['jpeg', 'png'],
    defaultFormat: 'jpeg',
    maxImages: 4,
    nsfwChecker: false,
  },
  'fal-ai/nano-banana': {
    fields: NANO,
    size: 'aspect_ratio',
    ratios: GEMINI,
    outputFormats: ['jpeg', 'png', 'webp'],
    defaultFormat: 'png',
    maxImages: 4,
    nsfwChecker: false,
  },
  'fal-ai/nano-banana/edit': {
    fields: [...NANO, 'image_urls'],
    size: 'aspect_ratio',
    ratios: GEMINI,
    images: { field: 'image_urls', max: 10 },
    outputFormats: ['jpeg', 'png', 'webp'],
    defaultFormat: 'png',
    maxImages: 4,
    nsfwChecker: false,
  },
  'fal-ai/bytedance/seedream/v4/text-to-image': {
    fields: SEEDREAM,
    size: 'image_size',
    pixels: { min: 921_600, max: 16_777_216, maxSide: 4096 },
    outputFormats: [],
    defaultFormat: 'png',
    maxImages: 6,
    nsfwChecker: false,
  },
  'fal-ai/bytedance/seedream/v4/edit': {
    fields: [...SEEDREAM, 'image_urls'],
    size: 'image_size',
    pixels: { min: 921_600, max: 16_777_216, maxSide: 4096 },
    images: { field: 'image_urls', max: 10 },
    outputFormats: [],
    defaultFormat: 'png',
    maxImages: 6,
    nsfwChecker: false,
  },
  'fal-ai/qwen-image': {
    fields: [...QWEN, 'loras'],
    size: 'image_size',
    pixels: FREE,
    outputFormats: ['jpeg', 'png'],
    defaultFormat: 'png',
    maxImages: 4,
    nsfwChecker: true,
  },
};

export interface FalParsed {
  prompt: string;
  width: number;
  height: number;
  format: 'png' | 'jpeg' | 'webp';
  references: Buffer[];
}

export class FalValidation extends Error {
  constructor(readonly details: FalDetail[]) {
    super(details[0]?.msg ?? 'invalid input');
  }
}

const fail = (loc: (string | number)[], msg: string, type: string, ctx?: Record<string, unknown>): never => {
  throw new FalValidation([{ loc: ['body', ...loc], msg, type, ...(ctx ? { ctx } : {}) }]);
};

function sizeOf(model: FalSimModel, body: Record<string, unknown>): [number, number] {
  if (model.size === 'aspect_ratio') {
    const ratio = body.aspect_ratio ?? '1:1';
    const ratios = model.ratios ?? {};
    if (typeof ratio !== 'string' || !Object.hasOwn(ratios, ratio))
      fail(
        ['aspect_ratio'],
        `Input should be ${Object.keys(ratios)
          .map((r) => `'${r}'`)
          .join(', ')}`,
        'literal_error',
      );
    return ratios[ratio as string] as [number, number];
  }
  const size = body.image_size ?? 'square_hd';
  if (typeof size === 'string') {
    if (!Object.hasOwn(IMAGE_SIZE_ENUM, size))
      fail(['image_size'], `Input should be ${Object.keys(IMAGE_SIZE_ENUM).join(', ')}`, 'literal_error');
    return IMAGE_SIZE_ENUM[size] as [number, number];
  }
  if (!isRecord(size) || !Number.isInteger(size.width) || !Number.isInteger(size.height))
    return fail(['image_size'], 'Input should be a valid ImageSize', 'model_type');
  const [w, h] = [size.width as number, size.height as number];
  const p = model.pixels ?? FREE;
  if (w < 1 || h < 1 || Math.max(w, h) > p.maxSide)
    fail(['image_size'], `width and height must be between 1 and ${p.maxSide}`, 'less_than_equal', { le: p.maxSide });
  if (w * h < p.min || w * h > p.max)
    fail(['image_size'], `Total pixels must be between ${p.min} and ${p.max}`, 'value_error');
  return [w, h];
}

/** Reads a data URI's bytes; an http(s) URL is taken but not fetched (the simulator reaches no network). */
function imageBytes(url: unknown, loc: (string | number)[]): Buffer | null {
  if (typeof url !== 'string') return fail(loc, 'Input should be a valid string', 'string_type');
  const m = /^data:[^;,]*;base64,(.*)$/s.exec(url);
  if (m) return Buffer.from(m[1] ?? '', 'base64');
  if (/^https?:\/\//.test(url)) return null;
  return fail(loc, 'Failed to download the file. Please check if the URL is accessible.', 'file_download_error');
}

/** Validates one model input as the model would, answering fal's typed details for the first problem. */
export async function parseFalInput(model: FalSimModel, body: unknown): Promise<FalParsed> {
  if (!isRecord(body)) return fail([], 'Input should be a valid dictionary', 'model_type');
  for (const k of Object.keys(body))
    if (!model.fields.includes(k)) fail([k], 'Extra inputs are not permitted', 'extra_forbidden');
  if (typeof body.prompt !== 'string' || !body.prompt) fail(['prompt'], 'Field required', 'missing');
  const n = body.num_images ?? 1;
  if (!Number.isInteger(n) || (n as number) < 1 || (n as number) > model.maxImages)
    fail(['num_images'], `Input should be less than or equal to ${model.maxImages}`, 'less_than_equal', {
      le: model.maxImages,
    });
  const format = body.output_format ?? model.defaultFormat;
  if (
    body.output_format !== undefined &&
    !model.outputFormats.includes(typeof format === 'string' ? format : JSON.stringify(format))
  )
    fail(
      ['output_format'],
      `Input should be ${model.outputFormats.map((f) => `'${f}'`).join(' or ')}`,
      'literal_error',
    );
  const [width, height] = sizeOf(model, body);
  const references: Buffer[] = [];
  if (model.images?.field === 'image_url') {
    if (body.image_url === undefined) fail(['image_url'], 'Field required', 'missing');
    const b = imageBytes(body.image_url, ['image_url']);
    if (b) references.push(b);
  } else if (model.images?.field === 'image_urls') {
    const list = body.image_urls;
    if (!Array.isArray(list) || list.length === 0) return fail(['image_urls'], 'Field required', 'missing');
    if (list.length > model.images.max)
      fail(['image_urls'], `List should have at most ${model.images.max} items`, 'too_long', {
        max_length: model.images.max,
      });
    list.forEach((u, i) => {
      const b = imageBytes(u, ['image_urls', i]);
      if (b) references.push(b);
    });
  }
  try {
    await checkImages(references);
  } catch (err) {
    if (!(err instanceof InvalidImageError)) throw err;
    const loc = model.images?.field === 'image_urls' ? ['image_urls', err.index] : ['image_url'];
    fail(
      loc,
      'Failed to load the image. Please ensure the image file is not corrupted and is in a supported format.',
      'image_load_error',
    );
  }
  return {
    prompt: body.prompt as string,
    width,
    height,
    format: format === 'webp' ? 'webp' : format === 'png' ? 'png' : 'jpeg',
    references,
  };
}
