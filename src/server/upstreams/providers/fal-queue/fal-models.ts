import type { SizeRule, UpstreamModel } from '@/contracts/upstreams';
import { UpstreamError } from '@/server/upstreams/types';
import type { ImageGeneration, ImageInput } from '@/server/upstreams/providers/types';

/**
 * fal serves any model by its endpoint id (`fal-ai/flux/dev`); each model has its own input schema
 * (fal.ai/models/<endpoint id>/api). This table says how Studio's ImageGeneration becomes each known
 * model's input: the size as `image_size: {width, height}` or as an `aspect_ratio` enum, reference
 * images as `image_url` (one) or `image_urls` (a list), and whether it takes `output_format`.
 * A text model and its edit sibling form a pair: a request with reference images goes to the edit
 * endpoint, one without to the text endpoint, whichever of the two the channel names.
 */

export interface FalModelSpec {
  /** How the size is sent: custom `image_size` within `sizes`, or the nearest `aspect_ratio` of `ratios`. */
  size: 'image_size' | 'aspect_ratio';
  /** aspect_ratio models: each ratio with the size it renders (about a megapixel). */
  ratios?: Record<string, [number, number]>;
  /** image_size models: the sizes taken. */
  sizes?: SizeRule;
  /** The endpoint's own reference-image field and the most it takes; absent: it takes none. */
  images?: { field: 'image_url' | 'image_urls'; max: number };
  /** The endpoint requires a reference image (an edit endpoint). */
  needsImage?: boolean;
  /** The sibling for the other case: the edit endpoint (for requests with references) or the text one. */
  edit?: string;
  text?: string;
  /** `output_format` values the model takes (Studio sends png); empty: not sent. */
  outputFormats: ('png' | 'jpeg' | 'webp')[];
  /** Price per image at about a megapixel, USD (fal.ai/models/<id> pricing; per-megapixel prices taken at 1 MP). */
  costUsd: number;
}

/** Gemini 2.5 Flash Image's ratios and the sizes it renders (ai.google.dev, image generation: aspect ratios). */
const GEMINI_RATIOS: Record<string, [number, number]> = {
  '1:1': [1024, 1024],
  '2:3': [832, 1248],
  '3:2': [1248, 832],
  '3:4': [864, 1184],
  '4:3': [1184, 864],
  '4:5': [896, 1152],
  '5:4': [1152, 896],
  '9:16': [768, 1344],
  '16:9': [1344, 768],
  '21:9': [1536, 672],
};

