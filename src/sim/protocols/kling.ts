import type { IncomingMessage } from 'node:http';
import type { SimKlingChannel, SimKlingModel } from '@/sim/channels-kling';
import type { FaultHit } from './faults';
import { HttpError, isRecord, safeDecode, sendJson } from './http';
import { bearerOf, verifyKlingToken } from './kling-auth';
import { KlingTasks, klingTaskData, newKlingTaskId, type KlingTask, type KlingTaskFault } from './kling-tasks';
import type { Protocol, Route, SimContext } from './protocol';

/**
 * Kling's video tasks as "Kling AI API — Video Generation" documents them: `POST /v1/videos/text2video`
 * and `/v1/videos/image2video` create a task (`submitted`), `GET /v1/videos/{endpoint}/{task_id}` follows
 * it (`processing`, then `succeed` with `task_result.videos[].url`, or `failed`), `GET
 * /v1/videos/{endpoint}?pageNum&pageSize` lists them. There is no cancel. Every answer is `{code,
 * message, request_id, data}`; errors carry the error table's code and HTTP status. The token is a JWT
 * checked for its signature and time (kling-auth.ts). A task spends the first fifth of the channel's
 * latency submitted, the rest processing.
 */

type Ctx = SimContext<SimKlingChannel>;
const VIDEOS = '/v1/videos';
const ENDPOINTS = ['text2video', 'image2video'] as const;
type Endpoint = (typeof ENDPOINTS)[number];
const QUEUED_SHARE = 0.2;
const MAX_PROMPT = 2500;
const RATIOS = ['16:9', '9:16', '1:1'];

const FIELDS: Record<Endpoint, ReadonlySet<string>> = {
  text2video: new Set([
    'model_name',
    'prompt',
    'negative_prompt',
    'cfg_scale',
    'mode',
    'camera_control',
    'aspect_ratio',
    'duration',
    'callback_url',
    'external_task_id',
  ]),
  image2video: new Set([
    'model_name',
    'image',
    'image_tail',
    'prompt',
    'negative_prompt',
    'cfg_scale',
    'mode',
    'static_mask',
    'dynamic_masks',
    'camera_control',
    'duration',
    'callback_url',
    'external_task_id',
  ]),
};

export const klingError = (status: number, code: number, message: string, requestId: string, headers = {}) =>
  new HttpError(status, { code, message, request_id: requestId }, headers);
const invalid = (message: string, rid: string) => klingError(400, 1201, message, rid);

function faultError(hit: FaultHit, rid: string): HttpError {
  switch (hit.fault) {
    case 'rate_limit':
      return klingError(429, 1302, 'API request too fast, please slow down', rid, {
        'retry-after': String(hit.retryAfterS),
      });
    case 'invalid_key':
      return klingError(401, 1002, 'Authorization is invalid', rid);
    case 'unpaid':
      return klingError(429, 1102, 'Resource pack exhausted or expired', rid);
    default: {
      const status = hit.status || 500;
      if (status === 503) return klingError(503, 5001, 'Server temporarily unavailable, under maintenance', rid);
      if (status === 504) return klingError(504, 5002, 'Server internal timeout', rid);
      return klingError(status, 5000, 'Server internal error', rid);
    }
  }
}

function str(body: Record<string, unknown>, field: string, rid: string, max = MAX_PROMPT): string | undefined {
  const v = body[field];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw invalid(`${field} must be a string`, rid);
  if (v.length > max) throw invalid(`${field} must be at most ${max} characters`, rid);
  return v;
}

/** An image: a URL (not fetched) or Base64 without the `data:` prefix, which Kling refuses. */
function image(body: Record<string, unknown>, field: string, rid: string): string | undefined {
  const v = str(body, field, rid, 15 * 1024 * 1024);
  if (v === undefined || v === '') return undefined;
  if (/^https?:\/\//i.test(v)) return v;
  if (v.startsWith('data:')) throw invalid(`${field}: Base64 must be sent without the data: prefix`, rid);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(v)) throw invalid(`${field} must be an image URL or Base64`, rid);
  return v;
}

