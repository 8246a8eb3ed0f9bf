import { UpstreamError, type Target } from '@/server/upstreams/types';
import type { ImageGeneration, ImageTaskProvider, ImageTaskState } from '@/server/upstreams/providers/types';
import { MAX_ANSWER_BYTES, parseAnswer, readBounded } from '@/server/upstreams/providers/http';
import { replicateError, taskStateFrom, type Prediction } from './replicate-answer';
import { predictionRequest } from './replicate-input';

/**
 * Replicate's predictions API (replicate.com/docs/reference/http): create a prediction (an official
 * model by name, or a version), poll it, cancel it. The creation asks for sync mode (`Prefer: wait=n`),
 * so a fast model answers finished in the same call; a slower one answers `starting`/`processing` and
 * the image run polls `GET /v1/predictions/{id}`.
 */

/** The documented most a creation may hold the connection (sync mode's default and maximum, 60 s). */
const MAX_WAIT_S = 60;

/**
 * Seconds of `Prefer: wait`: half the attempt's soft time-out, 1–60, so a creation that comes back
 * unfinished leaves the other half for polling within the same attempt.
 */
export function preferWaitSeconds(softTimeoutMs: number): number {
  return Math.max(1, Math.min(MAX_WAIT_S, Math.floor(softTimeoutMs / 2000)));
}

/** The headers of every call: the API token as a bearer token, JSON both ways. */
export function replicateHeaders(apiKey: string, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...extra };
}

async function call(
  target: Target,
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  signal: AbortSignal,
  extra: Record<string, string> = {},
): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(`${target.baseUrl}${path}`, {
      method,
      headers: replicateHeaders(target.apiKey, extra),
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if (signal.aborted) throw new UpstreamError('timeout', 'the upstream did not answer in time', { cause: err });
    throw new UpstreamError('network', 'the upstream could not be reached', { cause: err });
  }
  if (res.ok) return res;
  let parsed: unknown = null;
  try {
    parsed = res.body ? JSON.parse((await readBounded(res.body, 64 * 1024, signal)).toString('utf8')) : null;
  } catch {
    // Not JSON (a proxy's page): the status alone classifies it.
  }
  throw replicateError(res.status, parsed, res.headers.get('retry-after'));
}

async function prediction(res: Response, signal: AbortSignal): Promise<ImageTaskState> {
  if (!res.body) throw new UpstreamError('bad_output', 'the upstream answered with an empty body');
  return taskStateFrom(parseAnswer<Prediction>(await readBounded(res.body, MAX_ANSWER_BYTES, signal)));
}

async function submit(target: Target, req: ImageGeneration, signal: AbortSignal): Promise<ImageTaskState> {
  const { path, body } = predictionRequest(target.model, req);
  const wait = { prefer: `wait=${preferWaitSeconds(target.softTimeoutMs)}` };
  return prediction(await call(target, 'POST', path, body, signal, wait), signal);
}

const predictionPath = (id: string) => `/v1/predictions/${encodeURIComponent(id)}`;

async function get(target: Target, id: string, signal: AbortSignal): Promise<ImageTaskState> {
  return prediction(await call(target, 'GET', predictionPath(id), undefined, signal), signal);
}

/** Cancels a prediction; one already finished stays as it is (Replicate answers it unchanged). */
async function cancel(target: Target, id: string, signal: AbortSignal): Promise<void> {
  const res = await call(target, 'POST', `${predictionPath(id)}/cancel`, undefined, signal);
  await res.body?.cancel();
}

/** `GET /v1/account`: authenticated and free. */
async function probe(target: Target, signal: AbortSignal): Promise<void> {
  const res = await call(target, 'GET', '/v1/account', undefined, signal);
  await res.body?.cancel();
}

export const replicate: ImageTaskProvider = {
  media: 'image',
  mode: 'task',
  generateCall: 'POST /v1/models/{owner}/{name}/predictions (Prefer: wait)',
  submit,
  get,
  cancel,
  probe,
};
