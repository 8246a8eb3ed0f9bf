import type {
  SimImageCapabilities,
  SimImageChannel,
  SimImageFormat,
  SimImageQuality,
  SimSizeRule,
} from '@/sim/channels';
import { invalidValue, missingParam, openAiError, unsupportedParam } from './openai';
import type { SimContext } from './protocol';

/** The fields of an OpenAI Images request (generations or edits), checked and read as OpenAI checks them. */

type Ctx = SimContext<SimImageChannel>;

export interface ImageParams {
  model: string;
  prompt: string;
  n: number;
  width: number;
  height: number;
  /** Echoed as the response's `size`. */
  size: string;
  quality: SimImageQuality | null;
  transparent: boolean;
  background: 'transparent' | 'opaque' | 'auto';
  format: SimImageFormat;
  compression: number | null;
  responseFormat: 'b64_json' | 'url';
}

/** Field values as they arrive: JSON values for generations, strings for multipart edits. */
export type Fields = (name: string) => unknown;

const MAX_PROMPT = 32_000;

function str(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  return typeof v === 'string' ? v : undefined;
}

function readInt(fields: Fields, name: string, min: number, max: number, fallback: number | null): number | null {
  const raw = fields(name);
  if (raw === undefined || raw === null || raw === '') return fallback;
  const n =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(n))
    throw openAiError(400, `Invalid type for '${name}': expected an integer.`, { param: name, code: 'invalid_type' });
  if (n < min)
    throw openAiError(
      400,
      `Invalid '${name}': integer below minimum value. Expected a value >= ${min}, but got ${n} instead.`,
      { param: name, code: 'integer_below_min_value' },
    );
  if (n > max)
    throw openAiError(
      400,
      `Invalid '${name}': integer above maximum value. Expected a value <= ${max}, but got ${n} instead.`,
      { param: name, code: 'integer_above_max_value' },
    );
  return n;
}

/** `'a', 'b', and 'c'`: how OpenAI lists supported values. */
function quoteList(values: readonly string[]): string {
  const q = values.map((v) => `'${v}'`);
  if (q.length <= 2) return q.join(' and ');
  return `${q.slice(0, -1).join(', ')}, and ${q[q.length - 1] ?? ''}`;
}

function shown(raw: unknown): string {
  return typeof raw === 'string' ? raw : JSON.stringify(raw);
}

function readEnum<T extends string>(fields: Fields, name: string, allowed: readonly T[]): T | undefined {
  const raw = fields(name);
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string' || !(allowed as readonly string[]).includes(raw)) {
    throw invalidValue(name, `Invalid value: '${shown(raw)}'. Supported values are: ${quoteList(allowed)}.`);
  }
  return raw as T;
}

/**
 * The request fields of OpenAI's Images API (OpenAPI 2.3.0, `CreateImageRequest` and
 * `CreateImageEditRequest`, plus the multipart array spelling `image[]`); any other field is refused
 * as OpenAI refuses it, 400 `unknown_parameter`.
 */
export const GENERATION_PARAMS: readonly string[] = [
  'prompt',
  'model',
  'n',
  'quality',
  'response_format',
  'output_format',
  'output_compression',
  'stream',
  'partial_images',
  'size',
  'moderation',
  'background',
  'style',
  'user',
];
export const EDIT_PARAMS: readonly string[] = [
  'image',
  'image[]',
  'prompt',
  'mask',
  'background',
  'model',
  'n',
  'size',
  'response_format',
  'output_format',
  'output_compression',
  'user',
  'input_fidelity',
  'stream',
  'partial_images',
  'quality',
];

function unknownParam(param: string) {
  return openAiError(400, `Unknown parameter: '${param}'.`, { param, code: 'unknown_parameter' });
}

/**
 * Refuses fields the endpoint does not have, and those a GPT image model does not take although the
 * API has them: `style` (DALL·E 3 only) and `response_format` (GPT image models always answer base64);
 * OpenAI answers both with `unknown_parameter`.
 */
export function checkKnown(ch: SimImageChannel, names: Iterable<string>, known: readonly string[]): void {
  for (const name of names) {
    if (!known.includes(name) || name === 'style') throw unknownParam(name);
    if (name === 'response_format' && ch.capabilities.responseFormats.length === 0) throw unknownParam(name);
  }
}

/** The size to render: one of the listed sizes, or any size the rule takes; `auto` is a square. */
function resolveSize(sizes: SimImageCapabilities['sizes'], raw: unknown): { width: number; height: number } {
  if (raw === undefined || raw === null || raw === 'auto') return autoSize(sizes);
  const m = typeof raw === 'string' ? /^(\d{1,5})x(\d{1,5})$/.exec(raw) : null;
  const width = Number(m?.[1]);
  const height = Number(m?.[2]);
  if (isRule(sizes)) {
    if (m && ruleTakes(sizes, width, height)) return { width, height };
    throw invalidValue(
      'size',
      `Invalid value: '${shown(raw)}'. Supported values are: 'auto' and 'WIDTHxHEIGHT' with both sides multiples of ${sizes.multiple_of}, ` +
        `the longer side at most ${sizes.max_side}, between ${sizes.min_pixels} and ${sizes.max_pixels} ` +
        `pixels, and an aspect ratio of at most ${sizes.max_aspect}:1.`,
    );
  }
  if (m && sizes.includes(`${width}x${height}`)) return { width, height };
  throw invalidValue('size', `Invalid value: '${shown(raw)}'. Supported values are: ${quoteList([...sizes, 'auto'])}.`);
}

