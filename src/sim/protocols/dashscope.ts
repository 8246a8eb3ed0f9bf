import sharp from 'sharp';
import type { SimDashScopeChannel, SimDashScopeModel, SimDashScopeSizeRule } from '@/sim/channels';
import type { FaultHit } from './faults';
import { HttpError, isRecord, safeDecode, sendJson } from './http';
import type { Protocol, Route, SimContext } from './protocol';
import { newTaskId, taskAnswer, wanStatus, WanTasks, type WanTask } from './dashscope-tasks';

/**
 * Alibaba Cloud Model Studio (DashScope) asynchronous image tasks, as its API reference documents them
 * (Wan text-to-image V2, Wan 2.5 image edit, Qwen-Image): `POST /api/v1/services/aigc/text2image/image-synthesis`
 * and `…/image2image/image-synthesis` with `X-DashScope-Async: enable` create a task (PENDING), `GET
 * /api/v1/tasks/{id}` follows it (RUNNING, then SUCCEEDED with a result URL), `POST /api/v1/tasks/{id}/cancel`
 * cancels a PENDING one, `GET /api/v1/tasks` lists them. Errors are `{request_id, code, message}`. The
 * task takes the channel's latency: queued for its first fifth, running for the rest.
 */

type Ctx = SimContext<SimDashScopeChannel>;

export const T2I_PATH = '/api/v1/services/aigc/text2image/image-synthesis';
export const I2I_PATH = '/api/v1/services/aigc/image2image/image-synthesis';
export const TASKS_PATH = '/api/v1/tasks';
const QUEUED_SHARE = 0.2;

const TOP_FIELDS = new Set(['model', 'input', 'parameters']);
const INPUT_FIELDS: Record<SimDashScopeModel['kind'], ReadonlySet<string>> = {
  t2i: new Set(['prompt', 'negative_prompt']),
  i2i: new Set(['prompt', 'negative_prompt', 'images']),
};
const PARAMETER_FIELDS = new Set(['size', 'n', 'prompt_extend', 'watermark', 'seed']);

export const dsError = (status: number, code: string, message: string, requestId: string, headers = {}) =>
  new HttpError(status, { request_id: requestId, code, message }, headers);
const invalid = (message: string, requestId: string) => dsError(400, 'InvalidParameter', message, requestId);

function dsFaultError(hit: FaultHit, requestId: string): HttpError {
  switch (hit.fault) {
    case 'rate_limit':
      return dsError(429, 'Throttling.RateQuota', 'Requests rate limit exceeded, please try again later.', requestId, {
        'retry-after': String(hit.retryAfterS),
      });
    case 'invalid_key':
      return dsError(401, 'InvalidApiKey', 'Invalid API-key provided.', requestId);
    case 'unpaid':
      return dsError(400, 'Arrearage', 'Access denied, please make sure your account is in good standing.', requestId);
    default: {
      const status = hit.status || 500;
      return status === 503
        ? dsError(503, 'ServiceUnavailable', 'The service is temporarily unavailable.', requestId)
        : dsError(status, 'InternalError', 'An internal error has occured, please try again later.', requestId);
    }
  }
}

function ruleTakes(rule: SimDashScopeSizeRule, w: number, h: number): boolean {
  const long = Math.max(w, h);
  const short = Math.min(w, h);
  return (
    short >= (rule.min_side ?? 1) &&
    long <= (rule.max_side ?? Infinity) &&
    w * h >= (rule.min_pixels ?? 0) &&
    w * h <= (rule.max_pixels ?? Infinity) &&
    long / short <= (rule.max_aspect ?? Infinity) + 1e-9
  );
}

const DEFAULT_SIZE: Record<string, string> = { t2i: '1024*1024', i2i: '1280*1280' };

function parseSize(m: SimDashScopeModel, raw: unknown, rid: string): { width: number; height: number } {
  const fallback = Array.isArray(m.sizes) ? (m.sizes as readonly string[]).find((s) => s === '1328*1328') : undefined;
  const size = raw ?? fallback ?? DEFAULT_SIZE[m.kind];
  const match = typeof size === 'string' ? /^(\d{2,5})\*(\d{2,5})$/.exec(size) : null;
  if (!match) throw invalid(`The size ${JSON.stringify(size)} is not in the format width*height.`, rid);
  const width = Number(match[1]);
  const height = Number(match[2]);
  const ok = Array.isArray(m.sizes)
    ? (m.sizes as readonly string[]).includes(size as string)
    : ruleTakes(m.sizes as SimDashScopeSizeRule, width, height);
  if (!ok) {
    const allowed = Array.isArray(m.sizes) ? ` Allowed sizes: ${(m.sizes as readonly string[]).join(', ')}.` : '';
    throw invalid(`The size ${match[0]} is not supported by model ${m.model}.${allowed}`, rid);
  }
  return { width, height };
}

