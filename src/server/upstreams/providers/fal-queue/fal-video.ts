import type { VideoProvider, VideoTaskRequest, VideoTaskState } from '@/server/upstreams/providers/types';
import { UpstreamError, type Target } from '@/server/upstreams/types';
import { falFailureClass } from './fal-answer';
import { cancelRequest, pollRequest, probeQueue, submitRequest } from './fal-call';
import { falVideoRequest } from './fal-video-request';

/**
 * The video side of fal's queue: a video model's input (fal-video-request.ts) queued, polled and cancelled
 * through the queue calls the image side uses (fal-call.ts). `IN_QUEUE` is queued, `IN_PROGRESS` running;
 * a COMPLETED request is read from its result: `video.url` (and `video.duration` where the model reports
 * it), or the error body it ended with, classified by its type. fal cancels a request that has not
 * finished (`PUT …/cancel`), so the provider is cancellable.
 */

const STATE = (id: string, status: VideoTaskState['status']): VideoTaskState => ({
  id,
  status,
  videoUrl: null,
  lastFrameUrl: null,
  error: null,
  // fal's queue reports no times: Studio keeps its own clock.
  createdAt: null,
  updatedAt: null,
  duration: null,
});

/** A video model's output: `{video: {url, content_type, file_name, file_size, duration?}, seed?}`. */
export function stateOfVideoOutput(id: string, out: Record<string, unknown>): VideoTaskState {
  const video = out.video as { url?: unknown; duration?: unknown } | undefined;
  const url = typeof video?.url === 'string' && video.url ? video.url : null;
  if (!url) throw new UpstreamError('bad_output', 'fal answered a completed request without a video');
  const seconds = typeof video?.duration === 'number' && video.duration > 0 ? video.duration : null;
  return { ...STATE(id, 'succeeded'), videoUrl: url, duration: seconds };
}

async function create(target: Target, req: VideoTaskRequest, signal: AbortSignal): Promise<string> {
  const { endpoint, input } = falVideoRequest(target.model, req);
  return (await submitRequest(target, endpoint, input, signal)).id;
}

async function get(target: Target, id: string, signal: AbortSignal): Promise<VideoTaskState> {
  const poll = await pollRequest(target, id, signal);
  if (poll.stage === 'done') return stateOfVideoOutput(id, poll.output);
  if (poll.stage === 'failed') {
    const { code, status, message } = poll.error;
    return { ...STATE(id, 'failed'), error: { code: code ?? `http_${status ?? 0}`, message } };
  }
  if (poll.status.status === 'IN_QUEUE') return STATE(id, 'queued');
  if (poll.status.status === 'IN_PROGRESS') return STATE(id, 'running');
  throw new UpstreamError('bad_output', `fal answered an unknown request status '${poll.status.status}'`);
}

export const falQueueVideo: VideoProvider = {
  media: 'video',
  cancellable: true,
  probeCall: 'GET /{app}/requests/{unknown id}/status',
  create,
  get,
  cancel: cancelRequest,
  failureClass: falFailureClass,
  probe: probeQueue,
};
