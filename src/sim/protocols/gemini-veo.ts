import { veoModel } from '@/contracts/presets/gemini-veo';
import type { SimGeminiVeoChannel } from '@/sim/channels-gemini-veo';
import { checkImages, InvalidImageError } from '@/sim/media/render';
import { geminiProtocol } from './gemini';
import { googleError, invalidArgument } from './gemini-request';
import { newVeoId, veoFile, veoOperationJson, VeoTasks, type VeoTask, type VeoTaskFault } from './gemini-veo-tasks';
import { isRecord, safeDecode, sendBytes, sendJson } from './http';
import type { Protocol, Route, SimContext } from './protocol';

/**
 * Veo on the Gemini API, as ai.google.dev/gemini-api/docs/video and @google/genai 2.32.0 use it: `POST
 * /v1beta/models/{model}:predictLongRunning` answers an operation `{name}`, `GET /v1beta/{name}` answers it
 * until `done` with `response.generateVideoResponse.generatedSamples[].video.uri` (or `error`, or
 * `raiMediaFilteredCount` when the safety filters removed the video), and `GET
 * /v1beta/files/{id}:download?alt=media` serves the MP4 to the channel's key. `GET /v1beta/models` lists
 * the channel's models. No cancel. Refusals in Google's error object, as the Gemini channel answers them.
 */

type Ctx = SimContext<SimGeminiVeoChannel>;

const PREDICT = /^\/v1beta\/models\/([^/:]+):predictLongRunning$/;
const OPERATION = /^\/v1beta\/(models\/[^/:]+\/operations\/[^/:]+)$/;
const FILE = /^\/v1beta\/files\/([^/:]+):download$/;
const INSTANCE_FIELDS = new Set(['prompt', 'image', 'lastFrame', 'referenceImages', 'video']);
const PARAMETER_FIELDS = new Set([
  'aspectRatio',
  'durationSeconds',
  'resolution',
  'negativePrompt',
  'personGeneration',
  'sampleCount',
  'enhancePrompt',
]);
const MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const MAX_PROMPT = 10_000;

const unknownField = (name: string, at: string) =>
  invalidArgument(`Invalid JSON payload received. Unknown name "${name}" at '${at}': Cannot find field.`);

/** `{bytesBase64Encoded, mimeType}`, as the client writes an image; answers its bytes. */
function imageOf(value: unknown, at: string): Buffer {
  if (!isRecord(value)) throw invalidArgument(`${at} must be an object.`);
  for (const k of Object.keys(value))
    if (k !== 'bytesBase64Encoded' && k !== 'mimeType') {
      // gcsUri is Vertex AI's; the Gemini API takes inline bytes only.
      throw k === 'gcsUri' ? invalidArgument(`${at}.gcsUri is not supported in the Gemini API.`) : unknownField(k, at);
    }
  const data = value.bytesBase64Encoded;
  if (typeof data !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(data))
    throw invalidArgument(`${at}.bytesBase64Encoded must be base64 image bytes.`);
  if (typeof value.mimeType !== 'string' || !MIME_TYPES.includes(value.mimeType))
    throw invalidArgument(`${at}.mimeType must be one of ${MIME_TYPES.join(', ')}.`);
  return Buffer.from(data, 'base64');
}

async function parse(ctx: Ctx, model: string) {
  const m = veoModel(model);
  ctx.noteModel(model);
  if (!m || !ctx.channel.models.includes(model))
    throw googleError(
      404,
      'NOT_FOUND',
      `models/${model} is not found for API version v1beta, or is not supported for predictLongRunning.`,
    );
  let body: unknown;
  try {
    body = JSON.parse(ctx.body.toString('utf8'));
  } catch {
    throw invalidArgument('Invalid JSON payload received.');
  }
  if (!isRecord(body)) throw invalidArgument('Invalid JSON payload received: the body must be an object.');
  for (const k of Object.keys(body)) if (k !== 'instances' && k !== 'parameters') throw unknownField(k, '');
  const instances = body.instances;
  if (!Array.isArray(instances) || instances.length !== 1 || !isRecord(instances[0]))
    throw invalidArgument('instances must hold exactly one instance.');
  const inst = instances[0];
  for (const k of Object.keys(inst)) if (!INSTANCE_FIELDS.has(k)) throw unknownField(k, 'instances[0]');
  const params = body.parameters ?? {};
  if (!isRecord(params)) throw invalidArgument('parameters must be an object.');
  for (const k of Object.keys(params)) {
    // The Gemini API has no switch for Veo's sound (@google/genai refuses generateAudio outside Vertex AI).
    if (!PARAMETER_FIELDS.has(k)) throw unknownField(k, 'parameters');
  }
  const prompt = inst.prompt;
  if (prompt !== undefined && (typeof prompt !== 'string' || prompt.length > MAX_PROMPT))
    throw invalidArgument(`prompt must be a string of at most ${MAX_PROMPT} characters.`);
  if (inst.referenceImages !== undefined || inst.video !== undefined)
    throw invalidArgument(`${model} does not take referenceImages or video in this simulator.`);
  const frames: Buffer[] = [];
  if (inst.image !== undefined) frames.push(imageOf(inst.image, 'instances[0].image'));
  if (inst.lastFrame !== undefined) {
    if (!m.lastFrame) throw invalidArgument(`lastFrame isn't supported by this model: ${model}.`);
    if (inst.image === undefined) throw invalidArgument('lastFrame requires image (the first frame).');
    frames.push(imageOf(inst.lastFrame, 'instances[0].lastFrame'));
  }
  if (frames.length === 0 && !(typeof prompt === 'string' && prompt.trim()))
    throw invalidArgument('A prompt is required for text-to-video.');
  try {
    await checkImages(frames);
  } catch (err) {
    if (err instanceof InvalidImageError) throw invalidArgument('Unable to process input image. Please retry.');
    throw err;
  }
  const duration = params.durationSeconds ?? Math.max(...m.durations);
  // A number, as the client types it: "8" is refused.
  if (typeof duration !== 'number' || !m.durations.includes(duration))
    throw invalidArgument(`durationSeconds must be one of ${m.durations.join(', ')} for ${model}.`);
  const ratio = params.aspectRatio ?? '16:9';
  if (typeof ratio !== 'string' || !(m.ratios as readonly string[]).includes(ratio))
    throw invalidArgument(`aspectRatio must be one of ${m.ratios.join(', ')}.`);
  if (params.resolution !== undefined) {
    if (m.resolutions.length < 2) throw invalidArgument(`resolution isn't supported by this model: ${model}.`);
    if (typeof params.resolution !== 'string' || !(m.resolutions as readonly string[]).includes(params.resolution))
      throw invalidArgument(`resolution must be one of ${m.resolutions.join(', ')}.`);
    if (params.resolution === '1080p' && !m.fullHdDurations.includes(duration))
      throw invalidArgument(`1080p is supported for durationSeconds ${m.fullHdDurations.join(', ')} only.`);
  }
  const count = params.sampleCount ?? 1;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 4)
    throw invalidArgument('sampleCount must be an integer from 1 to 4.');
  return { duration, ratio };
}