function checkModel(body: Record<string, unknown>, ch: SimKlingChannel, endpoint: Endpoint, rid: string) {
  const name = body.model_name ?? 'kling-v1';
  if (typeof name !== 'string') throw invalid('model_name must be a string', rid);
  const m = ch.capabilities.models.find((x) => x.model === name);
  if (!m) throw klingError(404, 1203, `model_name ${name} does not exist`, rid);
  if (endpoint === 'text2video' ? !m.textToVideo : !m.imageToVideo)
    throw invalid(`model_name ${name} does not support ${endpoint}`, rid);
  return m;
}

function parse(ctx: Ctx, endpoint: Endpoint) {
  const rid = ctx.requestId;
  let body: unknown;
  try {
    body = JSON.parse(ctx.body.toString('utf8'));
  } catch {
    throw klingError(400, 1200, 'Invalid request parameters: the body is not JSON', rid);
  }
  if (!isRecord(body)) throw klingError(400, 1200, 'Invalid request parameters: the body must be an object', rid);
  for (const k of Object.keys(body)) if (!FIELDS[endpoint].has(k)) throw invalid(`unknown parameter ${k}`, rid);
  const m: SimKlingModel = checkModel(body, ctx.channel, endpoint, rid);
  ctx.noteModel(m.model);
  const prompt = str(body, 'prompt', rid);
  str(body, 'negative_prompt', rid);
  if (endpoint === 'text2video' && !prompt?.trim()) throw invalid('prompt is required', rid);
  const cfg = body.cfg_scale;
  if (cfg !== undefined && (typeof cfg !== 'number' || cfg < 0 || cfg > 1))
    throw invalid('cfg_scale must be a number from 0 to 1', rid);
  const mode: unknown = body.mode ?? 'std';
  if (mode !== 'std' && mode !== 'pro') throw invalid('mode must be std or pro', rid);
  if (!m.modes.includes(mode)) throw invalid(`model_name ${m.model} does not support mode ${mode}`, rid);
  const duration = body.duration ?? '5';
  // Strings only: the number 5 is refused as the reference types it.
  if (duration !== '5' && duration !== '10') throw invalid('duration must be "5" or "10"', rid);
  const ratio = body.aspect_ratio ?? '16:9';
  if (typeof ratio !== 'string' || !RATIOS.includes(ratio))
    throw invalid(`aspect_ratio must be one of ${RATIOS.join(', ')}`, rid);
  const first = endpoint === 'image2video' ? image(body, 'image', rid) : undefined;
  const tail = endpoint === 'image2video' ? image(body, 'image_tail', rid) : undefined;
  if (endpoint === 'image2video' && !first && !tail) throw invalid('image or image_tail is required', rid);
  if (tail && !m.tailModes.includes(mode))
    throw invalid(`image_tail is not supported by model_name ${m.model} in mode ${mode}`, rid);
  const callback = str(body, 'callback_url', rid, 2048);
  const external = str(body, 'external_task_id', rid, 256);
  if (callback !== undefined && callback !== '' && !/^https?:\/\//.test(callback))
    throw invalid('callback_url must be an http(s) URL', rid);
  return {
    m,
    mode: mode === 'pro' ? ('pro' as const) : ('std' as const),
    duration: Number(duration),
    ratio,
    external: external || null,
  };
}

export function klingProtocol(tasks = new KlingTasks()): Protocol<SimKlingChannel> {
  const taskFault = (ctx: Ctx): KlingTaskFault | null =>
    ctx.fault === 'bad_output' ||
    ctx.fault === 'task_failed' ||
    ctx.fault === 'task_never_finishes' ||
    ctx.fault === 'wrong_duration'
      ? ctx.fault
      : null;

  function create(endpoint: Endpoint) {
    return (ctx: Ctx): void => {
      const { m, mode, duration, ratio, external } = parse(ctx, endpoint);
      if (ctx.fault === 'content_refused')
        throw klingError(400, 1301, 'Trigger the content security policy of the platform', ctx.requestId);
      const now = Date.now();
      const fault = taskFault(ctx);
      const latency = Math.max(0, ctx.latencyMs);
      const task: KlingTask = {
        id: newKlingTaskId(),
        channel: ctx.channel.name,
        endpoint,
        model: m.model,
        mode,
        // Image to video follows its image; the simulator's frames are 16:9 then.
        ratio: endpoint === 'text2video' ? ratio : '16:9',
        duration,
        externalTaskId: external,
        createdAtMs: now,
        runAtMs: now + Math.round(latency * QUEUED_SHARE),
        doneAtMs: fault === 'task_never_finishes' ? Number.POSITIVE_INFINITY : now + latency,
        fault,
        file: null,
      };
      tasks.add(task);
      sendJson(ctx.res, 200, {
        code: 0,
        message: 'SUCCEED',
        request_id: ctx.requestId,
        // Creation always answers `submitted`, however short the channel's latency.
        data: {
          task_id: task.id,
          task_status: 'submitted',
          task_info: external ? { external_task_id: external } : {},
          created_at: now,
          updated_at: now,
        },
      });
    };
  }

  function retrieve(ctx: Ctx): void {
    const [, , endpoint = '', raw = ''] = ctx.path.split('/').slice(1);
    const id = safeDecode(raw);
    const task = tasks.get(ctx.channel.name, endpoint, id);
    if (!task) throw klingError(404, 1203, `task ${id} does not exist`, ctx.requestId);
    ctx.noteModel(task.model);
    const data = klingTaskData(task, Date.now(), ctx.origin, ctx.files);
    sendJson(ctx.res, 200, { code: 0, message: 'SUCCEED', request_id: ctx.requestId, data });
  }

  function list(ctx: Ctx): void {
    const int = (name: string, fallback: number, max: number): number => {
      const raw = ctx.query.get(name);
      const v = raw === null || raw === '' ? fallback : Number(raw);
      if (!Number.isInteger(v) || v < 1 || v > max)
        throw invalid(`${name} must be an integer from 1 to ${max}`, ctx.requestId);
      return v;
    };
    const pageNum = int('pageNum', 1, 1000);
    const pageSize = int('pageSize', 30, 500);
    const endpoint = ctx.path.slice(VIDEOS.length + 1);
    const page = tasks.list(ctx.channel.name, endpoint).slice((pageNum - 1) * pageSize, pageNum * pageSize);
    const now = Date.now();
    const data = page.map((t) => klingTaskData(t, now, ctx.origin, ctx.files));
    sendJson(ctx.res, 200, { code: 0, message: 'SUCCEED', request_id: ctx.requestId, data });
  }

  return {
    /** The access key of a valid token (the server compares it with the channel's); else the token itself. */
    keyOf(req: IncomingMessage): string {
      const token = bearerOf(req.headers.authorization);
      const verdict = verifyKlingToken(token);
      return verdict.ok ? verdict.accessKey : token;
    },
    route(method, path): Route<SimKlingChannel> | null {
      for (const endpoint of ENDPOINTS) {
        const base = `${VIDEOS}/${endpoint}`;
        if (path === base && method === 'POST') return { generation: true, handle: create(endpoint) };
        if (path === base && method === 'GET') return { generation: false, handle: list };
        if (path.startsWith(`${base}/`) && /^[^/]+$/.test(path.slice(base.length + 1)) && method === 'GET')
          return { generation: false, handle: retrieve };
      }
      return null;
    },
    notFound: (method, path, requestId) =>
      klingError(404, 1202, `Invalid request method or path: ${method} ${path}`, requestId),
    authError: (kind, presented, requestId) => {
      if (kind === 'missing') return klingError(401, 1001, 'Authorization is empty', requestId);
      const verdict = verifyKlingToken(presented);
      if (!verdict.ok && verdict.reason === 'expired')
        return klingError(401, 1004, 'Authorization has expired', requestId);
      if (!verdict.ok && verdict.reason === 'not_yet_valid')
        return klingError(401, 1003, 'Authorization is not yet valid', requestId);
      // A bad signature, a malformed token, or a valid token of another account.
      return klingError(401, 1002, 'Authorization is invalid', requestId);
    },
    faultError: (hit, _channel, requestId) => faultError(hit, requestId),
    bodyTooLarge: (limit, requestId) => klingError(413, 1200, `The request body exceeds ${limit} bytes`, requestId),
  };
}
