import { createHash, randomBytes } from 'node:crypto';
import { findSimVideoTier, type SimVideoChannel, type SimVideoTier } from '@/sim/channels';
import type { FaultHit } from './faults';
import { HttpError, isRecord, safeDecode, sendJson } from './http';
import type { Protocol, Route, SimContext } from './protocol';
import { createShapeProblem } from './video-request';

/**
 * Async video tasks in the shape of the BytePlus/Volcengine Ark "content generation tasks"
 * API. Task timing is driven by the channel settings captured at creation: queued for the
 * first `queued_percent` (20 %) of the latency, running until the latency has elapsed, then
 * succeeded (or failed under `task_failed`, or running forever under `task_never_finishes`).
 * With 0 latency a task is already succeeded on its first poll. Status is derived from the
 * clock on read, so thousands of tasks cost no timers; only tasks with a `callback_url`
 * schedule timers for their notifications.
 */

import {
  STATUSES,
  TASKS_PATH,
  taskJson,
  taskStatus,
  VideoTasks,
  wrongDuration,
  type TaskSettings,
  type VideoSettings,
  type VideoTask,
} from './video-tasks';

export { VideoTasks } from './video-tasks';

type Ctx = SimContext<SimVideoChannel>;

const ARK_TYPES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  413: 'RequestEntityTooLarge',
  429: 'TooManyRequests',
  500: 'InternalServerError',
  502: 'BadGateway',
  503: 'ServiceUnavailable',
  504: 'GatewayTimeout',
};

export function arkError(
  status: number,
  code: string,
  message: string,
  requestId: string,
  param = '',
  headers: Record<string, string> = {},
): HttpError {
  return new HttpError(
    status,
    { error: { code, message: `${message} Request id: ${requestId}`, param, type: ARK_TYPES[status] ?? 'Error' } },
    headers,
  );
}

function invalid(requestId: string, param: string, detail: string): HttpError {
  return arkError(
    400,
    'InvalidParameter',
    `The parameter \`${param}\` specified in the request is not valid: ${detail}.`,
    requestId,
    param,
  );
}

export function arkFaultError(hit: FaultHit, requestId: string): HttpError {
  switch (hit.fault) {
    case 'rate_limit':
      return arkError(
        429,
        'RateLimitExceeded',
        'The request has exceeded the rate limit for this model. Please try again later.',
        requestId,
        '',
        {
          'retry-after': String(hit.retryAfterS),
        },
      );
    case 'unpaid':
      return arkError(
        403,
        'AccountOverdueError',
        'The request failed because your account has an overdue balance. Please top up and try again.',
        requestId,
      );
    case 'invalid_key':
      return arkError(401, 'AuthenticationError', 'The API key in the request is missing or invalid.', requestId);
    case 'server_error': {
      const status = hit.status || 500;
      const code =
        status === 503
          ? 'ServiceUnavailable'
          : status === 500
            ? 'InternalServiceError'
            : (ARK_TYPES[status] ?? 'InternalServiceError');
      return arkError(status, code, 'The service encountered an unexpected internal error.', requestId);
    }
    default:
      return arkError(500, 'InternalServiceError', 'The service encountered an unexpected internal error.', requestId);
  }
}

// ---- request parsing ----------------------------------------------------------------

const COMMAND_ALIASES: Record<string, string> = {
  ratio: 'ratio',
  rt: 'ratio',
  duration: 'duration',
  dur: 'duration',
  resolution: 'resolution',
  rs: 'resolution',
  fps: 'fps',
  framespersecond: 'fps',
  seed: 'seed',
  watermark: 'watermark',
  wm: 'watermark',
  camerafixed: 'camerafixed',
  cf: 'camerafixed',
};

/** Splits `prompt --ratio 16:9 --duration 5` into the prompt and its text commands. */
export function parseTextCommands(text: string): { prompt: string; commands: Map<string, string> } {
  const commands = new Map<string, string>();
  const prompt = text
    .replace(/(^|\s)--([A-Za-z_]+)\s+(\S+)/g, (whole, lead: string, key: string, value: string) => {
      const canonical = COMMAND_ALIASES[key.toLowerCase()];
      if (!canonical) return whole;
      commands.set(canonical, value);
      return lead;
    })
    .replace(/\s+/g, ' ')
    .trim();
  return { prompt, commands };
}

function parseUrlItem(
  item: Record<string, unknown>,
  field: 'image_url' | 'video_url' | 'audio_url',
  index: number,
  requestId: string,
): string {
  const holder = item[field];
  const url = isRecord(holder) ? holder.url : undefined;
  if (typeof url !== 'string' || url === '') {
    throw arkError(
      400,
      'MissingParameter',
      `The request failed because it is missing one or multiple required parameters: content[${index}].${field}.url.`,
      requestId,
      `content[${index}].${field}.url`,
    );
  }
  if (!/^https?:\/\//i.test(url) && !/^data:[a-z]+\/[a-z0-9.+-]+;base64,/i.test(url) && !/^asset:\/\//i.test(url)) {
    throw invalid(requestId, `content[${index}].${field}.url`, 'expected an http(s) URL or a base64 data URL');
  }
  return url;
}

