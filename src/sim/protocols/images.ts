import type { SimImageChannel, SimImageQuality } from '@/sim/channels';
import { CONTENT_TYPES } from '@/sim/media/file-store';
import { sendJson, wait } from './http';
import { invalidValue, missingParam, openAiError, openAiProtocol, parseJsonObject, unsupportedParam } from './openai';
import {
  checkKnown,
  EDIT_PARAMS,
  GENERATION_PARAMS,
  parseParams,
  type Fields,
  type ImageParams,
} from './images-params';
import type { SimContext } from './protocol';
import { InvalidImageError, checkImages, renderImage } from '@/sim/media/render';

/** OpenAI Images API: `POST /v1/images/generations` (JSON) and `POST /v1/images/edits` (multipart). */

type Ctx = SimContext<SimImageChannel>;

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
