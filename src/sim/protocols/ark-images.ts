import sharp from 'sharp';
import type { SimArkImageModel, SimArkImagesChannel } from '@/sim/channels';
import { CONTENT_TYPES } from '@/sim/media/file-store';
import { InvalidImageError, checkImages, renderImage } from '@/sim/media/render';
import { HttpError, isRecord, sendJson, wait } from './http';
import type { Protocol, Route, SimContext } from './protocol';
import { arkError, arkFaultError } from './ark-errors';

/**
 * Ark's image generation API (volcengine.com/docs/82379/1541523): `POST /api/v3/images/generations`, and the
 * task list `GET /api/v3/contents/generations/tasks` an images key may read (Studio's probe; no image channel
 * holds tasks, so it is empty). Refuses what Ark refuses, with its `{error: {code, message, param, type}}`:
 * a field the API does not have, a size or size keyword the model does not take, an image for a text-only
 * model, none for an image-to-image one, more than the model reads, a reference that does not decode.
 */

type Ctx = SimContext<SimArkImagesChannel>;

export const ARK_IMAGES_PATH = '/api/v3/images/generations';
const TASKS_PATH = '/api/v3/contents/generations/tasks';

/** The request fields of `Images.generate` in volcengine-python-sdk's ark runtime (volcenginesdkarkruntime). */
export const ARK_IMAGE_FIELDS: readonly string[] = [
  'model', 'prompt', 'image', 'response_format', 'size', 'seed', 'guidance_scale', 'watermark', 'optimize_prompt',
  'optimize_prompt_options', 'sequential_image_generation', 'sequential_image_generation_options', 'tools',
  'output_format', 'layer_decomposition', 'stream',
]; // prettier-ignore

const invalid = (ctx: Ctx, param: string, detail: string): HttpError =>
  arkError(
    400,
    'InvalidParameter',
    `The parameter \`${param}\` specified in the request is not valid: ${detail}.`,
    ctx.requestId,
    param,
  );

function parseBody(ctx: Ctx): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(ctx.body.toString('utf8'));
  } catch {
    throw arkError(400, 'InvalidParameter', 'The request body is not valid JSON.', ctx.requestId);
  }
  if (!isRecord(value))
    throw arkError(400, 'InvalidParameter', 'The request body must be a JSON object.', ctx.requestId);
  return value;
}

/** The size to render: a `WxH` within the model's rule, a keyword it takes, or its default. */
async function resolveSize(ctx: Ctx, m: SimArkImageModel, raw: unknown, firstImage: Buffer | null) {
  const size = raw === undefined || raw === null ? m.defaultSize : raw;
  if (typeof size !== 'string') throw invalid(ctx, 'size', 'expected a string');
  if (m.keywords.includes(size)) {
    if (size === 'adaptive') return adaptiveSize(firstImage);
    const side = { '1K': 1024, '2K': 2048, '4K': 4096 }[size] ?? 2048;
    return { width: side, height: side };
  }
  const match = /^(\d{1,5})x(\d{1,5})$/.exec(size);
  const r = m.sizes;
  if (!match || !r) throw invalid(ctx, 'size', `${size} is not supported by model ${m.model}`);
  const width = Number(match[1]);
  const height = Number(match[2]);
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  const ok =
    short >= (r.min_side ?? 1) &&
    long <= (r.max_side ?? Infinity) &&
    width * height >= (r.min_pixels ?? 0) &&
    width * height <= (r.max_pixels ?? Infinity) &&
    long <= short * (r.max_aspect ?? Infinity);
  if (!ok) throw invalid(ctx, 'size', `${size} is outside the range model ${m.model} supports`);
  return { width, height };
}

/** `adaptive`: the input image's shape at about a million pixels (1024x1024 for an input given by URL, never fetched). */
async function adaptiveSize(image: Buffer | null): Promise<{ width: number; height: number }> {
  const meta = image ? await sharp(image).metadata() : null;
  if (!meta?.width || !meta.height) return { width: 1024, height: 1024 };
  const scale = Math.sqrt((1024 * 1024) / (meta.width * meta.height));
  return { width: Math.round(meta.width * scale), height: Math.round(meta.height * scale) };
}