const DATA_ROLES: Record<'image_url' | 'video_url' | 'audio_url', readonly string[]> = {
  image_url: ['first_frame', 'last_frame', 'reference_image'],
  video_url: ['reference_video'],
  audio_url: ['reference_audio'],
};

function readSetting(
  body: Record<string, unknown>,
  commands: Map<string, string>,
  name: string,
  bodyName = name,
): string | undefined {
  const fromBody = body[bodyName];
  if (typeof fromBody === 'string' || typeof fromBody === 'number' || typeof fromBody === 'boolean')
    return String(fromBody);
  return commands.get(name);
}

function parseCreate(body: Record<string, unknown>, tier: SimVideoTier, rid: string): TaskSettings {
  const shape = createShapeProblem(body);
  if (shape) throw invalid(rid, shape.param, shape.detail);
  const content = body.content;
  if (content === undefined || content === null) {
    throw arkError(
      400,
      'MissingParameter',
      'The request failed because it is missing one or multiple required parameters: content.',
      rid,
      'content',
    );
  }
  if (!Array.isArray(content) || content.length === 0) throw invalid(rid, 'content', 'expected a non-empty array');

  let text: string | null = null;
  const roles: string[] = [];
  for (const [i, raw] of (content as unknown[]).entries()) {
    if (!isRecord(raw)) throw invalid(rid, `content[${i}]`, 'expected an object');
    const type = raw.type;
    if (type === 'text') {
      if (typeof raw.text !== 'string') throw invalid(rid, `content[${i}].text`, 'expected a string');
      if (text !== null) throw invalid(rid, 'content', 'at most one text item is allowed');
      text = raw.text;
      continue;
    }
    if (type !== 'image_url' && type !== 'video_url' && type !== 'audio_url') {
      throw invalid(
        rid,
        `content[${i}].type`,
        `unsupported type ${JSON.stringify(type)}; expected text, image_url, video_url or audio_url`,
      );
    }
    parseUrlItem(raw, type, i, rid);
    const allowed = DATA_ROLES[type];
    const role = raw.role ?? (type === 'image_url' ? 'first_frame' : allowed[0]);
    if (typeof role !== 'string' || !allowed.includes(role)) {
      throw invalid(rid, `content[${i}].role`, `expected one of ${allowed.join(', ')} for ${type}`);
    }
    roles.push(role);
  }

  const count = (role: string): number => roles.filter((r) => r === role).length;
  const first = count('first_frame');
  const last = count('last_frame');
  const refs = count('reference_image');
  const model = tier.model;
  if (first > 1 || last > 1)
    throw invalid(rid, 'content', 'at most one first_frame and one last_frame image are allowed');
  if (first && !tier.firstFrame) throw invalid(rid, 'content.role', `first_frame is not supported by model ${model}`);
  if (last && !tier.lastFrame) throw invalid(rid, 'content.role', `last_frame is not supported by model ${model}`);
  if (last && !first) throw invalid(rid, 'content.role', 'last_frame requires a first_frame image');
  if (refs && !tier.referenceImages)
    throw invalid(rid, 'content.role', `reference_image is not supported by model ${model}`);
  if (refs && (first || last))
    throw invalid(rid, 'content.role', 'reference_image cannot be combined with first_frame or last_frame');
  if (refs > 9) throw invalid(rid, 'content', 'at most 9 reference images are allowed');
  if (count('reference_video') && !tier.referenceVideo)
    throw invalid(rid, 'content.role', `reference_video is not supported by model ${model}`);
  if (count('reference_audio') && !tier.referenceAudio)
    throw invalid(rid, 'content.role', `reference_audio is not supported by model ${model}`);
  if (count('reference_video') > 3 || count('reference_audio') > 3)
    throw invalid(rid, 'content', 'at most 3 reference videos and 3 reference audios are allowed');
  const textValue = text ?? '';
  if (textValue.trim() === '' && roles.length === 0) {
    throw arkError(
      400,
      'MissingParameter',
      'The request failed because it is missing one or multiple required parameters: a text prompt or an image.',
      rid,
      'content',
    );
  }

  const { prompt, commands } = parseTextCommands(textValue);

  const durationRaw = readSetting(body, commands, 'duration') ?? '5';
  if (!/^-?\d+$/.test(durationRaw))
    throw invalid(rid, 'duration', `${durationRaw} is not an integer number of seconds`);
  const duration = Number(durationRaw);
  if (duration < tier.durationSec.min || duration > tier.durationSec.max) {
    throw invalid(
      rid,
      'duration',
      `${duration} is out of range [${tier.durationSec.min}, ${tier.durationSec.max}] for model ${model}`,
    );
  }

  const resolutionRaw = readSetting(body, commands, 'resolution') ?? tier.resolutions[0] ?? '720p';
  const resolution = tier.resolutions.find((r) => r.toLowerCase() === resolutionRaw.toLowerCase());
  if (!resolution)
    throw invalid(
      rid,
      'resolution',
      `${resolutionRaw} is not supported by model ${model}; expected one of ${tier.resolutions.join(', ')}`,
    );

  const ratioRaw = readSetting(body, commands, 'ratio') ?? (first ? 'adaptive' : '16:9');
  if (!tier.ratios.includes(ratioRaw) && ratioRaw !== 'keep_ratio') {
    throw invalid(rid, 'ratio', `${ratioRaw} is not supported; expected one of ${tier.ratios.join(', ')}`);
  }
  // The service reports the ratio it actually rendered.
  const ratio = ratioRaw === 'adaptive' || ratioRaw === 'keep_ratio' ? '16:9' : ratioRaw;

  // Not a request field (`framespersecond` is the answer's): only the prompt's `--fps` sets it.
  const fpsRaw = commands.get('fps');
  const fps = fpsRaw === undefined ? tier.fps : Number(fpsRaw);
  if (!Number.isInteger(fps) || (fps !== 16 && fps !== 24 && fps !== 25 && fps !== 30))
    throw invalid(rid, 'fps', `${String(fpsRaw)} is not supported; expected 16, 24, 25 or 30`);

  const seedRaw = readSetting(body, commands, 'seed');
  let seed: number;
  if (seedRaw === undefined || seedRaw === '-1') {
    seed = createHash('sha256').update(prompt).digest().readUInt32BE(0) % 2_147_483_647;
  } else {
    seed = Number(seedRaw);
    if (!Number.isInteger(seed) || seed < -1 || seed > 4_294_967_295)
      throw invalid(rid, 'seed', `${seedRaw} is not an integer in [-1, 2^32-1]`);
  }

  const ga = body.generate_audio;
  if (ga !== undefined && ga !== null && typeof ga !== 'boolean')
    throw invalid(rid, 'generate_audio', 'expected a boolean');
  if (ga === true && !tier.audio)
    throw invalid(rid, 'generate_audio', `audio generation is not supported by model ${model}`);

  const rlf = body.return_last_frame;
  if (rlf !== undefined && rlf !== null && typeof rlf !== 'boolean')
    throw invalid(rid, 'return_last_frame', 'expected a boolean');

  const cb = body.callback_url;
  let callbackUrl: string | null = null;
  if (cb !== undefined && cb !== null && cb !== '') {
    if (typeof cb !== 'string' || !/^https?:\/\/[^\s]+$/i.test(cb))
      throw invalid(rid, 'callback_url', 'expected an http(s) URL');
    callbackUrl = cb;
  }

  return {
    prompt,
    duration,
    ratio,
    resolution,
    fps,
    seed,
    generateAudio: ga === true,
    returnLastFrame: rlf === true,
    callbackUrl,
  };
}

