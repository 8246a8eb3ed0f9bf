import type { Target } from '@/server/upstreams/types';
import { UpstreamError } from '@/server/upstreams/types';
import type { VideoProvider, VideoTaskRequest, VideoTaskState } from '@/server/upstreams/providers/types';
import { predictionFailureClass, videoStateFrom } from './replicate-answer';
import { cancelPrediction, getPrediction, probeAccount, readPrediction, replicateCall } from './replicate-http';
import { videoPredictionRequest } from './replicate-video-request';

/**
 * Replicate's video side: the same predictions API as the images (replicate-http.ts), with a video model's
 * input (replicate-video-request.ts). The creation is asynchronous (no `Prefer: wait`: a video takes
 * minutes); the video run polls `GET /v1/predictions/{id}` and cancels with `POST /v1/predictions/{id}/cancel`,
 * which Replicate honours while the prediction is starting or processing (`cancellable: true`).
 */

async function create(target: Target, req: VideoTaskRequest, signal: AbortSignal): Promise<string> {
  const { path, body } = videoPredictionRequest(target.model, req);
  const p = await readPrediction(await replicateCall(target, 'POST', path, body, signal), signal);
  if (typeof p.id !== 'string' || !p.id) throw new UpstreamError('bad_output', 'the upstream created no prediction id');
  return p.id;
}

async function get(target: Target, id: string, signal: AbortSignal): Promise<VideoTaskState> {
  return videoStateFrom(await getPrediction(target, id, signal));
}

export const replicateVideo: VideoProvider = {
  media: 'video',
  cancellable: true,
  probeCall: 'GET /v1/account',
  create,
  get,
  cancel: cancelPrediction,
  failureClass: predictionFailureClass,
  probe: probeAccount,
};
