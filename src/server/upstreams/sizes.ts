import { GEMINI_IMAGE_SIZES } from '@/contracts/presets/gemini';
import type { SizeRule } from '@/contracts/upstreams';
import type { Capabilities, UpstreamModel } from './types';

/**
 * Image sizes are a model's capability: each model takes a list of sizes or any size within a rule.
 * For the ratio a caller asks for, Studio sends the accepted size closest to it and, when that size
 * is not exactly the ratio, crops the result to it (docs/routing.md → Sizes).
 */
export type SizeSpec = readonly string[] | SizeRule;

export interface Size {
  width: number;
  height: number;
}

/**
 * The sizes of the provider model ids Studio knows, from the providers' API references (OpenAI's
 * OpenAPI document `CreateImageRequest.size`, 2.3.0; the gpt-image-2 size rules of its model page).
 * A model's own `sizes` capability overrides these.
 */
const KNOWN_SIZES: Record<string, SizeSpec> = {
  'gpt-image-1': ['1024x1024', '1536x1024', '1024x1536'],
  'gpt-image-1-mini': ['1024x1024', '1536x1024', '1024x1536'],
  'gpt-image-1.5': ['1024x1024', '1536x1024', '1024x1536'],
  'dall-e-3': ['1024x1024', '1792x1024', '1024x1792'],
  'dall-e-2': ['256x256', '512x512', '1024x1024'],
  'gpt-image-2': { multiple_of: 16, max_side: 3840, min_pixels: 655_360, max_pixels: 8_294_400, max_aspect: 3 },
  // Gemini's documented sizes per aspect ratio (and resolution): src/contracts/presets/gemini.ts.
  ...Object.fromEntries(Object.entries(GEMINI_IMAGE_SIZES).map(([model, sizes]) => [model, [...sizes.keys()]])),
};

/** `output_format` values of the known model ids; the DALL·E models take none (they answer PNG). */
const KNOWN_FORMATS: Record<string, readonly ('png' | 'jpeg' | 'webp')[]> = {
  'gpt-image-1': ['png', 'jpeg', 'webp'],
  'gpt-image-1-mini': ['png', 'jpeg', 'webp'],
  'gpt-image-1.5': ['png', 'jpeg', 'webp'],
  'gpt-image-2': ['png', 'jpeg', 'webp'],
  'dall-e-3': [],
  'dall-e-2': [],
};

/**
 * A model of unknown sizes: sides a multiple of 16 and at most 1024 (the long side 1024 for most
 * ratios), what OpenAI-compatible image endpoints commonly accept.
 */
export const DEFAULT_SIZE_RULE: SizeRule = { multiple_of: 16, min_side: 256, max_side: 1024 };

/** The size most models are tuned for: a result close to this many pixels is chosen when several fit. */
const TARGET_PIXELS = 1024 * 1024;

/** The sizes a model accepts: its own capability, else the known sizes of its model id, else the default rule. */
export function sizesOf(model: Pick<UpstreamModel, 'model' | 'capabilities'>): SizeSpec {
  return model.capabilities.sizes ?? KNOWN_SIZES[model.model] ?? DEFAULT_SIZE_RULE;
}

/** The `output_format` values a model accepts: its own capability, else those of its model id, else none. */
export function outputFormatsOf(
  model: Pick<UpstreamModel, 'model' | 'capabilities'>,
): readonly ('png' | 'jpeg' | 'webp')[] {
  return model.capabilities.output_formats ?? KNOWN_FORMATS[model.model] ?? [];
}

/** `W:H` as numbers; the contract admits only whole numbers between 1:4 and 4:1. */
export function parseRatio(ratio: string): { a: number; b: number } {
  const [a, b] = ratio.split(':').map(Number);
  if (!a || !b || !Number.isFinite(a) || !Number.isFinite(b)) throw new Error(`not a ratio: ${ratio}`);
  return { a, b };
}

export function parseSize(size: string): Size {
  const [width, height] = size.split('x').map(Number) as [number, number];
  return { width, height };
}

/** How far a size's shape is from a ratio (0 = exactly it; the same for a ratio and its inverse). */
function ratioError(s: Size, a: number, b: number): number {
  return Math.abs(Math.log(s.width / s.height / (a / b)));
}

/** A size is exactly a ratio when it equals the ratio at whole pixels (1536x658 is 21:9 at 1536 wide). */
export function isExactly(s: Size, a: number, b: number): boolean {
  return Math.round((s.width * b) / a) === s.height || Math.round((s.height * a) / b) === s.width;
}

