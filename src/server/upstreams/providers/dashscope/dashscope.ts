import { parseAnswer, upstreamCall } from '@/server/upstreams/providers/http';
import type { ImageGeneration, ImageTaskProvider, ImageTaskState } from '@/server/upstreams/providers/types';
import { UpstreamError, type Target } from '@/server/upstreams/types';
import { dashScopeError, taskStateOf, type DashScopeTaskAnswer } from './dashscope-answer';
import { EDIT_PATH, isQwenEditModel, qwenEditBody, qwenEditState, type QwenEditAnswer } from './dashscope-edit';
import { submissionOf, T2I_PATH, TASKS_PATH } from './dashscope-request';

/**
 * Alibaba Cloud Model Studio (DashScope) asynchronous image tasks: submit with `X-DashScope-Async: enable`,
 * poll `GET /api/v1/tasks/{task_id}`, cancel with `POST /api/v1/tasks/{task_id}/cancel` (DashScope
 * cancels only a PENDING task; a running one goes on and is billed).
 */

function retryAfterMs(value: string | null): number | undefined {
  const seconds = Number(value ?? undefined);
  return Number.isFinite(seconds) ? Math.max(0, seconds * 1000) : undefined;
}

/**
 * The headers of a call: the key as a bearer token; a body is JSON. A task submission is asynchronous (its
 * only way); Qwen-Image-Edit's call is synchronous (its only way: it refuses `X-DashScope-Async`).
 */
export function dashScopeHeaders(apiKey: string, submission: boolean, async = true): Record<string, string> {
  if (!submission) return { authorization: `Bearer ${apiKey}` };
  const json = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  return async ? { ...json, 'x-dashscope-async': 'enable' } : json;
}

/** One DashScope call (also the video side's, dashscope-video): a classified UpstreamError unless 2xx. */
export async function dashScopeCall<T = DashScopeTaskAnswer>(
  target: Target,
  method: 'GET' | 'POST',
  path: string,
  body: string | undefined,
  signal: AbortSignal,
  async = true,
): Promise<T> {
  // undici on the shared keep-alive connections: a task makes two or more of these calls per image.
  const res = await upstreamCall(
    `${target.baseUrl}${path}`,
    { method, headers: dashScopeHeaders(target.apiKey, body !== undefined, async), body },
    signal,
  );
  if (res.ok) {
    if (!res.bytes.length) throw new UpstreamError('bad_output', 'the upstream answered with an empty body');
    return parseAnswer<T>(res.bytes);
  }
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(res.bytes.subarray(0, 64 * 1024).toString('utf8'));
  } catch {
    // Not JSON: the status alone classifies it.
  }
  throw dashScopeError(res.status, parsed, retryAfterMs(res.header('retry-after')));
}

/** A task, or for Qwen-Image-Edit the one synchronous call, answered as a task already done. */
async function submit(target: Target, req: ImageGeneration, signal: AbortSignal): Promise<ImageTaskState> {
  if (isQwenEditModel(target.model)) {
    const body = JSON.stringify(qwenEditBody(target.model, req));
    return qwenEditState(await dashScopeCall<QwenEditAnswer>(target, 'POST', EDIT_PATH, body, signal, false));
  }
  const { path, body } = submissionOf(target.model, req);
  const answer = await dashScopeCall(target, 'POST', path, JSON.stringify(body), signal);
  const id = answer.output?.task_id;
  if (!id) throw new UpstreamError('bad_output', 'the upstream created no task id');
  return taskStateOf(answer, id);
}

const taskPath = (id: string) => `${TASKS_PATH}/${encodeURIComponent(id)}`;

async function get(target: Target, id: string, signal: AbortSignal): Promise<ImageTaskState> {
  return taskStateOf(await dashScopeCall(target, 'GET', taskPath(id), undefined, signal), id);
}

/** Only a PENDING task is cancelled; DashScope refuses the others (thrown as a classified UpstreamError). */
async function cancel(target: Target, id: string, signal: AbortSignal): Promise<void> {
  await dashScopeCall(target, 'POST', `${taskPath(id)}/cancel`, undefined, signal);
}

/** `GET /api/v1/tasks?page_no=1&page_size=1`: the task list (the Python SDK's `list`), authenticated and free. */
async function probe(target: Target, signal: AbortSignal): Promise<void> {
  await dashScopeCall(target, 'GET', `${TASKS_PATH}?page_no=1&page_size=1`, undefined, signal);
}

export const dashscope: ImageTaskProvider = {
  media: 'image',
  mode: 'task',
  generateCall: `POST ${T2I_PATH}`,
  submit,
  get,
  cancel,
  probe,
};
