import { createHash } from 'node:crypto';
import { isRecord } from './http';
import { SIM_REPLICATE_VIDEO_MODELS, type SimReplicateVideo } from './replicate-video';

/**
 * The input schemas of the official image models the simulated Replicate channel serves, as each
 * model page publishes them (replicate.com/<owner>/<name>/api/schema, read 2025): field types, enums
 * and ranges. Inputs are validated like Replicate does: an unknown field, a value outside its enum or
 * range, or a missing prompt answers 422 with `invalid_fields`.
 */

type Field =
  | { type: 'string'; enum?: readonly string[] }
  | { type: 'integer' | 'number'; min?: number; max?: number; enum?: readonly number[] }
  | { type: 'boolean' }
  | { type: 'uri' }
  | { type: 'uri[]'; maxItems?: number };

export interface SimReplicateModel {
  /** `owner/name`. */
  ref: string;
  schema: Readonly<Record<string, Field>>;
  /** Fields the schema requires besides `prompt`. */
  required?: readonly string[];
  /** What a succeeded prediction's `output` is: one URL, or a list of URLs. */
  output: 'string' | 'list';
  /** The size of each `aspect_ratio` value; models with width/height size the picture from them. */
  ratioSizes?: Readonly<Record<string, string>>;
  /** The format of the file when the model takes no `output_format`. */
  defaultFormat: 'png' | 'jpg' | 'webp';
  /** A video model (replicate-video.ts): its output is one MP4. */
  video?: SimReplicateVideo;
}

const ratios = (entries: [string, string][]) => Object.fromEntries(entries);
const FLUX = ratios([
  ['1:1', '1024x1024'], ['16:9', '1344x768'], ['21:9', '1536x640'], ['3:2', '1248x832'], ['2:3', '832x1248'],
  ['4:5', '896x1120'], ['5:4', '1120x896'], ['3:4', '864x1152'], ['4:3', '1152x864'], ['9:16', '768x1344'],
  ['9:21', '640x1536'],
]); // prettier-ignore
const KONTEXT = { ...FLUX, '2:1': '1408x704', '1:2': '704x1408' };
const NANO = ratios([
  ['1:1', '1024x1024'], ['2:3', '832x1248'], ['3:2', '1248x832'], ['3:4', '864x1184'], ['4:3', '1184x864'],
  ['4:5', '896x1152'], ['5:4', '1152x896'], ['9:16', '768x1344'], ['16:9', '1344x768'], ['21:9', '1536x672'],
]); // prettier-ignore
const QWEN = ratios([
  ['1:1', '1328x1328'], ['16:9', '1664x928'], ['9:16', '928x1664'], ['4:3', '1472x1140'], ['3:4', '1140x1472'],
  ['3:2', '1584x1056'], ['2:3', '1056x1584'],
]); // prettier-ignore

const str = (values?: readonly string[]): Field => (values ? { type: 'string', enum: values } : { type: 'string' });
const int = (min?: number, max?: number): Field => ({ type: 'integer', min, max });
const num = (min?: number, max?: number): Field => ({ type: 'number', min, max });
const bool: Field = { type: 'boolean' };
const uri: Field = { type: 'uri' };
const FORMATS = str(['webp', 'jpg', 'png']);

const FLUX_COMMON = {
  prompt: str(),
  aspect_ratio: str(Object.keys(FLUX)),
  num_outputs: int(1, 4),
  seed: int(),
  output_format: FORMATS,
  output_quality: int(0, 100),
  disable_safety_checker: bool,
  go_fast: bool,
  megapixels: str(['1', '0.25']),
};

export const SIM_REPLICATE_MODELS: readonly SimReplicateModel[] = [
  {
    ref: 'black-forest-labs/flux-schnell',
    schema: { ...FLUX_COMMON, num_inference_steps: int(1, 4) },
    output: 'list',
    ratioSizes: FLUX,
    defaultFormat: 'webp',
  },
  {
    ref: 'black-forest-labs/flux-dev',
    schema: {
      ...FLUX_COMMON,
      image: uri,
      prompt_strength: num(0, 1),
      num_inference_steps: int(1, 50),
      guidance: num(0, 10),
    },
    output: 'list',
    ratioSizes: FLUX,
    defaultFormat: 'webp',
  },
  {
    ref: 'black-forest-labs/flux-1.1-pro',
    schema: {
      prompt: str(),
      aspect_ratio: str(['custom', '1:1', '16:9', '3:2', '2:3', '4:5', '5:4', '9:16', '3:4', '4:3']),
      width: int(256, 1440),
      height: int(256, 1440),
      image_prompt: uri,
      output_format: FORMATS,
      output_quality: int(0, 100),
      safety_tolerance: int(1, 6),
      seed: int(),
      prompt_upsampling: bool,
    },
    output: 'string',
    ratioSizes: FLUX,
    defaultFormat: 'webp',
  },
  {
    ref: 'black-forest-labs/flux-kontext-pro',
    schema: {
      prompt: str(),
      input_image: uri,
      aspect_ratio: str(['match_input_image', ...Object.keys(KONTEXT)]),
      seed: int(),
      output_format: str(['jpg', 'png']),
      safety_tolerance: int(0, 6),
      prompt_upsampling: bool,
    },
    output: 'string',
    ratioSizes: KONTEXT,
    defaultFormat: 'png',
  },
  {
    ref: 'google/nano-banana',
    schema: {
      prompt: str(),
      image_input: { type: 'uri[]' },
      aspect_ratio: str(['match_input_image', ...Object.keys(NANO)]),
      output_format: str(['jpg', 'png']),
    },
    output: 'string',
    ratioSizes: NANO,
    defaultFormat: 'jpg',
  },
  {
    ref: 'bytedance/seedream-4',
    schema: {
      prompt: str(),
      image_input: { type: 'uri[]', maxItems: 10 },
      size: str(['1K', '2K', '4K', 'custom']),
      aspect_ratio: str(['match_input_image', '1:1', '4:3', '3:4', '16:9', '9:16', '3:2', '2:3', '21:9']),
      width: int(1024, 4096),
      height: int(1024, 4096),
      max_images: int(1, 15),
      sequential_image_generation: str(['disabled', 'auto']),
      enhance_prompt: bool,
    },
    output: 'list',
    defaultFormat: 'jpg',
  },
  {
    ref: 'qwen/qwen-image',
    schema: {
      prompt: str(),
      negative_prompt: str(),
      aspect_ratio: str(Object.keys(QWEN)),
      image_size: str(['optimize_for_quality', 'optimize_for_speed']),
      image: uri,
      strength: num(0, 1),
      go_fast: bool,
      num_inference_steps: int(1, 50),
      guidance: num(0, 10),
      seed: int(),
      output_format: FORMATS,
      output_quality: int(0, 100),
      enhance_prompt: bool,
      lora_weights: str(),
      lora_scale: num(),
      disable_safety_checker: bool,
    },
    output: 'list',
    ratioSizes: QWEN,
    defaultFormat: 'webp',
  },
];

