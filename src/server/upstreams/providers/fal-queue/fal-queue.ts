import { UpstreamError, type Target } from '@/server/upstreams/types';
import { parseAnswer, upstreamCall } from '@/server/upstreams/providers/http';
import type { ImageGeneration, ImageTaskProvider, ImageTaskState } from '@/server/upstreams/providers/types';
import {
  falError,
  stateOfFailure,
  stateOfResult,
  stateOfStatus,
  type FalStatus,
  type FalSubmitted,
} from './fal-answer';
import { falAppId, falRequest } from './fal-models';

/**
 * fal's queue (docs.fal.ai, Queue API): `POST {base}/{endpoint id}` submits a model's input; the
 * request is then read under its app id (the endpoint id's first two segments):
 * `GET {base}/{app}/requests/{id}/status`, `GET {base}/{app}/requests/{id}` (the output) and
 * `PUT {base}/{app}/requests/{id}/cancel`. The key goes as `Authorization: Key <key>`. Studio's task
 * handle is `{app}/requests/{request id}`, the path below the base both reads share.
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
  // undici on the shared keep-alive connections: a task makes three or four of these calls per image.
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

async function submit(target: Target, req: ImageGeneration, signal: AbortSignal): Promise<ImageTaskState> {
  const { endpoint, input } = falRequest(target.model, req);
  const { json } = await call(target, 'POST', `/${endpoint}`, input, signal);
  const answer = json as FalSubmitted | null;
  if (typeof answer?.request_id !== 'string' || !answer.request_id)
    throw new UpstreamError('bad_output', 'fal answered a submission without a request_id');
  return {
    id: `${falAppId(endpoint)}/requests/${answer.request_id}`,
    status: 'queued',
    image: null,
    error: null,
    queuePosition: answer.queue_position ?? null,
  };
}

/** The status; once COMPLETED, the result: the image, or the error the request ended with. */
async function get(target: Target, id: string, signal: AbortSignal): Promise<ImageTaskState> {
  const path = `/${handle(id)}`;
  const { json } = await call(target, 'GET', `${path}/status?logs=0`, undefined, signal);
  const status = json as FalStatus | null;
  if (typeof status?.status !== 'string') throw new UpstreamError('bad_output', 'fal answered a status without status');
  if (status.status !== 'COMPLETED') return stateOfStatus(id, status);
  try {
    const { json: out } = await call(target, 'GET', path, undefined, signal);
    if (typeof out !== 'object' || out === null) throw new UpstreamError('bad_output', 'fal answered an empty result');
    return stateOfResult(id, out);
  } catch (err) {
    // The request ended in an error: the result answers it (a 422 with typed details, a 5xx request error).
    if (err instanceof UpstreamError && err.status !== undefined) return stateOfFailure(id, err);
    throw err;
  }
}

/** 202 CANCELLATION_REQUESTED; 400 ALREADY_COMPLETED means there is nothing left to stop. */
async function cancel(target: Target, id: string, signal: AbortSignal): Promise<void> {
  await call(target, 'PUT', `/${handle(id)}/cancel`, undefined, signal, (s) => s === 400);
}

/**
 * fal has no free listing on the queue host: the probe reads the status of a request that does not
 * exist, which is authenticated and not billed; 404 (no such request) means the key was accepted.
 */
async function probe(target: Target, signal: AbortSignal): Promise<void> {
  const app = falAppId(target.model);
  await call(target, 'GET', `/${app}/requests/${PROBE_REQUEST}/status?logs=0`, undefined, signal, (s) => s === 404);
}

export const PROBE_REQUEST = '00000000-0000-0000-0000-000000000000';

export const falQueue: ImageTaskProvider = {
  media: 'image',
  mode: 'task',
  generateCall: 'POST /{endpoint id}',
  submit,
  get,
  cancel,
  probe,
};