export function geminiVeoProtocol(tasks = new VeoTasks()): Protocol<SimGeminiVeoChannel> {
  const channelBase = (ctx: Ctx) => `${ctx.origin.replace(/\/+$/, '')}/${ctx.channel.name}`;
  const taskFault = (ctx: Ctx): VeoTaskFault | null =>
    ctx.fault === 'bad_output' ||
    ctx.fault === 'task_failed' ||
    ctx.fault === 'task_never_finishes' ||
    ctx.fault === 'wrong_duration' ||
    ctx.fault === 'content_refused'
      ? ctx.fault
      : null;

  async function create(ctx: Ctx): Promise<void> {
    const model = safeDecode(PREDICT.exec(ctx.path)?.[1] ?? '');
    const { duration, ratio } = await parse(ctx, model);
    const fault = taskFault(ctx);
    const now = Date.now();
    const task: VeoTask = {
      name: `models/${model}/operations/${newVeoId()}`,
      channel: ctx.channel.name,
      model,
      ratio,
      duration,
      doneAtMs: fault === 'task_never_finishes' ? Number.POSITIVE_INFINITY : now + Math.max(0, ctx.latencyMs),
      fault,
      failStatus: ctx.faultCode ?? 'INTERNAL',
      fileId: newVeoId(),
      file: null,
    };
    tasks.add(task);
    // The operation starts not done, however short the channel's latency.
    sendJson(ctx.res, 200, { name: task.name });
  }

  function operation(ctx: Ctx): void {
    const name = safeDecode(OPERATION.exec(ctx.path)?.[1] ?? '');
    const task = tasks.get(ctx.channel.name, name);
    if (!task) throw googleError(404, 'NOT_FOUND', `Operation ${name} not found.`);
    ctx.noteModel(task.model);
    sendJson(ctx.res, 200, veoOperationJson(task, Date.now(), channelBase(ctx)));
  }

  function download(ctx: Ctx): void {
    const id = safeDecode(FILE.exec(ctx.path)?.[1] ?? '');
    if (ctx.query.get('alt') !== 'media') throw invalidArgument('Downloading a file requires alt=media.');
    const task = tasks.file(ctx.channel.name, id, Date.now());
    if (!task) throw googleError(404, 'NOT_FOUND', `File files/${id} not found.`);
    ctx.noteModel(task.model);
    sendBytes(ctx.req, ctx.res, veoFile(task, ctx.files) ?? Buffer.alloc(0), 'video/mp4');
  }

  function models(ctx: Ctx): void {
    const list = ctx.channel.models.map((m) => ({
      name: `models/${m}`,
      version: '1',
      displayName: m,
      supportedGenerationMethods: ['predictLongRunning'],
    }));
    sendJson(ctx.res, 200, { models: list });
  }

  function route(method: string, path: string): Route<SimGeminiVeoChannel> | null {
    if (method === 'POST' && PREDICT.test(path)) return { generation: true, handle: create };
    if (method === 'GET' && OPERATION.test(path)) return { generation: false, handle: operation };
    if (method === 'GET' && FILE.test(path)) return { generation: false, handle: download };
    if (method === 'GET' && path === '/v1beta/models') return { generation: false, handle: models };
    return null;
  }

  // The key, its refusals and the faults' error answers are the Gemini API's, as on the Gemini channel.
  const gemini = geminiProtocol;
  return {
    keyOf: (req, query) => gemini.keyOf?.(req, query) ?? '',
    route,
    notFound: (method, path, requestId) => gemini.notFound(method, path, requestId),
    authError: (kind, presented, requestId) => gemini.authError(kind, presented, requestId),
    faultError: (hit, _channel, requestId) => gemini.faultError(hit, {} as never, requestId),
    bodyTooLarge: (limit, requestId) => gemini.bodyTooLarge(limit, requestId),
  };
}
