import type { Target } from '@/server/upstreams/types';
import type { ImageGeneration, ImageTaskProvider, ImageTaskState } from '@/server/upstreams/providers/types';
import { taskStateFrom } from './replicate-answer';
import { cancelPrediction, getPrediction, probeAccount, readPrediction, replicateCall } from './replicate-http';
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

async function submit(target: Target, req: ImageGeneration, signal: AbortSignal): Promise<ImageTaskState> {
  const { path, body } = predictionRequest(target.model, req);
  const wait = { prefer: `wait=${preferWaitSeconds(target.softTimeoutMs)}` };
  return taskStateFrom(await readPrediction(await replicateCall(target, 'POST', path, body, signal, wait), signal));
}

async function get(target: Target, id: string, signal: AbortSignal): Promise<ImageTaskState> {
  return taskStateFrom(await getPrediction(target, id, signal));
}

export const replicate: ImageTaskProvider = {
  media: 'image',
  mode: 'task',
  generateCall: 'POST /v1/models/{owner}/{name}/predictions (Prefer: wait)',
  submit,
  get,
  cancel: cancelPrediction,
  probe: probeAccount,
};
