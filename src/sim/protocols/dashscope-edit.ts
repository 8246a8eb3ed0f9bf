import type { SimDashScopeChannel, SimDashScopeModel } from '@/sim/channels';
import { renderImage } from '@/sim/media/render';
import { dsError, inputImage, invalid, parseJson, ruleTakes, unknownField } from './dashscope-common';
import { isRecord, sendJson, wait } from './http';
import type { SimContext } from './protocol';
import { wanFailure } from './dashscope-tasks';

/**
 * Qwen-Image-Edit as Alibaba Cloud Model Studio's "Qwen - image editing API reference" documents it: one
 * synchronous `POST /api/v1/services/aigc/multimodal-generation/generation` (an asynchronous call is
 * refused), the images and the instruction as one user message (`{image}` items, 1 to 3, then exactly one
 * `{text}`), answered with `output.choices[0].message.content[0].image`, a PNG's URL. The plus series takes
 * `n` (1–6), `size` (each side 512–2048) and `prompt_extend`; `qwen-image-edit` takes none of them and
 * answers about 1024×1024 pixels in the shape of the last input image.
 */

export const EDIT_PATH = '/api/v1/services/aigc/multimodal-generation/generation';

const TOP_FIELDS = new Set(['model', 'input', 'parameters']);
const DAY_MS = 24 * 3_600_000;
/** Failure codes that answer 400 (the input's fault); any other code is DashScope's 500. */
const CALLER_CODES = {
  DataInspectionFailed: 1,
  data_inspection_failed: 1,
  IPInfringementSuspect: 1,
  InvalidParameter: 1,
};
const SIZED_PARAMETERS = new Set(['n', 'size', 'negative_prompt', 'prompt_extend', 'watermark', 'seed']);
const PLAIN_PARAMETERS = new Set(['negative_prompt', 'watermark', 'seed']);

/** The default output: about a megapixel in the shape of the last input image (1:1 for a URL, not fetched). */
function defaultSize(last: { width: number; height: number } | null): { width: number; height: number } {
  const aspect = last ? last.width / last.height : 1;
  const height = Math.round(Math.sqrt((1024 * 1024) / aspect) / 16) * 16;
  return { width: Math.round((height * aspect) / 16) * 16, height };
}

function sizeOf(m: SimDashScopeModel, raw: unknown, rid: string): { width: number; height: number } | null {
  if (raw === undefined) return null;
  const match = typeof raw === 'string' ? /^(\d{2,5})\*(\d{2,5})$/.exec(raw) : null;
  if (!match) throw invalid(`The size ${JSON.stringify(raw)} is not in the format width*height.`, rid);
  const width = Number(match[1]);
  const height = Number(match[2]);
  if (!m.sizes || Array.isArray(m.sizes) || !ruleTakes(m.sizes as Parameters<typeof ruleTakes>[0], width, height))
    throw invalid(`The size ${match[0]} is not supported by model ${m.model}.`, rid);
  return { width, height };
}

/** The user message: its input images (decoded where data URIs) and its one instruction. */
async function messageOf(m: SimDashScopeModel, input: Record<string, unknown>, rid: string) {
  unknownField(input, new Set(['messages']), 'input.', rid);
  const messages = input.messages;
  if (!Array.isArray(messages) || messages.length !== 1 || !isRecord(messages[0]))
    throw invalid('input.messages must hold exactly one message.', rid);
  const message = messages[0];
  unknownField(message, new Set(['role', 'content']), 'input.messages[0].', rid);
  if (message.role !== 'user') throw invalid('input.messages[0].role must be "user".', rid);
  if (!Array.isArray(message.content)) throw invalid('input.messages[0].content must be an array.', rid);
  const images: ({ data: Buffer; width: number; height: number } | null)[] = [];
  const texts: string[] = [];
  for (const [i, item] of message.content.entries()) {
    const where = `input.messages[0].content[${i}]`;
    if (!isRecord(item) || Object.keys(item).length !== 1)
      throw invalid(`${where} must hold one image or one text.`, rid);
    unknownField(item, new Set(['image', 'text']), `${where}.`, rid);
    if ('image' in item) images.push(await inputImage(item.image, `${where}.image`, rid));
    else if (typeof item.text === 'string') texts.push(item.text);
    else throw invalid(`${where}.text must be a string.`, rid);
  }
  if (images.length === 0) throw invalid(`Model ${m.model} edits images: give at least one image.`, rid);
  if (images.length > m.maxReferenceImages)
    throw invalid(`Model ${m.model} takes at most ${m.maxReferenceImages} images.`, rid);
  const [text] = texts;
  if (texts.length !== 1 || text === undefined || text.trim() === '')
    throw invalid('input.messages[0].content must hold exactly one non-empty text.', rid);
  return { images, text };
}

