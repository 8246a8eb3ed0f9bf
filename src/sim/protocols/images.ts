import type {
  SimImageCapabilities,
  SimImageChannel,
  SimImageFormat,
  SimImageQuality,
  SimSizeRule,
} from '@/sim/channels';
import { CONTENT_TYPES } from '@/sim/media/file-store';
import { sendJson, wait } from './http';
import { invalidValue, missingParam, openAiError, openAiProtocol, parseJsonObject, unsupportedParam } from './openai';
import type { SimContext } from './protocol';
import { InvalidImageError, checkImages, renderImage } from '@/sim/media/render';

/** OpenAI Images API: `POST /v1/images/generations` (JSON) and `POST /v1/images/edits` (multipart). */

type Ctx = SimContext<SimImageChannel>;

interface ImageParams {
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
type Fields = (name: string) => unknown;

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
function checkKnown(ch: SimImageChannel, names: Iterable<string>, known: readonly string[]): void {
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

function parseParams(ch: SimImageChannel, fields: Fields, ctx: Ctx): ImageParams {
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

const OUTPUT_TOKENS_1024: Record<SimImageQuality, number> = { low: 272, medium: 1056, high: 4160 };

function estimateTextTokens(text: string): number {
  let cjk = 0;
  for (const ch of text) if ((ch.codePointAt(0) ?? 0) >= 0x2e80) cjk += 1;
  return Math.max(1, cjk + Math.ceil((text.length - cjk) / 4));
}

/** OpenAI's answer to a prompt or image its safety system refuses (a `content_refused` fault). */
function moderationBlocked(requestId: string) {
  return openAiError(
    400,
    `Your request was rejected by the safety system. If you believe this is an error, contact us at help.openai.com and include the request ID ${requestId}.`,
    {
      type: 'image_generation_user_error',
      code: 'moderation_blocked',
    },
  );
}

async function produce(ctx: Ctx, p: ImageParams, references: Buffer[]): Promise<void> {
  if (ctx.fault === 'content_refused') {
    // Refused once the request is known valid, after the time a real check takes.
    if (!(await wait(ctx.latencyMs, ctx.signal))) return;
    throw moderationBlocked(ctx.requestId);
  }
  const bad = ctx.fault === 'bad_output';
  const renders = Promise.all(
    Array.from({ length: p.n }, (_, variant) =>
      renderImage({
        prompt: p.prompt,
        width: p.width,
        height: p.height,
        format: p.format,
        // A bad output for a transparency request is a perfectly valid but opaque image.
        transparent: p.transparent && !bad,
        quality: p.quality,
        variant,
        references,
        compression: p.compression,
      }),
    ),
  );
  // Render while the latency timer runs so latency is the floor, not latency + render time.
  const [images, alive] = await Promise.all([renders, wait(ctx.latencyMs, ctx.signal)]);
  if (!alive) return;

  const outputs = images.map((img) =>
    bad && !p.transparent ? img.subarray(0, Math.max(8, Math.floor(img.length / 2))) : img,
  );
  const data = outputs.map((img) => {
    if (p.responseFormat === 'url') {
      const name = ctx.files.put(p.format, img, CONTENT_TYPES[p.format] ?? 'application/octet-stream');
      return { url: `${ctx.origin}/__sim/files/${name}`, revised_prompt: p.prompt };
    }
    return { b64_json: img.toString('base64') };
  });

  const area = (p.width * p.height) / (1024 * 1024);
  const perImage = Math.max(16, Math.round((p.quality ? OUTPUT_TOKENS_1024[p.quality] : 1056) * area));
  const textTokens = estimateTextTokens(p.prompt);
  const imageTokens = references.length * 323;
  sendJson(
    ctx.res,
    200,
    {
      created: Math.floor(Date.now() / 1000),
      background: p.background,
      data,
      output_format: p.format,
      quality: p.quality ?? 'auto',
      size: p.size,
      usage: {
        input_tokens: textTokens + imageTokens,
        input_tokens_details: { image_tokens: imageTokens, text_tokens: textTokens },
        output_tokens: perImage * p.n,
        total_tokens: textTokens + imageTokens + perImage * p.n,
      },
    },
    { 'openai-processing-ms': String(ctx.latencyMs) },
  );
}

async function generations(ctx: Ctx): Promise<void> {
  const ct = ctx.req.headers['content-type'] ?? '';
  if (ct.toLowerCase().startsWith('multipart/form-data')) {
    throw openAiError(
      400,
      'Invalid Content-Type header (multipart/form-data), expected application/json. Use /v1/images/edits to send images.',
    );
  }
  const body = parseJsonObject(ctx.body);
  checkKnown(ctx.channel, Object.keys(body), GENERATION_PARAMS);
  const p = parseParams(ctx.channel, (k) => body[k], ctx);
  await produce(ctx, p, []);
}

async function edits(ctx: Ctx): Promise<void> {
  const ct = ctx.req.headers['content-type'] ?? '';
  if (!ct.toLowerCase().startsWith('multipart/form-data')) {
    throw openAiError(400, `Invalid Content-Type header (${ct || 'none'}), expected multipart/form-data.`);
  }
  let form: FormData;
  try {
    // Node's fetch Request implements the multipart parser, so no extra dependency is needed.
    form = await new Request('http://sim.local/', {
      method: 'POST',
      headers: { 'content-type': ct },
      body: new Uint8Array(ctx.body),
    }).formData();
  } catch {
    throw openAiError(400, 'Could not parse multipart form data.');
  }
  const fields: Fields = (name) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : v === null ? undefined : v;
  };
  const modelRaw = fields('model');
  ctx.noteModel(typeof modelRaw === 'string' ? modelRaw : (ctx.channel.models[0] ?? null));
  checkKnown(ctx.channel, new Set(form.keys()), EDIT_PARAMS);

  if (form.has('mask')) {
    throw unsupportedParam(
      'mask',
      "Unsupported parameter: 'mask' is not supported on this channel. Describe the change in the prompt instead.",
    );
  }
  const caps = ctx.channel.capabilities;
  const parts = [...form.getAll('image'), ...form.getAll('image[]')];
  if (parts.length === 0) throw missingParam('image');
  if (!caps.referenceImages) {
    throw unsupportedParam('image', 'Unsupported parameter: reference images are not supported on this channel.');
  }
  if (parts.length > caps.maxReferenceImages) {
    throw invalidValue(
      'image',
      `Invalid 'image': too many images. Expected at most ${caps.maxReferenceImages}, but got ${parts.length}.`,
    );
  }
  const references: Buffer[] = [];
  for (const [index, part] of parts.entries()) {
    if (typeof part === 'string') throw invalidImageFile(index);
    references.push(Buffer.from(await part.arrayBuffer()));
  }

  const p = parseParams(ctx.channel, fields, ctx);
  try {
    await checkImages(references);
    await produce(ctx, p, references);
  } catch (err) {
    if (err instanceof InvalidImageError) throw invalidImageFile(err.index);
    throw err;
  }
}

/** The real API's answer to an image that does not decode (a user error of image generation, HTTP 400). */
function invalidImageFile(index: number) {
  return openAiError(400, `Invalid image file or mode for image ${index + 1}, please check your image file.`, {
    type: 'image_generation_user_error',
    code: 'invalid_image_file',
  });
}

export const imagesProtocol = openAiProtocol<SimImageChannel>({
  '/v1/images/generations': generations,
  '/v1/images/edits': edits,
});
