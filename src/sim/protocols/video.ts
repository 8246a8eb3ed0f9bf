import { findSimVideoTier, type SimVideoChannel } from '@/sim/channels';
import { arkError, arkFaultError, invalid } from './ark-errors';
import { HttpError, isRecord, safeDecode, sendJson } from './http';
import type { Protocol, Route, SimContext } from './protocol';
import { parseCreate, taskId } from './video-create';
import {
  STATUSES,
  TASKS_PATH,
  taskJson,
  taskStatus,
  VideoTasks,
  wrongDuration,
  type VideoSettings,
  type VideoTask,
} from './video-tasks';

/**
 * Async video tasks in the shape of the BytePlus/Volcengine Ark "content generation tasks"
 * API. Task timing is driven by the channel settings captured at creation: queued for the
 * first `queued_percent` (20 %) of the latency, running until the latency has elapsed, then
 * succeeded (or failed under `task_failed`, or running forever under `task_never_finishes`).
 * With 0 latency a task is already succeeded on its first poll. Status is derived from the
 * clock on read, so thousands of tasks cost no timers; only tasks with a `callback_url`
 * schedule timers for their notifications.
 */

export { VideoTasks } from './video-tasks';

type Ctx = SimContext<SimVideoChannel>;

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
    // The chat-only, OpenAI-only and other protocols' faults never reach an Ark channel (arming them there is refused).
    const fault =
      ctx.fault === 'stream_break' ||
      ctx.fault === 'missing_fields' ||
      ctx.fault === 'content_refused' ||
      ctx.fault === 'file_not_ready'
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