const VIDEO_MODELS: readonly SimReplicateModel[] = SIM_REPLICATE_VIDEO_MODELS.map((m) => ({
  ...m,
  output: 'string',
  defaultFormat: 'png',
}));

/** The simulated version id of a model: 64 hex digits, like Replicate's. */
export const simVersionOf = (ref: string): string => createHash('sha256').update(`sim:${ref}`).digest('hex');

export const findSimReplicateModel = (ref: string): SimReplicateModel | undefined =>
  SIM_REPLICATE_MODELS.find((m) => m.ref === ref) ?? VIDEO_MODELS.find((m) => m.ref === ref);

export const findSimReplicateVersion = (version: string): SimReplicateModel | undefined =>
  [...SIM_REPLICATE_MODELS, ...VIDEO_MODELS].find((m) => simVersionOf(m.ref) === version);

export interface InvalidField {
  type: string;
  field: string;
  description: string;
}

function checkField(name: string, f: Field, v: unknown): InvalidField | null {
  const bad = (type: string, description: string) => ({ type, field: `input.${name}`, description });
  const isUri = (x: unknown) => typeof x === 'string' && /^(https?:\/\/|data:)/.test(x);
  switch (f.type) {
    case 'string':
      if (typeof v !== 'string') return bad('invalid_type', 'Invalid type. Expected: string');
      if (f.enum && !f.enum.includes(v))
        return bad('enum', `${name} must be one of the following: ${f.enum.map((e) => `"${e}"`).join(', ')}`);
      return null;
    case 'integer':
    case 'number':
      if (typeof v !== 'number' || (f.type === 'integer' && !Number.isInteger(v)))
        return bad('invalid_type', `Invalid type. Expected: ${f.type}`);
      if (f.min !== undefined && v < f.min) return bad('number_gte', `Must be greater than or equal to ${f.min}`);
      if (f.max !== undefined && v > f.max) return bad('number_lte', `Must be less than or equal to ${f.max}`);
      if (f.enum && !f.enum.includes(v))
        return bad('enum', `${name} must be one of the following: ${f.enum.map(String).join(', ')}`);
      return null;
    case 'boolean':
      return typeof v === 'boolean' ? null : bad('invalid_type', 'Invalid type. Expected: boolean');
    case 'uri':
      return isUri(v) ? null : bad('format', "Does not match format 'uri'");
    case 'uri[]':
      if (!Array.isArray(v) || !v.every(isUri)) return bad('invalid_type', 'Invalid type. Expected: array of uri');
      if (f.maxItems !== undefined && v.length > f.maxItems)
        return bad('array_max_items', `Array must have at most ${f.maxItems} items`);
      return null;
  }
}

/** Every problem of an input against the model's schema, as Replicate lists them in `invalid_fields`. */
export function validateInput(model: SimReplicateModel, input: unknown): InvalidField[] {
  if (!isRecord(input))
    return [{ type: 'invalid_type', field: 'input', description: 'Invalid type. Expected: object' }];
  const problems: InvalidField[] = [];
  if (typeof input.prompt !== 'string')
    problems.push({ type: 'required', field: 'input', description: 'prompt is required' });
  for (const k of model.required ?? [])
    if (input[k] === undefined) problems.push({ type: 'required', field: 'input', description: `${k} is required` });
  for (const [k, v] of Object.entries(input)) {
    const f = model.schema[k];
    if (!f)
      problems.push({
        type: 'additional_property_not_allowed',
        field: 'input',
        description: `Additional property ${k} is not allowed`,
      });
    else {
      const p = checkField(k, f, v);
      if (p) problems.push(p);
    }
  }
  return problems;
}
