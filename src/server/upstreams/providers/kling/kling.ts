import { MAX_ANSWER_BYTES, parseAnswer, readBounded } from '@/server/upstreams/providers/http';
import type { VideoProvider, VideoTaskRequest, VideoTaskState } from '@/server/upstreams/providers/types';
import { UpstreamError, type Target } from '@/server/upstreams/types';
import { klingError, klingFailureClass, klingTaskState, type KlingAnswer } from './kling-answer';
import { klingToken } from './kling-jwt';
import { klingSubmissionOf, parseHandle, taskHandle, VIDEOS_PATH } from './kling-request';

/**
 * Kling's video tasks ("Kling AI API — Video Generation", base `https://api-singapore.klingai.com` or
 * `https://api-beijing.klingai.com`): `POST /v1/videos/{text2video|image2video}` creates a task, `GET
 * /v1/videos/{endpoint}/{task_id}` follows it. Kling has no cancel: the provider says so
 * (`cancellable: false`) and the video run refunds and follows a task it gives up on (orphans.ts).
 */

function retryAfterMs(value: string | null): number | undefined {
  const seconds = Number(value ?? undefined);
  return Number.isFinite(seconds) ? Math.max(0, seconds * 1000) : undefined;
}

async function call(
  target: Target,
  method: 'GET' | 'POST',
  path: string,
  body: string | undefined,
  signal: AbortSignal,
): Promise<KlingAnswer> {
  const headers: Record<string, string> = { authorization: `Bearer ${await klingToken(target.apiKey)}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${target.baseUrl}${path}`, { method, headers, body, signal });
  } catch (err) {
    if (signal.aborted) throw new UpstreamError('timeout', 'the upstream did not answer in time', { cause: err });
    throw new UpstreamError('network', 'the upstream could not be reached', { cause: err });
  }
  if (!res.body) throw new UpstreamError('bad_output', 'the upstream answered with an empty body');
  if (!res.ok) {
    let parsed: unknown = null;
    try {
      parsed = JSON.parse((await readBounded(res.body, 64 * 1024, signal)).toString('utf8'));
    } catch {
      // Not JSON: the status alone classifies it.
    }
    throw klingError(res.status, parsed, retryAfterMs(res.headers.get('retry-after')));
  }
  const answer = parseAnswer<KlingAnswer>(await readBounded(res.body, MAX_ANSWER_BYTES, signal));
  // A 200 with a non-zero code is still a refusal.
  if (typeof answer.code === 'number' && answer.code !== 0) throw klingError(res.status, answer);
  return answer;
}

async function create(target: Target, req: VideoTaskRequest, signal: AbortSignal): Promise<string> {
  const { endpoint, body } = klingSubmissionOf(target.model, req);
  const answer = await call(target, 'POST', `${VIDEOS_PATH}/${endpoint}`, JSON.stringify(body), signal);
  const id = answer.data?.task_id;
  if (!id) throw new UpstreamError('bad_output', 'the upstream created no task id');
  return taskHandle(endpoint, id);
}

async function get(target: Target, handle: string, signal: AbortSignal): Promise<VideoTaskState> {
  const { endpoint, taskId } = parseHandle(handle);
  const path = `${VIDEOS_PATH}/${endpoint}/${encodeURIComponent(taskId)}`;
  return klingTaskState(await call(target, 'GET', path, undefined, signal), handle);
}

/** Kling has no cancel endpoint: never called by the video run (`cancellable: false`), and says so if called. */
function cancel(): Promise<void> {
  return Promise.reject(new UpstreamError('unsupported', 'Kling has no way to cancel a task', { code: 'no_cancel' }));
}

/** `GET /v1/videos/text2video?pageNum=1&pageSize=1`: the task list, authenticated and free. */
async function probe(target: Target, signal: AbortSignal): Promise<void> {
  await call(target, 'GET', `${VIDEOS_PATH}/text2video?pageNum=1&pageSize=1`, undefined, signal);
}

export const kling: VideoProvider = {
  media: 'video',
  cancellable: false,
  probeCall: `GET ${VIDEOS_PATH}/text2video, pageSize 1`,
  create,
  get,
  cancel,
  failureClass: klingFailureClass,
  probe,
};
