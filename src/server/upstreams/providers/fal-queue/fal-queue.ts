import type { ImageGeneration, ImageTaskProvider, ImageTaskState } from '@/server/upstreams/providers/types';
import type { Target } from '@/server/upstreams/types';
import { stateOfFailure, stateOfResult, stateOfStatus } from './fal-answer';
import { cancelRequest, pollRequest, probeQueue, submitRequest } from './fal-call';
import { falRequest } from './fal-models';

/**
 * The image side of fal's queue: a model's input from Studio's image request (fal-models.ts), queued,
 * polled and cancelled through the queue calls both sides share (fal-call.ts); the first `images[].url`
 * of the output is the result.
 */

async function submit(target: Target, req: ImageGeneration, signal: AbortSignal): Promise<ImageTaskState> {
  const { endpoint, input } = falRequest(target.model, req);
  const { id, queuePosition } = await submitRequest(target, endpoint, input, signal);
  return { id, status: 'queued', image: null, error: null, queuePosition };
}

/** The status; once COMPLETED, the result: the image, or the error the request ended with. */
async function get(target: Target, id: string, signal: AbortSignal): Promise<ImageTaskState> {
  const poll = await pollRequest(target, id, signal);
  if (poll.stage === 'waiting') return stateOfStatus(id, poll.status);
  if (poll.stage === 'failed') return stateOfFailure(id, poll.error);
  return stateOfResult(id, poll.output);
}

export const falQueue: ImageTaskProvider = {
  media: 'image',
  mode: 'task',
  generateCall: 'POST /{endpoint id}',
  submit,
  get,
  cancel: cancelRequest,
  probe: probeQueue,
};