function isRule(sizes: SimImageCapabilities['sizes']): sizes is SimSizeRule {
  return !Array.isArray(sizes);
}

function ruleTakes(rule: SimSizeRule, width: number, height: number): boolean {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  const pixels = width * height;
  return (
    short > 0 &&
    width % rule.multiple_of === 0 &&
    height % rule.multiple_of === 0 &&
    long <= rule.max_side &&
    pixels >= rule.min_pixels &&
    pixels <= rule.max_pixels &&
    long <= short * rule.max_aspect
  );
}

/** `auto`: 1024x1024 when the model takes it, else the square nearest to it the model takes. */
function autoSize(sizes: SimImageCapabilities['sizes']): { width: number; height: number } {
  if (!isRule(sizes)) {
    const pick = sizes.includes('1024x1024') ? '1024x1024' : (sizes[0] ?? '1024x1024');
    const [width, height] = pick.split('x').map(Number) as [number, number];
    return { width, height };
  }
  const n = sizes.multiple_of;
  const lo = Math.ceil(Math.sqrt(sizes.min_pixels) / n) * n;
  const hi = Math.floor(Math.min(sizes.max_side, Math.sqrt(sizes.max_pixels)) / n) * n;
  const side = Math.min(hi, Math.max(lo, Math.round(1024 / n) * n));
  return { width: side, height: side };
}

export function parseParams(ch: SimImageChannel, fields: Fields, ctx: Ctx): ImageParams {
  const caps = ch.capabilities;
  const modelRaw = fields('model');
  if (modelRaw !== undefined && modelRaw !== null && typeof modelRaw !== 'string') {
    throw openAiError(400, "Invalid type for 'model': expected a string.", { param: 'model', code: 'invalid_type' });
  }
  const model = str(modelRaw) ?? ch.models[0] ?? ch.family;
  ctx.noteModel(model);
  if (!ch.models.includes(model)) {
    throw openAiError(400, `The model '${model}' does not exist or you do not have access to it.`, {
      param: 'model',
      code: 'model_not_found',
    });
  }

  const promptRaw = fields('prompt');
  if (promptRaw === undefined || promptRaw === null || promptRaw === '') throw missingParam('prompt');
  if (typeof promptRaw !== 'string')
    throw openAiError(400, "Invalid type for 'prompt': expected a string.", { param: 'prompt', code: 'invalid_type' });
  if (promptRaw.length > MAX_PROMPT) {
    throw openAiError(
      400,
      `Invalid 'prompt': string too long. Expected a string with maximum length ${MAX_PROMPT}, but got a string with length ${promptRaw.length} instead.`,
      { param: 'prompt', code: 'string_above_max_length' },
    );
  }

  const n = readInt(fields, 'n', 1, caps.maxImagesPerRequest, 1) ?? 1;
  const { width, height } = resolveSize(caps.sizes, fields('size'));

  let quality: SimImageQuality | null = null;
  const qualityRaw = fields('quality');
  if (qualityRaw !== undefined && qualityRaw !== null) {
    if (caps.qualities.length === 0) {
      throw unsupportedParam('quality', `Unsupported parameter: 'quality' is not supported with the model '${model}'.`);
    }
    const q = readEnum(fields, 'quality', [...caps.qualities, 'auto'] as const);
    quality = q === undefined || q === 'auto' ? 'medium' : q;
  } else if (caps.qualities.length > 0) {
    quality = 'medium';
  }

  const background = readEnum(fields, 'background', ['transparent', 'opaque', 'auto'] as const) ?? 'auto';
  const transparent = background === 'transparent';
  if (transparent && !caps.transparentBackground) {
    throw unsupportedParam(
      'background',
      `Unsupported parameter: 'background' = 'transparent' is not supported on this channel (model '${model}').`,
    );
  }

  const format = readEnum(fields, 'output_format', caps.outputFormats) ?? 'png';
  if (transparent && format === 'jpeg') {
    throw invalidValue(
      'output_format',
      "Invalid value: 'jpeg'. A transparent background requires output_format 'png' or 'webp'.",
    );
  }
  const compression = readInt(fields, 'output_compression', 0, 100, null);
  if (compression !== null && format === 'png') {
    throw invalidValue(
      'output_compression',
      "Invalid value: 'output_compression' is only supported with output_format 'jpeg' or 'webp'.",
    );
  }

  const responseFormat = readEnum(fields, 'response_format', caps.responseFormats) ?? 'b64_json';
  readEnum(fields, 'moderation', ['low', 'auto'] as const);
  readEnum(fields, 'input_fidelity', ['high', 'low'] as const);
  readInt(fields, 'partial_images', 0, 3, null);

  const stream = fields('stream');
  if (stream === true || stream === 'true') {
    throw unsupportedParam('stream', "Unsupported parameter: 'stream' is not supported on this channel.");
  }

  return {
    model,
    prompt: promptRaw,
    n,
    width,
    height,
    size: `${width}x${height}`,
    quality,
    transparent,
    background: transparent ? 'transparent' : 'opaque',
    format,
    compression,
    responseFormat,
  };
}
