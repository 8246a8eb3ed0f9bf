import type { SimDashScopeChannel, SimDashScopeModel, SimDashScopeSizeRule } from '@/sim/channels';
import type { FaultHit } from './faults';
import { dsError, inputImage, invalid, parseJson, ruleTakes, unknownField } from './dashscope-common';
import { EDIT_PATH, qwenEdit } from './dashscope-edit';
import { FUNCTION_EDIT_INPUT, FUNCTION_EDIT_PARAMETERS, functionEditInput } from './dashscope-function-edit';
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
  // Qwen-Image-Edit takes `input.messages` on its own endpoint (dashscope-edit.ts): never a task.
  edit: new Set(),
  'function-edit': FUNCTION_EDIT_INPUT,
};
const PARAMETER_FIELDS = new Set(['size', 'n', 'prompt_extend', 'watermark', 'seed']);

export function dsFaultError(hit: FaultHit, requestId: string): HttpError {
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

/** The reference images of an edit task (1 to the model's most), decoded where given as data URIs. */
async function parseImages(m: SimDashScopeModel, raw: unknown, rid: string): Promise<Buffer[]> {
  if (!Array.isArray(raw) || raw.length === 0) throw invalid('input.images is required for image editing.', rid);
  if (raw.length > m.maxReferenceImages)
    throw invalid(`input.images takes at most ${m.maxReferenceImages} images.`, rid);
  const decoded: Buffer[] = [];
  for (const [i, item] of raw.entries()) {
    const image = await inputImage(item, `input.images[${i}]`, rid);
    if (image) decoded.push(image.data);
  }
  return decoded;
}

export function dashscopeProtocol(tasks = new WanTasks()): Protocol<SimDashScopeChannel> {
  function submit(kind: 't2i' | 'i2i') {
    return async (ctx: Ctx): Promise<void> => {
      const rid = ctx.requestId;
      if (ctx.req.headers['x-dashscope-async'] !== 'enable')
        throw dsError(403, 'AccessDenied', 'current user api does not support synchronous calls', rid);
      const body = parseJson(ctx.body, rid);
      const model = body.model;
      if (typeof model !== 'string' || model === '')
        throw dsError(400, 'BadRequest.EmptyModel', 'Required parameter "model" missing from request.', rid);
      ctx.noteModel(model);
      const m = ctx.channel.capabilities.models.find((x) => x.model === model);
      if (!m) throw dsError(404, 'ModelNotFound', `Model not exist: ${model}.`, rid);
      if ((m.kind === 'function-edit' ? 'i2i' : m.kind) !== kind) throw invalid('url error, please check url!', rid);
      unknownField(body, TOP_FIELDS, '', rid);
      const input = body.input;
      if (!isRecord(input))
        throw dsError(400, 'BadRequest.EmptyInput', 'Required input parameter missing from request.', rid);
      unknownField(input, INPUT_FIELDS[m.kind], 'input.', rid);
      if (typeof input.prompt !== 'string' || input.prompt.trim() === '')
        throw invalid('Field required: input.prompt', rid);
      const params = body.parameters ?? {};
      if (!isRecord(params)) throw invalid('parameters must be an object.', rid);
      unknownField(
        params,
        m.kind === 'function-edit' ? FUNCTION_EDIT_PARAMETERS : PARAMETER_FIELDS,
        'parameters.',
        rid,
      );
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
      const { width, height, references } =
        m.kind === 'function-edit'
          ? await functionEditInput(input, rid)
          : {
              ...parseSize(m, params.size, rid),
              references: kind === 'i2i' ? await parseImages(m, input.images, rid) : [],
            };
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
      if (method === 'POST' && path === EDIT_PATH) return { generation: true, handle: qwenEdit };
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
