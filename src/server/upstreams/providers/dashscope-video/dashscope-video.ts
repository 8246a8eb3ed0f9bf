import { dashScopeCall } from '@/server/upstreams/providers/dashscope/dashscope';
import { taskFailureClass } from '@/server/upstreams/providers/dashscope/dashscope-answer';
import { TASKS_PATH } from '@/server/upstreams/providers/dashscope/dashscope-request';
import type { VideoProvider, VideoTaskRequest, VideoTaskState } from '@/server/upstreams/providers/types';
import { UpstreamError, type Target } from '@/server/upstreams/types';
import { wanVideoState, type WanVideoAnswer } from './dashscope-video-answer';
import { wanVideoSubmissionOf } from './dashscope-video-request';

/**
 * Wan video tasks on Alibaba Cloud Model Studio (DashScope): the image side's task machinery (dashscope.ts:
 * `X-DashScope-Async: enable`, `GET /api/v1/tasks/{task_id}`, `POST …/cancel` of a PENDING task, the
 * error codes) with the video endpoints and answers. A protocol of its own, `dashscope-video`, rather than
 * a second side of `dashscope`: a channel's models are Wan video lines with their own capabilities, and an
 * operator grants video and image models separately.
 */

async function create(target: Target, req: VideoTaskRequest, signal: AbortSignal): Promise<string> {
  const { path, body } = wanVideoSubmissionOf(target.model, req);
  const answer = await dashScopeCall<WanVideoAnswer>(target, 'POST', path, JSON.stringify(body), signal);
  const id = answer.output?.task_id;
  if (!id) throw new UpstreamError('bad_output', 'the upstream created no task id');
  return id;
}

const taskPath = (id: string) => `${TASKS_PATH}/${encodeURIComponent(id)}`;

async function get(target: Target, id: string, signal: AbortSignal): Promise<VideoTaskState> {
  return wanVideoState(await dashScopeCall<WanVideoAnswer>(target, 'GET', taskPath(id), undefined, signal), id);
}

/** Only a PENDING task is cancelled; DashScope refuses a running one (`UnsupportedOperation`), which goes on. */
async function cancel(target: Target, id: string, signal: AbortSignal): Promise<void> {
  await dashScopeCall(target, 'POST', `${taskPath(id)}/cancel`, undefined, signal);
}

async function probe(target: Target, signal: AbortSignal): Promise<void> {
  await dashScopeCall(target, 'GET', `${TASKS_PATH}?page_no=1&page_size=1`, undefined, signal);
}

export const dashscopeVideo: VideoProvider = {
  media: 'video',
  cancellable: true,
  probeCall: `GET ${TASKS_PATH}, page_size 1`,
  create,
  get,
  cancel,
  failureClass: taskFailureClass,
  probe,
};