/** A reference image: an http(s) URL (not fetched) or a `data:{mime};base64,` URI, decoded and checked. */
async function parseImages(m: SimDashScopeModel, raw: unknown, rid: string): Promise<Buffer[]> {
  if (!Array.isArray(raw) || raw.length === 0) throw invalid('input.images is required for image editing.', rid);
  if (raw.length > m.maxReferenceImages)
    throw invalid(`input.images takes at most ${m.maxReferenceImages} images.`, rid);
  const decoded: Buffer[] = [];
  for (const [i, item] of raw.entries()) {
    if (typeof item !== 'string') throw invalid(`input.images[${i}] must be a string.`, rid);
    if (/^https?:\/\//i.test(item)) continue;
    const data = /^data:image\/[a-z0-9.+-]+;base64,(.+)$/is.exec(item)?.[1];
    if (!data) throw invalid(`input.images[${i}] must be a public URL or data:{MIME_type};base64,{data}.`, rid);
    const bytes = Buffer.from(data, 'base64');
    const ok = await sharp(bytes)
      .metadata()
      .then((meta) => Boolean(meta.width && meta.height))
      .catch(() => false);
    if (!ok) throw invalid(`input.images[${i}] could not be decoded as an image.`, rid);
    decoded.push(bytes);
  }
  return decoded;
}

function parseJson(ctx: Ctx): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(ctx.body.toString('utf8'));
  } catch {
    throw invalid('The request body is not valid JSON.', ctx.requestId);
  }
  if (!isRecord(value)) throw invalid('The request body must be a JSON object.', ctx.requestId);
  return value;
}

function unknownField(obj: Record<string, unknown>, allowed: ReadonlySet<string>, where: string, rid: string): void {
  for (const k of Object.keys(obj)) if (!allowed.has(k)) throw invalid(`Unknown parameter: ${where}${k}.`, rid);
}

