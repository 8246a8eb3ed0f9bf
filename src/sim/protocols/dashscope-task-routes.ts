import type { SimChannel } from '@/sim/channels';
import { dsError, invalid } from './dashscope-common';
import { safeDecode, sendJson } from './http';
import type { Route, SimContext } from './protocol';

/**
 * DashScope's task endpoints, the same for its image and video tasks: `GET /api/v1/tasks/{id}` reads a
 * task, `POST /api/v1/tasks/{id}/cancel` cancels a PENDING one, `GET /api/v1/tasks` lists a page of them.
 */

export const TASKS_PATH = '/api/v1/tasks';

/** What the task endpoints need of a task. */
export interface DashScopeTask {
  id: string;
  model: string;
  createdAtMs: number;
  cancelledAtMs: number | null;
}

/** A protocol's tasks, per channel. */
export interface DashScopeTaskStore<T extends DashScopeTask> {
  get(channel: string, id: string): T | undefined;
  list(channel: string): T[];
}

export interface DashScopeTaskKind<T extends DashScopeTask> {
  tasks: DashScopeTaskStore<T>;
  /** The task's `task_status` at `now` (PENDING, RUNNING, SUCCEEDED, …). */
  status(task: T, now: number): string;
  /** The body of a task read. */
  answer(task: T, now: number, ctx: SimContext): unknown;
}

/** Routes the task endpoints to `kind`'s tasks; null for any other path. */
export function dashscopeTaskRoute<C extends SimChannel, T extends DashScopeTask>(
  kind: DashScopeTaskKind<T>,
): (method: string, path: string) => Route<C> | null {
  const idOf = (ctx: SimContext): string => safeDecode(ctx.path.slice(TASKS_PATH.length + 1).replace(/\/cancel$/, ''));

  async function retrieve(ctx: SimContext): Promise<void> {
    const id = idOf(ctx);
    const task = kind.tasks.get(ctx.channel.name, id);
    // DashScope answers an unknown or expired (24 h) task id with the status UNKNOWN, not a 404.
    if (!task)
      return sendJson(ctx.res, 200, { request_id: ctx.requestId, output: { task_id: id, task_status: 'UNKNOWN' } });
    ctx.noteModel(task.model);
    sendJson(ctx.res, 200, await kind.answer(task, Date.now(), ctx));
  }

  /** Only a PENDING task can be cancelled (the SDK's `cancel`: "Cancel PENDING task"). */
  function cancel(ctx: SimContext): void {
    const id = idOf(ctx);
    const task = kind.tasks.get(ctx.channel.name, id);
    if (!task) throw dsError(404, 'NotFound', `The task ${id} does not exist.`, ctx.requestId);
    ctx.noteModel(task.model);
    const now = Date.now();
    if (kind.status(task, now) !== 'PENDING')
      throw dsError(
        400,
        'UnsupportedOperation',
        'Failed to cancel the task, please confirm if the task is in PENDING status.',
        ctx.requestId,
      );
    task.cancelledAtMs = now;
    sendJson(ctx.res, 200, { request_id: ctx.requestId });
  }

  function list(ctx: SimContext): void {
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
    const all = kind.tasks.list(ctx.channel.name);
    const data = all.slice((pageNo - 1) * pageSize, pageNo * pageSize).map((t) => ({
      task_id: t.id,
      model_name: t.model,
      status: kind.status(t, now),
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

  return (method, path) => {
    if (method === 'GET' && (path === TASKS_PATH || path === `${TASKS_PATH}/`))
      return { generation: false, handle: list };
    const rest = path.startsWith(`${TASKS_PATH}/`) ? path.slice(TASKS_PATH.length + 1) : null;
    if (rest && /^[^/]+$/.test(rest) && method === 'GET') return { generation: false, handle: retrieve };
    if (rest && /^[^/]+\/cancel$/.test(rest) && method === 'POST') return { generation: false, handle: cancel };
    return null;
  };
}
