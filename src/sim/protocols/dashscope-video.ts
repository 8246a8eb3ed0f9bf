import type { SimDashScopeVideoChannel, SimWanVideoModel } from '@/sim/channels-dashscope-video';
import { WAN_VIDEO_SIZES } from '@/sim/channels-dashscope-video';
import { dsFaultError } from './dashscope';
import { dashscopeTaskRoute } from './dashscope-task-routes';
import { dsError, inputImage, invalid, parseJson, unknownField } from './dashscope-common';
import { isRecord, sendJson } from './http';
import type { Protocol, Route, SimContext } from './protocol';
import {
  newWanVideoTaskId,
  wanVideoAnswer,
  wanVideoStatus,
  WanVideoTasks,
  type WanVideoFault,
  type WanVideoTask,
} from './dashscope-video-tasks';

/**
 * Wan video tasks on DashScope, as the text-to-video, image-to-video (first frame) and
 * first-and-last-frame references document them: `POST /api/v1/services/aigc/video-generation/video-synthesis`
 * (text to video with `size`, first frame with `img_url` and `resolution`) and `…/image2video/video-synthesis`
 * (`first_frame_url`, `last_frame_url`), with `X-DashScope-Async: enable`, create a task (PENDING); the task
 * endpoints are the image side's (`GET /api/v1/tasks/{id}`, cancel while PENDING, the list). Errors are
 * `{request_id, code, message}`. A task is queued for the first fifth of the channel's latency.
 */

type Ctx = SimContext<SimDashScopeVideoChannel>;
type Endpoint = 'video-generation' | 'image2video';

export const VIDEO_PATH = '/api/v1/services/aigc/video-generation/video-synthesis';
export const KF2V_PATH = '/api/v1/services/aigc/image2video/video-synthesis';
const QUEUED_SHARE = 0.2;
const MAX_PROMPT = 800;

const TOP = new Set(['model', 'input', 'parameters']);
const COMMON_PARAMETERS = ['duration', 'prompt_extend', 'watermark', 'seed'];
const INPUT: Record<SimWanVideoModel['kind'], string[]> = {
  t2v: ['prompt', 'negative_prompt'],
  i2v: ['prompt', 'negative_prompt', 'img_url'],
  kf2v: ['prompt', 'negative_prompt', 'first_frame_url', 'last_frame_url'],
};
/** Text to video takes `size`; the image models `resolution`: each refuses the other as unknown. */
const PARAMETERS: Record<SimWanVideoModel['kind'], string[]> = {
  t2v: ['size', ...COMMON_PARAMETERS],
  i2v: ['resolution', ...COMMON_PARAMETERS],
  kf2v: ['resolution', ...COMMON_PARAMETERS],
};

/** Text-to-video's size as the ratio of the simulator's frames. */
function ratioOf(size: string): string {
  const [w = 16, h = 9] = size.split('*').map(Number);
  if (w === h) return '1:1';
  if (Math.abs(w / h - 4 / 3) < 0.1) return '4:3';
  if (Math.abs(h / w - 4 / 3) < 0.1) return '3:4';
  return w > h ? '16:9' : '9:16';
}

function text(value: unknown, where: string, rid: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`${where} must be a string.`, rid);
  if (value.length > MAX_PROMPT) throw invalid(`${where} must be at most ${MAX_PROMPT} characters.`, rid);
  return value;
}

async function frame(value: unknown, where: string, rid: string): Promise<void> {
  if (value === undefined || value === '') throw invalid(`Field required: ${where}`, rid);
  await inputImage(value, where, rid);
}