/** Better: exactly the ratio (within a pixel), then the closest shape, then the closest to the target pixels. */
function better(s: Size, than: Size | null, a: number, b: number): boolean {
  if (!than) return true;
  const [ea, eb] = [isExactly(s, a, b) ? 0 : ratioError(s, a, b), isExactly(than, a, b) ? 0 : ratioError(than, a, b)];
  if (Math.abs(ea - eb) > 1e-9) return ea < eb;
  return (
    Math.abs(Math.log((s.width * s.height) / TARGET_PIXELS)) <
    Math.abs(Math.log((than.width * than.height) / TARGET_PIXELS))
  );
}

/** Whether a rule takes a size. */
export function ruleAccepts(rule: SizeRule, s: Size): boolean {
  const n = rule.multiple_of ?? 1;
  const long = Math.max(s.width, s.height);
  const short = Math.min(s.width, s.height);
  const pixels = s.width * s.height;
  return (
    s.width % n === 0 &&
    s.height % n === 0 &&
    short >= (rule.min_side ?? 1) &&
    long <= (rule.max_side ?? Infinity) &&
    pixels >= (rule.min_pixels ?? 0) &&
    pixels <= (rule.max_pixels ?? Infinity) &&
    long / short <= (rule.max_aspect ?? Infinity) + 1e-9
  );
}

/** Whether a model's sizes take a `WxH` size. */
export function acceptsSize(spec: SizeSpec, size: Size): boolean {
  if (isList(spec)) return spec.includes(`${size.width}x${size.height}`);
  return ruleAccepts(spec, size);
}

function isList(spec: SizeSpec): spec is readonly string[] {
  return Array.isArray(spec);
}

function bestOfRule(rule: SizeRule, a: number, b: number): Size | null {
  const n = Math.max(1, rule.multiple_of ?? 1);
  const minSide = Math.max(n, rule.min_side ?? 1);
  const maxSide = Math.min(rule.max_side ?? 4096, 16384);
  // Widths step by the multiple (a few hundred candidates); for each, the heights on either side of the exact one.
  const step = Math.max(n, Math.ceil((maxSide - minSide) / 2048 / n) * n);
  // Shapes beyond the rule's aspect are looked for at its limit (a 4:1 request on a 3:1 model gets 3:1, then the crop).
  const limit = rule.max_aspect ?? Infinity;
  const shape = Math.min(Math.max(a / b, 1 / limit), limit);
  let best: Size | null = null;
  for (let w = Math.ceil(minSide / n) * n; w <= maxSide; w += step) {
    const exact = w / shape;
    for (const h of [Math.floor(exact / n) * n, Math.ceil(exact / n) * n]) {
      const s = { width: w, height: h };
      if (h > 0 && ruleAccepts(rule, s) && better(s, best, a, b)) best = s;
    }
  }
  return best;
}

const chosen = new Map<string, Size | null>();

/**
 * The size to send for a ratio: of the sizes the model accepts, the one closest in shape to the ratio
 * (exact when one is), and of those the closest to a million pixels. Null when the model accepts none
 * (a rule no size meets).
 */
export function sizeFor(spec: SizeSpec, ratio: string): Size | null {
  const key = `${JSON.stringify(spec)}|${ratio}`;
  const cached = chosen.get(key);
  if (cached !== undefined) return cached;
  const { a, b } = parseRatio(ratio);
  let best: Size | null = null;
  if (isList(spec)) {
    for (const entry of spec) {
      const s = parseSize(entry);
      if (better(s, best, a, b)) best = s;
    }
  } else {
    best = bestOfRule(spec, a, b);
  }
  if (chosen.size > 10_000) chosen.clear();
  chosen.set(key, best);
  return best;
}

/**
 * The part of a `width`×`height` picture that has exactly the ratio: the whole picture when it has
 * it already, else the largest centred rectangle of that ratio.
 */
export function cropFor(
  size: Size,
  ratio: string,
): { left: number; top: number; width: number; height: number } | null {
  const { a, b } = parseRatio(ratio);
  if (isExactly(size, a, b)) return null;
  if (size.width / size.height > a / b) {
    const width = Math.max(1, Math.round((size.height * a) / b));
    return { left: Math.floor((size.width - width) / 2), top: 0, width, height: size.height };
  }
  const height = Math.max(1, Math.round((size.width * b) / a));
  return { left: 0, top: Math.floor((size.height - height) / 2), width: size.width, height };
}

/**
 * Whether a model can serve a ratio: always when it may crop (the default), else only when one of its
 * sizes has the ratio exactly. Reads the capabilities alone (a model that refuses crops lists its sizes).
 */
export function servesRatio(caps: Capabilities, ratio: string): boolean {
  if (caps.crop !== false) return true;
  const size = sizeFor(caps.sizes ?? DEFAULT_SIZE_RULE, ratio);
  if (!size) return false;
  const { a, b } = parseRatio(ratio);
  return isExactly(size, a, b);
}