function checkParameters(m: SimDashScopeModel, params: Record<string, unknown>, rid: string): void {
  unknownField(params, m.sizes ? SIZED_PARAMETERS : PLAIN_PARAMETERS, 'parameters.', rid);
  const n = params.n ?? 1;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 6)
    throw invalid('parameters.n must be an integer from 1 to 6.', rid);
  for (const flag of ['prompt_extend', 'watermark'] as const)
    if (params[flag] !== undefined && typeof params[flag] !== 'boolean')
      throw invalid(`parameters.${flag} must be a boolean.`, rid);
  const negative = params.negative_prompt;
  if (negative !== undefined && (typeof negative !== 'string' || negative.length > 500))
    throw invalid('parameters.negative_prompt must be a string of at most 500 characters.', rid);
  const seed = params.seed;
  if (seed !== undefined && (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > 2147483647))
    throw invalid('parameters.seed must be an integer from 0 to 2147483647.', rid);
}

export async function qwenEdit(ctx: SimContext<SimDashScopeChannel>): Promise<void> {
  const rid = ctx.requestId;
  if (ctx.req.headers['x-dashscope-async'] === 'enable')
    throw dsError(403, 'AccessDenied', 'current user api does not support asynchronous calls', rid);
  const body = parseJson(ctx.body, rid);
  const model = body.model;
  if (typeof model !== 'string' || model === '')
    throw dsError(400, 'BadRequest.EmptyModel', 'Required parameter "model" missing from request.', rid);
  ctx.noteModel(model);
  const m = ctx.channel.capabilities.models.find((x) => x.model === model);
  if (!m) throw dsError(404, 'ModelNotFound', `Model not exist: ${model}.`, rid);
  if (m.kind !== 'edit') throw invalid('url error, please check url!', rid);
  unknownField(body, TOP_FIELDS, '', rid);
  if (!isRecord(body.input))
    throw dsError(400, 'BadRequest.EmptyInput', 'Required input parameter missing from request.', rid);
  const { images, text } = await messageOf(m, body.input, rid);
  const params = body.parameters ?? {};
  if (!isRecord(params)) throw invalid('parameters must be an object.', rid);
  checkParameters(m, params, rid);
  const size = sizeOf(m, params.size, rid) ?? defaultSize(images.at(-1) ?? null);
  if (ctx.fault === 'content_refused')
    throw dsError(400, 'DataInspectionFailed', 'Input data may contain inappropriate content.', rid);
  // The task faults, on a call that is its own task: it fails with the fault's code, or never answers.
  if (ctx.fault === 'task_never_finishes') {
    await wait(DAY_MS, ctx.signal);
    return;
  }
  if (ctx.fault === 'task_failed') {
    const { code, message } = wanFailure(ctx.faultCode);
    const ours = /^(InternalError|ServiceUnavailable)/.test(code) || !(code in CALLER_CODES);
    if (!(await wait(ctx.latencyMs, ctx.signal))) return;
    throw dsError(ours ? 500 : 400, code, message, rid);
  }
  const [png, alive] = await Promise.all([
    renderImage({
      prompt: text,
      ...size,
      format: 'png',
      transparent: false,
      quality: null,
      variant: 0,
      references: images.flatMap((i) => (i ? [i.data] : [])),
      compression: null,
    }),
    wait(ctx.latencyMs, ctx.signal),
  ]);
  if (!alive) return;
  const bytes = ctx.fault === 'bad_output' ? png.subarray(0, Math.floor(png.length / 2)) : png;
  const file = ctx.files.put('png', bytes, 'image/png');
  sendJson(ctx.res, 200, {
    output: {
      choices: [
        {
          finish_reason: 'stop',
          message: { role: 'assistant', content: [{ image: `${ctx.origin}/__sim/files/${file}` }] },
        },
      ],
    },
    usage: { width: size.width, height: size.height, image_count: 1 },
    request_id: rid,
  });
}