/** FLUX.1 Kontext [pro]'s `aspect_ratio` enum, each at about a megapixel in multiples of 16. */
const KONTEXT_RATIOS: Record<string, [number, number]> = {
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

/** FLUX.1 and Qwen-Image: custom sizes; Studio keeps them within 256–2048 px, multiples of 16 (fal's ImageSize allows more). */
const FLUX_SIZES: SizeRule = { multiple_of: 16, min_side: 256, max_side: 2048 };
/** Seedream 4.0: "Total pixels must be between 960x960 and 4096x4096" (its fal input schema). */
const SEEDREAM_SIZES: SizeRule = { min_pixels: 921_600, max_pixels: 16_777_216, max_side: 4096, max_aspect: 16 };

export const FAL_MODELS: Record<string, FalModelSpec> = {
  'fal-ai/flux/dev': { size: 'image_size', sizes: FLUX_SIZES, outputFormats: ['jpeg', 'png'], costUsd: 0.025 },
  'fal-ai/flux-pro/kontext': {
    size: 'aspect_ratio',
    ratios: KONTEXT_RATIOS,
    images: { field: 'image_url', max: 1 },
    needsImage: true,
    text: 'fal-ai/flux-pro/kontext/text-to-image',
    outputFormats: ['jpeg', 'png'],
    costUsd: 0.04,
  },
  'fal-ai/flux-pro/kontext/text-to-image': {
    size: 'aspect_ratio',
    ratios: KONTEXT_RATIOS,
    edit: 'fal-ai/flux-pro/kontext',
    outputFormats: ['jpeg', 'png'],
    costUsd: 0.04,
  },
  'fal-ai/nano-banana': {
    size: 'aspect_ratio',
    ratios: GEMINI_RATIOS,
    edit: 'fal-ai/nano-banana/edit',
    outputFormats: ['jpeg', 'png', 'webp'],
    costUsd: 0.039,
  },
  'fal-ai/nano-banana/edit': {
    size: 'aspect_ratio',
    ratios: GEMINI_RATIOS,
    images: { field: 'image_urls', max: 10 },
    needsImage: true,
    text: 'fal-ai/nano-banana',
    outputFormats: ['jpeg', 'png', 'webp'],
    costUsd: 0.039,
  },
  'fal-ai/bytedance/seedream/v4/text-to-image': {
    size: 'image_size',
    sizes: SEEDREAM_SIZES,
    edit: 'fal-ai/bytedance/seedream/v4/edit',
    outputFormats: [],
    costUsd: 0.03,
  },
  'fal-ai/bytedance/seedream/v4/edit': {
    size: 'image_size',
    sizes: SEEDREAM_SIZES,
    images: { field: 'image_urls', max: 10 },
    needsImage: true,
    text: 'fal-ai/bytedance/seedream/v4/text-to-image',
    outputFormats: [],
    costUsd: 0.03,
  },
  'fal-ai/qwen-image': { size: 'image_size', sizes: FLUX_SIZES, outputFormats: ['jpeg', 'png'], costUsd: 0.02 },
};

/**
 * An endpoint id not in the table gets the generic mapping: `prompt`, `image_size: {width, height}`
 * and `num_images: 1` (the fields fal's text-to-image models share); reference images are refused as
 * unsupported rather than sent in a field the model may not have.
 */
const GENERIC: FalModelSpec = { size: 'image_size', sizes: FLUX_SIZES, outputFormats: [], costUsd: 0 };

export const falSpec = (endpoint: string): FalModelSpec => FAL_MODELS[endpoint] ?? GENERIC;

/** fal's app id: the first two segments of an endpoint id (three under the `workflows`/`comfy` namespaces), as @fal-ai/client's parseEndpointId reads it. */
export function falAppId(endpoint: string): string {
  const parts = endpoint.split('/');
  const n = parts[0] === 'workflows' || parts[0] === 'comfy' ? 3 : 2;
  return parts.slice(0, n).join('/');
}

/** The ratio of `ratios` nearest in shape to width × height. */
export function nearestRatio(ratios: Record<string, [number, number]>, width: number, height: number): string {
  const want = Math.log(width / height);
  let best = '1:1';
  let gap = Infinity;
  for (const [ratio, [w, h]] of Object.entries(ratios)) {
    const d = Math.abs(Math.log(w / h) - want);
    if (d < gap) [best, gap] = [ratio, d];
  }
  return best;
}

/** A reference image as a data URI, which fal's file inputs take (docs.fal.ai, "Data URI (base64)"). */
const dataUri = (img: ImageInput) => `data:${img.mime};base64,${img.data.toString('base64')}`;

/** The endpoint a request goes to, and the model input sent there. */
export function falRequest(
  endpoint: string,
  req: ImageGeneration,
): { endpoint: string; input: Record<string, unknown> } {
  const refs = req.referenceImages ?? [];
  let id = endpoint;
  let spec = falSpec(endpoint);
  if (refs.length > 0 && !spec.images && spec.edit) [id, spec] = [spec.edit, falSpec(spec.edit)];
  if (refs.length === 0 && spec.needsImage && spec.text) [id, spec] = [spec.text, falSpec(spec.text)];
  if (refs.length > 0 && !spec.images)
    throw new UpstreamError('unsupported', `${endpoint} takes no reference images`, { code: 'unsupported_parameter' });
  if (req.mask)
    throw new UpstreamError('unsupported', 'fal models take no edit mask', { code: 'unsupported_parameter' });
  if (spec.images && refs.length > spec.images.max)
    throw new UpstreamError('unsupported', `${id} takes at most ${spec.images.max} reference images`, {
      code: 'unsupported_parameter',
    });
  const input: Record<string, unknown> = { prompt: req.prompt };
  if (spec.size === 'aspect_ratio' && spec.ratios)
    input.aspect_ratio = nearestRatio(spec.ratios, req.width, req.height);
  else input.image_size = { width: req.width, height: req.height };
  if (spec.images?.field === 'image_url' && refs[0]) input.image_url = dataUri(refs[0]);
  if (spec.images?.field === 'image_urls') input.image_urls = refs.map(dataUri);
  input.num_images = 1;
  if (spec.outputFormats.includes('png')) input.output_format = 'png';
  if (spec !== GENERIC) input.sync_mode = false;
  return { endpoint: id, input };
}

/** A known model's capabilities as a channel lists them (presets, the simulator's channel). */
export function falCapabilities(endpoint: string): UpstreamModel['capabilities'] {
  const spec = falSpec(endpoint);
  const refSpec = spec.images ? spec : spec.edit ? falSpec(spec.edit) : null;
  const sizes = spec.ratios ? Object.values(spec.ratios).map(([w, h]) => `${w}x${h}`) : spec.sizes;
  return {
    reference_images: Boolean(refSpec?.images),
    ...(refSpec?.images ? { max_reference_images: refSpec.images.max } : {}),
    // An edit endpoint with a text sibling serves prompt-only requests there; one without only edits.
    ...(spec.needsImage && !spec.text ? { requires_reference_images: true } : {}),
    mask: false,
    transparent_background: false,
    ...(sizes ? { sizes } : {}),
  };
}
