import { UpstreamError } from '@/server/upstreams/types';
import type { ImageGeneration, ImageInput } from '@/server/upstreams/providers/types';

/**
 * The `input` of a prediction, per model: each official model publishes its own input schema (the
 * model page's API tab, `replicate.com/<owner>/<name>/api/schema`), so the mapping is a table keyed by
 * `owner/name`. A channel's model id is `owner/name` (an official model: `POST /v1/models/{owner}/{name}/predictions`)
 * or `owner/name:version` (`POST /v1/predictions` with `version`); the table is read by `owner/name` either way.
 */

/** How a model takes the image's shape. */
type Shape =
  /** An `aspect_ratio` enum: the nearest ratio to the size Studio chose (the model's sizes list one size per ratio). */
  | { kind: 'ratio'; ratios: readonly string[] }
  /** `aspect_ratio: 'custom'` with `width`/`height` (FLUX 1.1 [pro]: 256–1440, multiples of 32). */
  | { kind: 'custom' }
  /** Seedream 4: `size: 'custom'` with `width`/`height` (1024–4096). */
  | { kind: 'seedream' };

export interface ReplicateModelSpec {
  shape: Shape;
  /** `output_format` values the model takes, in Replicate's spelling (`jpg`); empty: the field is not sent. */
  formats: readonly ('png' | 'jpg' | 'webp')[];
  /** `num_outputs: 1` is sent (the models that make several images per prediction). */
  numOutputs: boolean;
  /** Where reference images go: one file field, a list field, or none (the model takes none). */
  references: { field: string; list: boolean; max: number } | null;
  /** Fields sent as they are, to ask for one image (Seedream's `max_images: 1`, sequential generation off). */
  fixed?: Readonly<Record<string, unknown>>;
}

/** FLUX.1 [schnell]/[dev]'s `aspect_ratio` enum. */
const FLUX_RATIOS = ['1:1', '16:9', '21:9', '3:2', '2:3', '4:5', '5:4', '3:4', '4:3', '9:16', '9:21'];
/** FLUX.1 Kontext [pro]'s enum, without `match_input_image` (Studio always names the shape it wants). */
const KONTEXT_RATIOS = ['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3', '4:5', '5:4', '21:9', '9:21', '2:1', '1:2'];
/** Nano Banana's enum, without `match_input_image`. */
const NANO_RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'];
/** Qwen-Image's enum. */
const QWEN_RATIOS = ['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3'];

/** The models Studio knows, from each model page's published input schema. */
export const REPLICATE_MODELS: Readonly<Record<string, ReplicateModelSpec>> = {
  'black-forest-labs/flux-schnell': {
    shape: { kind: 'ratio', ratios: FLUX_RATIOS },
    formats: ['webp', 'jpg', 'png'],
    numOutputs: true,
    references: null,
  },
  'black-forest-labs/flux-dev': {
    shape: { kind: 'ratio', ratios: FLUX_RATIOS },
    formats: ['webp', 'jpg', 'png'],
    numOutputs: true,
    // Its `image` is an img2img start picture (`prompt_strength`), not a reference: Studio sends none.
    references: null,
  },
  'black-forest-labs/flux-1.1-pro': {
    shape: { kind: 'custom' },
    formats: ['webp', 'jpg', 'png'],
    numOutputs: false,
    references: null,
  },
  'black-forest-labs/flux-kontext-pro': {
    shape: { kind: 'ratio', ratios: KONTEXT_RATIOS },
    formats: ['jpg', 'png'],
    numOutputs: false,
    references: { field: 'input_image', list: false, max: 1 },
  },
  'google/nano-banana': {
    shape: { kind: 'ratio', ratios: NANO_RATIOS },
    formats: ['jpg', 'png'],
    numOutputs: false,
    references: { field: 'image_input', list: true, max: 3 },
  },
  'bytedance/seedream-4': {
    shape: { kind: 'seedream' },
    formats: [],
    numOutputs: false,
    references: { field: 'image_input', list: true, max: 10 },
    fixed: { max_images: 1, sequential_image_generation: 'disabled' },
  },
  'qwen/qwen-image': {
    shape: { kind: 'ratio', ratios: QWEN_RATIOS },
    formats: ['webp', 'jpg', 'png'],
    numOutputs: false,
    // Its `image` is an img2img start picture (`strength`), not a reference: Studio sends none.
    references: null,
  },
};

