import type { SimMiniMaxModel, SimMiniMaxVideoChannel } from '@/sim/channels-minimax-video';
import type { FaultHit } from './faults';
import { HttpError, isRecord, sendJson } from './http';
import {
  MiniMaxTasks,
  minimaxFileAnswer,
  minimaxQueryAnswer,
  newMiniMaxId,
  type MiniMaxTask,
  type MiniMaxTaskFault,
} from './minimax-video-tasks';
import type { Protocol, Route, SimContext } from './protocol';

/**
 * MiniMax's video tasks as its API reference documents them ("Video Generation": text to video, image to
 * video, first-and-last-frame to video, query; "File Management": retrieve, list): `POST
 * /v1/video_generation` creates a task, `GET /v1/query/video_generation?task_id=` follows it (`Preparing`,
 * `Queueing`, `Processing`, then `Success` with a `file_id`, or `Fail`), `GET /v1/files/retrieve?file_id=`
 * names the file's `download_url`. There is no cancel. Every answer carries `base_resp`; refusals are
 * HTTP 200 with the error table's `status_code`. A task spends the first fifth of the channel's latency
 * preparing and queueing, the rest processing.
 */

type Ctx = SimContext<SimMiniMaxVideoChannel>;
const QUEUED_SHARE = 0.2;
const MAX_PROMPT = 2000;
const FIELDS = new Set([
  'model',
  'prompt',
  'prompt_optimizer',
  'fast_pretreatment',
  'duration',
  'resolution',
  'first_frame_image',
  'last_frame_image',
  'callback_url',
  'aigc_watermark',
]);
const TASK_FAULTS: readonly string[] = [
  'bad_output',
  'task_failed',
  'task_never_finishes',
  'wrong_duration',
  'file_not_ready',
];

/** A MiniMax error answer: `base_resp` with the table's code, as HTTP 200 unless a gateway status is given. */
export const minimaxError = (code: number, message: string, status = 200, headers = {}) =>
  new HttpError(status, { base_resp: { status_code: code, status_msg: message } }, headers);
const invalid = (message: string) => minimaxError(2013, `invalid params, ${message}`);

function faultError(hit: FaultHit): HttpError {
  switch (hit.fault) {
    case 'rate_limit':
      return minimaxError(1002, 'rate limit exceeded(RPM)', 200, { 'retry-after': String(hit.retryAfterS) });
    case 'invalid_key':
      return minimaxError(2049, 'invalid api key');
    case 'unpaid':
      return minimaxError(1008, 'insufficient balance');
    default:
      // A gateway failure: the armed status with the "unknown error" code.
      return minimaxError(1000, 'unknown error', hit.status || 500);
  }
}

/** A frame: a public URL (not fetched) or a data URI of a JPG, PNG or WebP image. */
function image(body: Record<string, unknown>, field: string): string | undefined {
  const v = body[field];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string') throw invalid(`${field} must be a string`);
  if (/^https?:\/\/\S+$/i.test(v)) return v;
  if (/^data:image\/(jpeg|jpg|png|webp);base64,[A-Za-z0-9+/]+={0,2}$/.test(v)) return v;
  throw invalid(`${field} must be an image URL or a data URI (image/jpeg, image/png or image/webp)`);
}

