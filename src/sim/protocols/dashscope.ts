import type { SimDashScopeChannel, SimDashScopeModel, SimDashScopeSizeRule } from '@/sim/channels';
import type { FaultHit } from './faults';
import { dashscopeTaskRoute, TASKS_PATH } from './dashscope-task-routes';
import { dsError, inputImage, invalid, parseJson, ruleTakes, unknownField } from './dashscope-common';
import { EDIT_PATH, qwenEdit } from './dashscope-edit';
import { FUNCTION_EDIT_INPUT, FUNCTION_EDIT_PARAMETERS, functionEditInput } from './dashscope-function-edit';
import { HttpError, isRecord, sendJson } from './http';
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
export { TASKS_PATH };
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

  const taskRoute = dashscopeTaskRoute<SimDashScopeChannel, WanTask>({
    tasks,
    status: wanStatus,
    answer: (task, now, ctx) => taskAnswer(task, now, ctx.origin, ctx.files, ctx.requestId),
  });

  return {
    route(method, path): Route<SimDashScopeChannel> | null {
      if (method === 'POST' && path === T2I_PATH) return { generation: true, handle: submit('t2i') };
      if (method === 'POST' && path === I2I_PATH) return { generation: true, handle: submit('i2i') };
      if (method === 'POST' && path === EDIT_PATH) return { generation: true, handle: qwenEdit };
      return taskRoute(method, path);
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