/** Any other model: the fields nearly every text-to-image model on Replicate takes, `prompt` and an `aspect_ratio`. */
export const GENERIC_MODEL: ReplicateModelSpec = {
  shape: { kind: 'ratio', ratios: QWEN_RATIOS },
  formats: [],
  numOutputs: false,
  references: null,
};

/** `owner/name` and the version, if the model id names one (`owner/name:version`). */
export function parseModelId(model: string): { ref: string; version: string | null } {
  const at = model.indexOf(':');
  return at === -1 ? { ref: model, version: null } : { ref: model.slice(0, at), version: model.slice(at + 1) };
}

export const specOf = (model: string): ReplicateModelSpec => REPLICATE_MODELS[parseModelId(model).ref] ?? GENERIC_MODEL;

/** The ratio of `ratios` nearest in shape to width:height. */
export function nearestRatio(width: number, height: number, ratios: readonly string[]): string {
  const want = Math.log(width / height);
  let best = ratios[0] ?? '1:1';
  let bestGap = Infinity;
  for (const r of ratios) {
    const [a, b] = r.split(':').map(Number);
    const gap = Math.abs(Math.log((a ?? 1) / (b ?? 1)) - want);
    if (gap < bestGap) [best, bestGap] = [r, gap];
  }
  return best;
}

const dataUri = (img: ImageInput): string => `data:${img.mime};base64,${img.data.toString('base64')}`;
const REPLICATE_FORMAT = { png: 'png', jpeg: 'jpg', webp: 'webp' } as const;

/**
 * The prediction's `input` for one generation. Reference images travel as data URIs, which Replicate
 * takes for any file input (replicate.com/docs/topics/predictions/input-files: recommended under 1 MB;
 * Studio's uploads are bounded before they get here). A model that takes none refuses them as unsupported
 * (routing only sends references to models whose capabilities list them).
 */
export function predictionInput(model: string, req: ImageGeneration): Record<string, unknown> {
  const spec = specOf(model);
  const input: Record<string, unknown> = { prompt: req.prompt };
  const shape = spec.shape;
  if (shape.kind === 'ratio') input.aspect_ratio = nearestRatio(req.width, req.height, shape.ratios);
  else if (shape.kind === 'custom')
    Object.assign(input, { aspect_ratio: 'custom', width: req.width, height: req.height });
  else Object.assign(input, { size: 'custom', width: req.width, height: req.height });
  const refs = req.referenceImages ?? [];
  if (refs.length > 0) {
    const r = spec.references;
    if (!r || refs.length > r.max)
      throw new UpstreamError('unsupported', `${model} takes ${r ? `at most ${r.max}` : 'no'} reference images`);
    input[r.field] = r.list ? refs.map(dataUri) : dataUri(refs[0] as ImageInput);
  }
  if (req.mask) throw new UpstreamError('unsupported', `${model} takes no mask`);
  if (spec.formats.length > 0) {
    const wanted = REPLICATE_FORMAT[req.outputFormat ?? 'png'];
    input.output_format = spec.formats.includes(wanted) ? wanted : 'png';
  }
  if (spec.numOutputs) input.num_outputs = 1;
  Object.assign(input, spec.fixed);
  return input;
}

/**
 * Path and body of a creation with this input: an official model by name (`POST /v1/models/{owner}/{name}/predictions`),
 * or a version (`POST /v1/predictions`). The image and video sides both create through it.
 */
export function creationOf(
  model: string,
  input: Record<string, unknown>,
): { path: string; body: Record<string, unknown> } {
  const { ref, version } = parseModelId(model);
  if (version) return { path: '/v1/predictions', body: { version, input } };
  const [owner, name] = ref.split('/');
  if (!owner || !name) throw new UpstreamError('unsupported', `"${model}" is not an owner/name model id`);
  return {
    path: `/v1/models/${encodeURIComponent(owner)}/${encodeURIComponent(name)}/predictions`,
    body: { input },
  };
}

/** Path and body of an image creation. */
export function predictionRequest(
  model: string,
  req: ImageGeneration,
): { path: string; body: Record<string, unknown> } {
  return creationOf(model, predictionInput(model, req));
}
