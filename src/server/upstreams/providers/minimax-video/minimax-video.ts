import { MAX_ANSWER_BYTES, parseAnswer, readBounded } from '@/server/upstreams/providers/http';
import type { VideoProvider, VideoTaskRequest, VideoTaskState } from '@/server/upstreams/providers/types';
import { UpstreamError, type Target } from '@/server/upstreams/types';
import {
  codeOf,
  minimaxError,
  minimaxFailureClass,
  minimaxTaskState,
  type MiniMaxAnswer,
  type MiniMaxCreated,
  type MiniMaxQuery,
  type MiniMaxRetrieved,
} from './minimax-video-answer';
import { CREATE_PATH, LIST_PATH, QUERY_PATH, RETRIEVE_PATH, minimaxBodyOf } from './minimax-video-request';

/**
 * MiniMax's video tasks (MiniMax API reference, "Video Generation" and "File Management", base
 * `https://api.minimax.io` or `https://api.minimaxi.com`): `POST /v1/video_generation` creates a task,
 * `GET /v1/query/video_generation?task_id=` follows it to a `file_id`, `GET /v1/files/retrieve?file_id=`
 * names the file's download URL. MiniMax has no cancel: the provider says so (`cancellable: false`) and
 * the video run refunds and follows a task it gives up on (orphans.ts).
 */

function retryAfterMs(value: string | null): number | undefined {
  const seconds = Number(value ?? undefined);
  return Number.isFinite(seconds) ? Math.max(0, seconds * 1000) : undefined;
}

async function call<T extends MiniMaxAnswer>(
  target: Target,
  path: string,
  body: string | undefined,
  signal: AbortSignal,
  refusal: (answer: T) => boolean = (a) => codeOf(a) !== null,
): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${target.apiKey}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${target.baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body,
      signal,
    });
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
    throw minimaxError(res.status, parsed, retryAfterMs(res.headers.get('retry-after')));
  }
  const answer = parseAnswer<T>(await readBounded(res.body, MAX_ANSWER_BYTES, signal));
  // MiniMax answers most refusals as HTTP 200 with a non-zero `base_resp.status_code`.
  if (refusal(answer)) throw minimaxError(res.status, answer, retryAfterMs(res.headers.get('retry-after')));
  return answer;
}

async function create(target: Target, req: VideoTaskRequest, signal: AbortSignal): Promise<string> {
  const body = minimaxBodyOf(target.model, req);
  const answer = await call<MiniMaxCreated>(target, CREATE_PATH, JSON.stringify(body), signal);
  if (!answer.task_id) throw new UpstreamError('bad_output', 'the upstream created no task id');
  return answer.task_id;
}

async function get(target: Target, id: string, signal: AbortSignal): Promise<VideoTaskState> {
  // A failed task's answer may carry its failure code in `base_resp`: that is the task's state, not a refused call.
  const query = await call<MiniMaxQuery>(
    target,
    `${QUERY_PATH}?task_id=${encodeURIComponent(id)}`,
    undefined,
    signal,
    (a) => a.status !== 'Fail' && codeOf(a) !== null,
  );
  if (query.status !== 'Success') return minimaxTaskState(query, id, null);
  if (!query.file_id) throw new UpstreamError('bad_output', 'the upstream task succeeded without a file id');
  const path = `${RETRIEVE_PATH}?file_id=${encodeURIComponent(query.file_id)}`;
  const retrieved = await call<MiniMaxRetrieved>(target, path, undefined, signal);
  return minimaxTaskState(query, id, retrieved.file ?? null);
}

/** MiniMax has no cancel endpoint: never called by the video run (`cancellable: false`), and says so if called. */
function cancel(): Promise<void> {
  return Promise.reject(new UpstreamError('unsupported', 'MiniMax has no way to cancel a task', { code: 'no_cancel' }));
}

/** `GET /v1/files/list?purpose=video_generation`: the account's video files, authenticated and free. */
async function probe(target: Target, signal: AbortSignal): Promise<void> {
  await call(target, `${LIST_PATH}?purpose=video_generation`, undefined, signal);
}

export const minimaxVideo: VideoProvider = {
  media: 'video',
  cancellable: false,
  probeCall: `GET ${LIST_PATH}?purpose=video_generation`,
  create,
  get,
  cancel,
  failureClass: minimaxFailureClass,
  probe,
};