/** Decodes the `image` field (a string or an array of data URIs or http(s) URLs); URLs are taken, never fetched. */
function readImages(ctx: Ctx, m: SimArkImageModel, raw: unknown): Buffer[] {
  if (raw === undefined || raw === null) {
    if (m.imageRequired) throw invalid(ctx, 'image', `model ${m.model} requires an input image`);
    return [];
  }
  if (m.maxImages === 0) throw invalid(ctx, 'image', `model ${m.model} does not support image input`);
  const list = typeof raw === 'string' ? [raw] : raw;
  if (!Array.isArray(list) || list.some((v) => typeof v !== 'string'))
    throw invalid(ctx, 'image', 'expected a string or an array of strings');
  if (list.length === 0 || list.length > m.maxImages)
    throw invalid(ctx, 'image', `model ${m.model} takes 1 to ${m.maxImages} images, got ${list.length}`);
  return (list as string[]).flatMap((v) => {
    const data = /^data:image\/[a-z]+;base64,(.+)$/i.exec(v);
    if (data) return [Buffer.from(data[1] ?? '', 'base64')];
    if (/^https?:\/\//i.test(v)) return [];
    throw invalid(ctx, 'image', 'expected an image URL or a data:image/<format>;base64, URI');
  });
}

function checkParams(ctx: Ctx, m: SimArkImageModel, body: Record<string, unknown>): void {
  const rf = body.response_format;
  if (rf !== undefined && rf !== 'url' && rf !== 'b64_json')
    throw invalid(ctx, 'response_format', 'expected url or b64_json');
  if (body.watermark !== undefined && typeof body.watermark !== 'boolean')
    throw invalid(ctx, 'watermark', 'expected a boolean');
  const seed = body.seed;
  if (seed !== undefined && (!Number.isInteger(seed) || (seed as number) < -1 || (seed as number) > 2_147_483_647))
    throw invalid(ctx, 'seed', 'expected an integer in [-1, 2147483647]');
  const gs = body.guidance_scale;
  if (gs !== undefined && (typeof gs !== 'number' || gs < 1 || gs > 10))
    throw invalid(ctx, 'guidance_scale', 'expected a number in [1, 10]');
  const seq = body.sequential_image_generation;
  if (seq !== undefined) {
    if (!m.sequential) throw invalid(ctx, 'sequential_image_generation', `not supported by model ${m.model}`);
    if (seq !== 'auto' && seq !== 'disabled')
      throw invalid(ctx, 'sequential_image_generation', 'expected auto or disabled');
  }
  if (body.output_format !== undefined && !m.outputFormats.includes(body.output_format as 'png'))
    throw invalid(ctx, 'output_format', `not supported by model ${m.model}`);
  // Ark streams group generations as server-sent events; the simulator answers one JSON body only.
  if (body.stream === true) throw invalid(ctx, 'stream', 'streaming is not simulated');
}

async function generations(ctx: Ctx): Promise<void> {
  const body = parseBody(ctx);
  for (const k of Object.keys(body)) if (!ARK_IMAGE_FIELDS.includes(k)) throw invalid(ctx, k, 'unknown parameter');
  const model = body.model;
  if (typeof model !== 'string' || !model)
    throw arkError(400, 'MissingParameter', 'The request is missing the parameter `model`.', ctx.requestId, 'model');
  ctx.noteModel(model);
  const m = ctx.channel.capabilities.models.find((x) => x.model === model);
  if (!m)
    throw arkError(
      404,
      'InvalidEndpointOrModel.NotFound',
      `The model or endpoint ${model} does not exist or you do not have access to it.`,
      ctx.requestId,
      'model',
    );
  if (typeof body.prompt !== 'string' || !body.prompt.trim())
    throw arkError(400, 'MissingParameter', 'The request is missing the parameter `prompt`.', ctx.requestId, 'prompt');
  checkParams(ctx, m, body);
  const references = readImages(ctx, m, body.image);
  try {
    await checkImages(references);
  } catch (err) {
    if (err instanceof InvalidImageError) throw invalid(ctx, 'image', `image ${err.index + 1} cannot be decoded`);
    throw err;
  }
  const { width, height } = await resolveSize(ctx, m, body.size, references[0] ?? null);
  if (ctx.fault === 'content_refused') {
    if (!(await wait(ctx.latencyMs, ctx.signal))) return;
    throw arkError(
      400,
      'OutputImageSensitiveContentDetected',
      'The request failed because the output image may contain sensitive information.',
      ctx.requestId,
    );
  }
  const render = renderImage({
    prompt: body.prompt,
    width,
    height,
    format: 'jpeg',
    transparent: false,
    quality: null,
    variant: 0,
    references,
    compression: null,
  });
  const [image, alive] = await Promise.all([render, wait(ctx.latencyMs, ctx.signal)]);
  if (!alive) return;
  const bytes = ctx.fault === 'bad_output' ? image.subarray(0, Math.max(8, Math.floor(image.length / 2))) : image;
  const item =
    body.response_format === 'b64_json'
      ? { b64_json: bytes.toString('base64'), size: `${width}x${height}` }
      : { url: `${ctx.origin}/__sim/files/${ctx.files.put('jpeg', bytes, CONTENT_TYPES.jpeg ?? 'image/jpeg')}`, size: `${width}x${height}` }; // prettier-ignore
  const tokens = Math.round((width * height) / 256);
  sendJson(ctx.res, 200, {
    model,
    created: Math.floor(Date.now() / 1000),
    data: [item],
    usage: { generated_images: 1, output_tokens: tokens, total_tokens: tokens },
  });
}

/** The task list, empty: the probe's free authenticated call. */
function tasks(ctx: Ctx): void {
  for (const name of ['page_num', 'page_size']) {
    const raw = ctx.query.get(name);
    if (raw !== null && !/^[1-9]\d{0,2}$/.test(raw)) throw invalid(ctx, name, `${raw} is not an integer in [1, 500]`);
  }
  sendJson(ctx.res, 200, { items: [], total: 0 });
}

const ROUTES: Record<string, Route<SimArkImagesChannel>> = {
  [`POST ${ARK_IMAGES_PATH}`]: { generation: true, handle: generations },
  [`GET ${TASKS_PATH}`]: { generation: false, handle: tasks },
};

export const arkImagesProtocol: Protocol<SimArkImagesChannel> = {
  route: (method, path) => ROUTES[`${method} ${path}`] ?? null,
  notFound: (method, path, requestId) =>
    arkError(404, 'NotFound', `The requested API ${method} ${path} does not exist.`, requestId),
  authError: (kind, _presented, requestId) =>
    arkError(
      401,
      'AuthenticationError',
      kind === 'missing'
        ? 'The API key in the request is missing.'
        : 'The API key in the request is missing or invalid.',
      requestId,
    ),
  faultError: (hit, _channel, requestId) => arkFaultError(hit, requestId),
  bodyTooLarge: (limit, requestId) =>
    arkError(413, 'RequestEntityTooLarge', `The request body exceeds ${limit} bytes.`, requestId),
};
