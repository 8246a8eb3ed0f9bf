import { UpstreamError, type Target } from '@/server/upstreams/types';
import { MAX_ANSWER_BYTES, parseAnswer, readBounded } from '@/server/upstreams/providers/http';
import { replicateError, type Prediction } from './replicate-answer';

/**
 * The calls of Replicate's predictions API (replicate.com/docs/reference/http) both sides share: the
 * bearer token, JSON both ways, problem+json error bodies classified by status, a prediction read bounded,
 * its cancel and the free account probe. The image and video sides differ only in the input they send.
 */

/** The headers of every call: the API token as a bearer token, JSON both ways. */
export function replicateHeaders(apiKey: string, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...extra };
}

export async function replicateCall(
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

/** A prediction answer's body, bounded. */
export async function readPrediction(res: Response, signal: AbortSignal): Promise<Prediction> {
  if (!res.body) throw new UpstreamError('bad_output', 'the upstream answered with an empty body');
  return parseAnswer<Prediction>(await readBounded(res.body, MAX_ANSWER_BYTES, signal));
}

export const predictionPath = (id: string) => `/v1/predictions/${encodeURIComponent(id)}`;

/** `GET /v1/predictions/{id}`. */
export async function getPrediction(target: Target, id: string, signal: AbortSignal): Promise<Prediction> {
  return readPrediction(await replicateCall(target, 'GET', predictionPath(id), undefined, signal), signal);
}

/** Cancels a prediction; one already finished stays as it is (Replicate answers it unchanged). */
export async function cancelPrediction(target: Target, id: string, signal: AbortSignal): Promise<void> {
  const res = await replicateCall(target, 'POST', `${predictionPath(id)}/cancel`, undefined, signal);
  await res.body?.cancel();
}

/** `GET /v1/account`: authenticated and free. */
export async function probeAccount(target: Target, signal: AbortSignal): Promise<void> {
  const res = await replicateCall(target, 'GET', '/v1/account', undefined, signal);
  await res.body?.cancel();
}