function parse(ctx: Ctx) {
  let body: unknown;
  try {
    body = JSON.parse(ctx.body.toString('utf8'));
  } catch {
    throw invalid('the body is not JSON');
  }
  if (!isRecord(body)) throw invalid('the body must be an object');
  for (const k of Object.keys(body)) if (!FIELDS.has(k)) throw invalid(`unknown parameter ${k}`);
  if (typeof body.model !== 'string' || !body.model) throw invalid('model is required');
  const m: SimMiniMaxModel | undefined = ctx.channel.capabilities.models.find((x) => x.model === body.model);
  if (!m) throw invalid(`model ${body.model} is not supported`);
  ctx.noteModel(m.model);
  const prompt = body.prompt;
  if (prompt !== undefined && typeof prompt !== 'string') throw invalid('prompt must be a string');
  if ((prompt ?? '').length > MAX_PROMPT) throw invalid(`prompt must be at most ${MAX_PROMPT} characters`);
  for (const flag of ['prompt_optimizer', 'fast_pretreatment', 'aigc_watermark'])
    if (body[flag] !== undefined && typeof body[flag] !== 'boolean') throw invalid(`${flag} must be a boolean`);
  const first = image(body, 'first_frame_image');
  const last = image(body, 'last_frame_image');
  if (last && !first) throw invalid('last_frame_image needs first_frame_image');
  const mode = last ? 'fl2v' : first ? 'i2v' : 't2v';
  if (mode === 't2v' && !prompt?.trim()) throw invalid('prompt is required for text to video');
  const resolutions = m.modes[mode];
  if (!resolutions) throw invalid(`model ${m.model} does not support ${mode}`);
  const resolution = body.resolution ?? m.defaultResolution;
  if (typeof resolution !== 'string' || !resolutions.includes(resolution))
    throw invalid(`resolution must be one of ${resolutions.join(', ')} for ${m.model} ${mode}`);
  const duration = body.duration ?? 6;
  // A number only: "6" is refused as the reference types it (integer).
  if (typeof duration !== 'number' || !m.durations.includes(duration))
    throw invalid(`duration must be ${m.durations.join(' or ')} for ${m.model}`);
  if (duration !== 6 && m.sixOnly.includes(resolution)) throw invalid(`${resolution} supports a duration of 6 only`);
  const callback = body.callback_url;
  if (callback !== undefined && (typeof callback !== 'string' || !/^https?:\/\//.test(callback)))
    throw invalid('callback_url must be an http(s) URL');
  return { m, resolution, duration };
}

const param = (ctx: Ctx, name: string): string => {
  const v = ctx.query.get(name);
  if (!v) throw invalid(`${name} is required`);
  return v;
};

export function minimaxVideoProtocol(tasks = new MiniMaxTasks()): Protocol<SimMiniMaxVideoChannel> {
  const taskFault = (ctx: Ctx): MiniMaxTaskFault | null =>
    ctx.fault && TASK_FAULTS.includes(ctx.fault) ? (ctx.fault as MiniMaxTaskFault) : null;

  function create(ctx: Ctx): void {
    const { m, resolution, duration } = parse(ctx);
    if (ctx.fault === 'content_refused') throw minimaxError(1026, 'input new_sensitive');
    const now = Date.now();
    const fault = taskFault(ctx);
    const latency = Math.max(0, ctx.latencyMs);
    const task: MiniMaxTask = {
      id: newMiniMaxId(),
      fileId: newMiniMaxId(),
      channel: ctx.channel.name,
      model: m.model,
      resolution,
      duration,
      createdAtMs: now,
      // Never done at creation, however short the latency: the first query reads it queued at least.
      runAtMs: now + Math.max(1, Math.round(latency * QUEUED_SHARE)),
      doneAtMs: fault === 'task_never_finishes' ? Number.POSITIVE_INFINITY : now + Math.max(2, latency),
      fault,
      retrievals: 0,
      file: null,
    };
    tasks.add(task);
    sendJson(ctx.res, 200, { task_id: task.id, base_resp: { status_code: 0, status_msg: 'success' } });
  }

  function query(ctx: Ctx): void {
    const id = param(ctx, 'task_id');
    const task = tasks.get(ctx.channel.name, id);
    if (!task) throw invalid(`task_id ${id} not found`);
    ctx.noteModel(task.model);
    sendJson(ctx.res, 200, minimaxQueryAnswer(task, Date.now()));
  }

  function retrieve(ctx: Ctx): void {
    const id = param(ctx, 'file_id');
    const task = tasks.byFileId(ctx.channel.name, id, Date.now());
    if (!task) throw invalid(`file_id ${id} not found`);
    ctx.noteModel(task.model);
    sendJson(ctx.res, 200, minimaxFileAnswer(task, ctx.origin, ctx.files));
  }

  function list(ctx: Ctx): void {
    const purpose = param(ctx, 'purpose');
    if (!['voice_clone', 'prompt_audio', 't2a_async_input', 'video_generation'].includes(purpose))
      throw invalid(`purpose ${purpose} is not supported`);
    const files =
      purpose === 'video_generation'
        ? tasks.files(ctx.channel.name, Date.now()).map((t) => ({
            file_id: Number(t.fileId),
            bytes: 0,
            created_at: Math.floor(t.doneAtMs / 1000),
            filename: 'output.mp4',
            purpose,
          }))
        : [];
    sendJson(ctx.res, 200, { files, base_resp: { status_code: 0, status_msg: 'success' } });
  }

  const ROUTES: Record<string, Route<SimMiniMaxVideoChannel>> = {
    'POST /v1/video_generation': { generation: true, handle: create },
    'GET /v1/query/video_generation': { generation: false, handle: query },
    'GET /v1/files/retrieve': { generation: false, handle: retrieve },
    'GET /v1/files/list': { generation: false, handle: list },
  };

  return {
    route: (method, path) => ROUTES[`${method} ${path}`] ?? null,
    notFound: (method, path) => minimaxError(1000, `unknown path ${method} ${path}`, 404),
    authError: (kind) =>
      kind === 'missing'
        ? minimaxError(
            1004,
            "login fail: Please carry the API secret key in the 'Authorization' field of the request header",
          )
        : minimaxError(2049, 'invalid api key'),
    faultError: (hit) => faultError(hit),
    bodyTooLarge: (limit) => minimaxError(2013, `invalid params, the request body exceeds ${limit} bytes`, 413),
  };
}