/** The model's checks on one submission: fields, prompt, images, size or resolution, duration. */
async function parse(ctx: Ctx, endpoint: Endpoint) {
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
  if ((m.kind === 'kf2v') !== (endpoint === 'image2video')) throw invalid('url error, please check url!', rid);
  unknownField(body, TOP, '', rid);
  const input = body.input;
  if (!isRecord(input))
    throw dsError(400, 'BadRequest.EmptyInput', 'Required input parameter missing from request.', rid);
  unknownField(input, new Set([...INPUT[m.kind], ...(m.audio ? ['audio_url'] : [])]), 'input.', rid);
  const params = body.parameters ?? {};
  if (!isRecord(params)) throw invalid('parameters must be an object.', rid);
  unknownField(params, new Set([...PARAMETERS[m.kind], ...(m.audio ? ['audio'] : [])]), 'parameters.', rid);
  const prompt = text(input.prompt, 'input.prompt', rid) ?? '';
  text(input.negative_prompt, 'input.negative_prompt', rid);
  if (m.kind === 't2v' && !prompt.trim()) throw invalid('Field required: input.prompt', rid);
  if (m.kind === 'i2v') await frame(input.img_url, 'input.img_url', rid);
  if (m.kind === 'kf2v') {
    await frame(input.first_frame_url, 'input.first_frame_url', rid);
    await frame(input.last_frame_url, 'input.last_frame_url', rid);
  }
  if (input.audio_url !== undefined && (typeof input.audio_url !== 'string' || !/^https?:\/\//.test(input.audio_url)))
    throw invalid('input.audio_url must be a public URL.', rid);
  for (const flag of ['prompt_extend', 'watermark', 'audio'] as const)
    if (params[flag] !== undefined && typeof params[flag] !== 'boolean')
      throw invalid(`parameters.${flag} must be a boolean.`, rid);
  const seed = params.seed;
  if (seed !== undefined && (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > 2147483647))
    throw invalid('parameters.seed must be an integer from 0 to 2147483647.', rid);
  const duration = params.duration ?? 5;
  if (typeof duration !== 'number' || !m.durations.includes(duration))
    throw invalid(`parameters.duration must be ${m.durations.join(' or ')} for model ${m.model}.`, rid);
  const top = m.resolutions[m.resolutions.length - 1] ?? '720P';
  if (m.kind === 't2v') {
    const sizes = m.resolutions.flatMap((r) => WAN_VIDEO_SIZES[r]);
    const size = params.size ?? WAN_VIDEO_SIZES[top][0];
    if (typeof size !== 'string' || !sizes.includes(size))
      throw invalid(`parameters.size must be one of ${sizes.join(', ')} for model ${m.model}.`, rid);
    return { m, prompt, duration, size, ratio: ratioOf(size) };
  }
  const resolution = params.resolution ?? top;
  if (typeof resolution !== 'string' || !(m.resolutions as readonly string[]).includes(resolution))
    throw invalid(`parameters.resolution must be one of ${m.resolutions.join(', ')} for model ${m.model}.`, rid);
  // The image models follow the first frame's ratio; the simulator's frames are 16:9 then.
  return { m, prompt, duration, size: resolution, ratio: '16:9' };
}

export function dashscopeVideoProtocol(tasks = new WanVideoTasks()): Protocol<SimDashScopeVideoChannel> {
  const taskFault = (ctx: Ctx): WanVideoFault | null =>
    ctx.fault === 'bad_output' ||
    ctx.fault === 'task_failed' ||
    ctx.fault === 'task_never_finishes' ||
    ctx.fault === 'wrong_duration'
      ? ctx.fault
      : null;

  function submit(endpoint: Endpoint) {
    return async (ctx: Ctx): Promise<void> => {
      const { m, prompt, duration, size, ratio } = await parse(ctx, endpoint);
      if (ctx.fault === 'content_refused')
        throw dsError(400, 'DataInspectionFailed', 'Input data may contain inappropriate content.', ctx.requestId);
      const now = Date.now();
      const fault = taskFault(ctx);
      const latency = Math.max(0, ctx.latencyMs);
      const never = fault === 'task_never_finishes';
      const task: WanVideoTask = {
        id: newWanVideoTaskId(),
        channel: ctx.channel.name,
        model: m.model,
        prompt,
        size,
        ratio,
        duration,
        createdAtMs: now,
        runAtMs: never ? Number.POSITIVE_INFINITY : now + Math.round(latency * QUEUED_SHARE),
        doneAtMs: never ? Number.POSITIVE_INFINITY : now + latency,
        cancelledAtMs: null,
        fault,
        failCode: fault === 'task_failed' ? ctx.faultCode : null,
        file: null,
      };
      tasks.add(task);
      sendJson(ctx.res, 200, { request_id: ctx.requestId, output: { task_id: task.id, task_status: 'PENDING' } });
    };
  }

  const taskRoute = dashscopeTaskRoute<SimDashScopeVideoChannel, WanVideoTask>({
    tasks,
    status: wanVideoStatus,
    answer: (task, now, ctx) => wanVideoAnswer(task, now, ctx.origin, ctx.files, ctx.requestId),
  });

  return {
    route(method, path): Route<SimDashScopeVideoChannel> | null {
      if (method === 'POST' && path === VIDEO_PATH) return { generation: true, handle: submit('video-generation') };
      if (method === 'POST' && path === KF2V_PATH) return { generation: true, handle: submit('image2video') };
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
