import { UpstreamError, type Target } from '@/server/upstreams/types';
import { parseAnswer, upstreamCall } from '@/server/upstreams/providers/http';
import { falError, type FalStatus, type FalSubmitted } from './fal-answer';
import { falAppId } from './fal-models';

/**
 * fal's queue (docs.fal.ai, Queue API), whatever the model makes: `POST {base}/{endpoint id}` submits a
 * model's input; the request is then read under its app id (the endpoint id's first two segments):
 * `GET {base}/{app}/requests/{id}/status`, `GET {base}/{app}/requests/{id}` (the output) and
 * `PUT {base}/{app}/requests/{id}/cancel`. The key goes as `Authorization: Key <key>`. Studio's task
 * handle is `{app}/requests/{request id}`, the path below the base the reads share. The image side
 * (fal-queue.ts) and the video side (fal-video.ts) both go through these calls.
 */

const HANDLE = /^(.+)\/requests\/([^/]+)$/;

function retryAfterMs(value: string | null): number | undefined {
  const seconds = Number(value ?? undefined);
  return Number.isFinite(seconds) ? Math.max(0, seconds * 1000) : undefined;
}

/** One call to the queue; a non-2xx answer becomes a classified error unless `accept` lets its status through. */
async function call(
  target: Target,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body: unknown,
  signal: AbortSignal,
  accept: (status: number) => boolean = () => false,
): Promise<{ status: number; json: unknown }> {
  const headers: Record<string, string> = { authorization: `Key ${target.apiKey}`, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  // undici on the shared keep-alive connections: a task makes three or four of these calls per result.
  const res = await upstreamCall(
    `${target.baseUrl}${path}`,
    { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
    signal,
  );
  const bytes = res.bytes;
  if (res.ok || accept(res.status)) return { status: res.status, json: bytes.length ? parseAnswer(bytes) : null };
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    // Not JSON (a proxy's page): the status alone classifies it.
  }
  throw falError(res.status, parsed, retryAfterMs(res.header('retry-after')));
}

function handle(id: string): string {
  if (!HANDLE.test(id)) throw new UpstreamError('bad_request', `'${id}' is not a fal request handle`);
  return id;
}

/** Queues a model's input; answers Studio's handle of the request and its place in the queue. */
export async function submitRequest(
  target: Target,
  endpoint: string,
  input: Record<string, unknown>,
  signal: AbortSignal,
): Promise<{ id: string; queuePosition: number | null }> {
  const { json } = await call(target, 'POST', `/${endpoint}`, input, signal);
  const answer = json as FalSubmitted | null;
  if (typeof answer?.request_id !== 'string' || !answer.request_id)
    throw new UpstreamError('bad_output', 'fal answered a submission without a request_id');
  return { id: `${falAppId(endpoint)}/requests/${answer.request_id}`, queuePosition: answer.queue_position ?? null };
}

/** Where a request stands: still waiting (its status), done (its output), or ended in an error. */
export type FalPoll =
  | { stage: 'waiting'; status: FalStatus }
  | { stage: 'done'; output: Record<string, unknown> }
  | { stage: 'failed'; error: UpstreamError };

/** The status; once COMPLETED, the result: the model's output, or the error the request ended with. */
export async function pollRequest(target: Target, id: string, signal: AbortSignal): Promise<FalPoll> {
  const path = `/${handle(id)}`;
  const { json } = await call(target, 'GET', `${path}/status?logs=0`, undefined, signal);
  const status = json as FalStatus | null;
  if (typeof status?.status !== 'string') throw new UpstreamError('bad_output', 'fal answered a status without status');
  if (status.status !== 'COMPLETED') return { stage: 'waiting', status };
  try {
    const { json: out } = await call(target, 'GET', path, undefined, signal);
    if (typeof out !== 'object' || out === null) throw new UpstreamError('bad_output', 'fal answered an empty result');
    return { stage: 'done', output: out as Record<string, unknown> };
  } catch (err) {
    // The request ended in an error: the result answers it (a 422 with typed details, a 5xx request error).
    if (err instanceof UpstreamError && err.status !== undefined) return { stage: 'failed', error: err };
    throw err;
  }
}

/** 202 CANCELLATION_REQUESTED; 400 ALREADY_COMPLETED means there is nothing left to stop. */
export async function cancelRequest(target: Target, id: string, signal: AbortSignal): Promise<void> {
  await call(target, 'PUT', `/${handle(id)}/cancel`, undefined, signal, (s) => s === 400);
}

export const PROBE_REQUEST = '00000000-0000-0000-0000-000000000000';

/**
 * fal has no free listing on the queue host: the probe reads the status of a request that does not
 * exist under the channel model's app, which is authenticated and not billed; 404 (no such request)
 * means the key was accepted.
 */
export async function probeQueue(target: Target, signal: AbortSignal): Promise<void> {
  const app = falAppId(target.model);
  await call(target, 'GET', `/${app}/requests/${PROBE_REQUEST}/status?logs=0`, undefined, signal, (s) => s === 404);
}