export function dashscopeProtocol(tasks = new WanTasks()): Protocol<SimDashScopeChannel> {
  function submit(kind: SimDashScopeModel['kind']) {
    return async (ctx: Ctx): Promise<void> => {
      const rid = ctx.requestId;
      if (ctx.req.headers['x-dashscope-async'] !== 'enable')
        throw dsError(403, 'AccessDenied', 'current user api does not support synchronous calls', rid);
      const body = parseJson(ctx);
      const model = body.model;
      if (typeof model !== 'string' || model === '')
        throw dsError(400, 'BadRequest.EmptyModel', 'Required parameter "model" missing from request.', rid);
      ctx.noteModel(model);
      const m = ctx.channel.capabilities.models.find((x) => x.model === model);
      if (!m) throw dsError(404, 'ModelNotFound', `Model not exist: ${model}.`, rid);
      if (m.kind !== kind) throw invalid('url error, please check url!', rid);
      unknownField(body, TOP_FIELDS, '', rid);
      const input = body.input;
      if (!isRecord(input))
        throw dsError(400, 'BadRequest.EmptyInput', 'Required input parameter missing from request.', rid);
      unknownField(input, INPUT_FIELDS[kind], 'input.', rid);
      if (typeof input.prompt !== 'string' || input.prompt.trim() === '')
        throw invalid('Field required: input.prompt', rid);
      const params = body.parameters ?? {};
      if (!isRecord(params)) throw invalid('parameters must be an object.', rid);
      unknownField(params, PARAMETER_FIELDS, 'parameters.', rid);
      const n = params.n ?? 1;
      const maxN = m.model.startsWith('qwen-image') ? 1 : 4;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > maxN)
        throw invalid(`parameters.n must be an integer from 1 to ${maxN}.`, rid);
      for (const flag of ['prompt_extend', 'watermark'] as const)
        if (params[flag] !== undefined && typeof params[flag] !== 'boolean')
          throw invalid(`parameters.${flag} must be a boolean.`, rid);
      const seed = params.seed;
      if (seed !== undefined && (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > 2147483647))
        throw invalid('parameters.seed must be an integer from 0 to 2147483647.', rid);
      const { width, height } = parseSize(m, params.size, rid);
      const references = kind === 'i2i' ? await parseImages(m, input.images, rid) : [];
      if (ctx.fault === 'content_refused')
        throw dsError(400, 'DataInspectionFailed', 'Input data may contain inappropriate content.', rid);
      const now = Date.now();
      const fault =
        ctx.fault === 'bad_output' || ctx.fault === 'task_failed' || ctx.fault === 'task_never_finishes'
          ? ctx.fault
          : null;
      const latency = Math.max(0, ctx.latencyMs);
      const task: WanTask = {
        id: newTaskId(),
        channel: ctx.channel.name,
        model,
        prompt: input.prompt,
        width,
        height,
        references,
        createdAtMs: now,
        // A task that never finishes waits in the queue for good (so it can still be cancelled).
        runAtMs: fault === 'task_never_finishes' ? Number.POSITIVE_INFINITY : now + Math.round(latency * QUEUED_SHARE),
        doneAtMs: fault === 'task_never_finishes' ? Number.POSITIVE_INFINITY : now + latency,
        cancelledAtMs: null,
        fault,
        failCode: fault === 'task_failed' ? ctx.faultCode : null,
        file: null,
      };
      tasks.add(task);
      sendJson(ctx.res, 200, { request_id: rid, output: { task_id: task.id, task_status: 'PENDING' } });
    };
  }

  const idOf = (ctx: Ctx): string => safeDecode(ctx.path.slice(TASKS_PATH.length + 1).replace(/\/cancel$/, ''));

  async function retrieve(ctx: Ctx): Promise<void> {
    const id = idOf(ctx);
    const task = tasks.get(ctx.channel.name, id);
    // DashScope answers an unknown or expired (24 h) task id with the status UNKNOWN, not a 404.
    if (!task)
      return sendJson(ctx.res, 200, { request_id: ctx.requestId, output: { task_id: id, task_status: 'UNKNOWN' } });
    ctx.noteModel(task.model);
    sendJson(ctx.res, 200, await taskAnswer(task, Date.now(), ctx.origin, ctx.files, ctx.requestId));
  }

  /** Only a PENDING task can be cancelled (the SDK's `cancel`: "Cancel PENDING task"). */
  function cancel(ctx: Ctx): void {
    const id = idOf(ctx);
    const task = tasks.get(ctx.channel.name, id);
    if (!task) throw dsError(404, 'NotFound', `The task ${id} does not exist.`, ctx.requestId);
    ctx.noteModel(task.model);
    const now = Date.now();
    if (wanStatus(task, now) !== 'PENDING')
      throw dsError(
        400,
        'UnsupportedOperation',
        'Failed to cancel the task, please confirm if the task is in PENDING status.',
        ctx.requestId,
      );
    task.cancelledAtMs = now;
    sendJson(ctx.res, 200, { request_id: ctx.requestId });
  }

  function list(ctx: Ctx): void {
    const int = (name: string, fallback: number): number => {
      const raw = ctx.query.get(name);
      const v = raw === null || raw === '' ? fallback : Number(raw);
      if (!Number.isInteger(v) || v < 1 || v > 100)
        throw invalid(`${name} must be an integer from 1 to 100.`, ctx.requestId);
      return v;
    };
    const pageNo = int('page_no', 1);
    const pageSize = int('page_size', 10);
    const now = Date.now();
    const all = tasks.list(ctx.channel.name);
    const data = all.slice((pageNo - 1) * pageSize, pageNo * pageSize).map((t) => ({
      task_id: t.id,
      model_name: t.model,
      status: wanStatus(t, now),
      gmt_create: t.createdAtMs,
    }));
    sendJson(ctx.res, 200, {
      request_id: ctx.requestId,
      data,
      total: all.length,
      total_page: Math.ceil(all.length / pageSize),
      page_no: pageNo,
      page_size: pageSize,
    });
  }

  return {
    route(method, path): Route<SimDashScopeChannel> | null {
      if (method === 'POST' && path === T2I_PATH) return { generation: true, handle: submit('t2i') };
      if (method === 'POST' && path === I2I_PATH) return { generation: true, handle: submit('i2i') };
      if (method === 'GET' && (path === TASKS_PATH || path === `${TASKS_PATH}/`))
        return { generation: false, handle: list };
      const rest = path.startsWith(`${TASKS_PATH}/`) ? path.slice(TASKS_PATH.length + 1) : null;
      if (rest && /^[^/]+$/.test(rest) && method === 'GET') return { generation: false, handle: retrieve };
      if (rest && /^[^/]+\/cancel$/.test(rest) && method === 'POST') return { generation: false, handle: cancel };
      return null;
    },
    notFound: (_method, _path, requestId) =>
      dsError(400, 'InvalidURL', 'Invalid URL provided in your request.', requestId),
    authError: (kind, _presented, requestId) =>
      dsError(
        401,
        'InvalidApiKey',
        kind === 'missing' ? 'No API-key provided.' : 'Invalid API-key provided.',
        requestId,
      ),
    faultError: (hit, _channel, requestId) => dsFaultError(hit, requestId),
    bodyTooLarge: (limit, requestId) =>
      dsError(413, 'RequestTooLarge', `The request body exceeds ${limit} bytes.`, requestId),
  };
}