function taskId(now: number): string {
  const d = new Date(now);
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
  const date = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
  const stamp = `${date}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
  const suffix = randomBytes(6)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0')
    .slice(0, 6);
  return `cgt-${stamp}-${suffix}`;
}

function parseJson(ctx: Ctx): Record<string, unknown> {
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

// ---- handlers -----------------------------------------------------------------------

export function arkProtocol(
  tasks: VideoTasks,
  settingsFor: (channel: string) => VideoSettings,
): Protocol<SimVideoChannel> {
  function create(ctx: Ctx): void {
    const body = parseJson(ctx);
    const model = body.model;
    if (model === undefined || model === null || model === '') {
      throw arkError(
        400,
        'MissingParameter',
        'The request failed because it is missing one or multiple required parameters: model.',
        ctx.requestId,
        'model',
      );
    }
    if (typeof model !== 'string') throw invalid(ctx.requestId, 'model', 'expected a string');
    ctx.noteModel(model);
    const tier = findSimVideoTier(ctx.channel, model);
    if (!tier) {
      throw arkError(
        404,
        'InvalidEndpointOrModel.NotFound',
        `The model or endpoint ${model} does not exist or you do not have access to it.`,
        ctx.requestId,
        'model',
      );
    }
    const p = parseCreate(body, tier, ctx.requestId);
    const now = Date.now();
    const latency = Math.max(0, ctx.latencyMs);
    const { queuedPercent } = settingsFor(ctx.channel.name);
    // The chat-only and OpenAI-only faults never reach a video channel (arming them there is refused).
    const fault =
      ctx.fault === 'stream_break' || ctx.fault === 'missing_fields' || ctx.fault === 'content_refused'
        ? null
        : ctx.fault;
    const task: VideoTask = {
      ...p,
      id: taskId(now),
      channel: ctx.channel.name,
      model,
      tier: tier.tier,
      createdAtMs: now,
      runAtMs: now + Math.round((latency * queuedPercent) / 100),
      doneAtMs: fault === 'task_never_finishes' ? Number.POSITIVE_INFINITY : now + latency,
      cancelledAtMs: null,
      deletedAtMs: null,
      fault,
      failCode: fault === 'task_failed' ? ctx.faultCode : null,
      outputDuration: fault === 'wrong_duration' ? wrongDuration(p.duration) : p.duration,
      cancels: [],
    };
    tasks.add(task, ctx.origin);
    sendJson(ctx.res, 200, { id: task.id });
  }

  function idFrom(ctx: Ctx): string {
    return safeDecode(ctx.path.slice(TASKS_PATH.length + 1));
  }

  function notFoundTask(ctx: Ctx, id: string): HttpError {
    return arkError(404, 'ResourceNotFound', `The specified task ${id} is not found.`, ctx.requestId, 'id');
  }

  function retrieve(ctx: Ctx): void {
    const id = idFrom(ctx);
    const task = tasks.get(ctx.channel.name, id);
    if (!task) throw notFoundTask(ctx, id);
    ctx.noteModel(task.model);
    sendJson(ctx.res, 200, taskJson(task, Date.now(), ctx.origin));
  }

  function list(ctx: Ctx): void {
    const q = ctx.query;
    const intParam = (name: string, fallback: number): number => {
      const raw = q.get(name);
      if (raw === null || raw === '') return fallback;
      const n = Number(raw);
      if (!Number.isInteger(n) || n < 1 || n > 500)
        throw invalid(ctx.requestId, name, `${raw} is not an integer in [1, 500]`);
      return n;
    };
    const pageNum = intParam('page_num', 1);
    const pageSize = intParam('page_size', 10);
    const status = q.get('filter.status');
    if (status !== null && status !== '' && !(STATUSES as readonly string[]).includes(status)) {
      throw invalid(ctx.requestId, 'filter.status', `expected one of ${STATUSES.join(', ')}`);
    }
    const ids = q
      .getAll('filter.task_ids')
      .flatMap((v) => v.split(','))
      .filter(Boolean);
    const model = q.get('filter.model');
    const now = Date.now();
    const matching = tasks
      .list(ctx.channel.name)
      .filter(
        (t) =>
          (!status || taskStatus(t, now) === status) &&
          (ids.length === 0 || ids.includes(t.id)) &&
          (!model || t.model === model),
      );
    const items = matching.slice((pageNum - 1) * pageSize, pageNum * pageSize).map((t) => taskJson(t, now, ctx.origin));
    sendJson(ctx.res, 200, { items, total: matching.length });
  }

  /**
   * Ark semantics: a queued task is cancelled (status `cancelled`); a succeeded or failed task
   * is deleted (later reads answer 404); a running or already cancelled task cannot be touched
   * (400). The channel setting `cancel_running` lets a running task be cancelled as well.
   */
  function remove(ctx: Ctx): void {
    const id = idFrom(ctx);
    const task = tasks.get(ctx.channel.name, id);
    if (!task) throw notFoundTask(ctx, id);
    ctx.noteModel(task.model);
    const now = Date.now();
    const status = taskStatus(task, now);
    const cancellable = status === 'queued' || (status === 'running' && settingsFor(ctx.channel.name).cancelRunning);
    const result = cancellable ? 'cancelled' : status === 'succeeded' || status === 'failed' ? 'deleted' : 'refused';
    tasks.recordCancel(task, { atMs: now, status, result });
    if (result === 'refused') {
      const why =
        status === 'running'
          ? 'a running task cannot be cancelled; only queued tasks can be cancelled'
          : 'the task is already cancelled';
      throw arkError(
        400,
        'InvalidParameter',
        `The task ${id} cannot be cancelled or deleted in status ${status}: ${why}.`,
        ctx.requestId,
        'id',
      );
    }
    sendJson(ctx.res, 200, {});
  }

  return {
    route(method, path): Route<SimVideoChannel> | null {
      if (path === TASKS_PATH || path === `${TASKS_PATH}/`) {
        if (method === 'POST') return { generation: true, handle: create };
        if (method === 'GET') return { generation: false, handle: list };
        return null;
      }
      if (path.startsWith(`${TASKS_PATH}/`) && !path.slice(TASKS_PATH.length + 1).includes('/')) {
        if (method === 'GET') return { generation: false, handle: retrieve };
        if (method === 'DELETE') return { generation: false, handle: remove };
      }
      return null;
    },
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
}
