import { setTimeout as sleep } from 'node:timers/promises';
import { logger } from '@/server/logger';
import { parked } from '@/server/queue/slots';
import { imageProvider } from '@/server/upstreams/providers';
import { download } from '@/server/upstreams/providers/http';
import type {
  ImageGeneration,
  ImageOutput,
  ImageTaskProvider,
  ImageTaskState,
} from '@/server/upstreams/providers/types';
import { UpstreamError, type Target } from '@/server/upstreams/types';

/** The largest result image accepted from a task's URL. */
const MAX_RESULT_BYTES = 50 * 1024 * 1024;

/** Waits between polls of an asynchronous image task: short at first (most finish in seconds), then every 3 s. */
export function imagePollDelayMs(polls: number): number {
  return Math.min(3_000, 250 * 2 ** Math.min(polls, 4));
}

/**
 * One image from a channel, whatever its protocol's shape: a call that answers the image, or an
 * asynchronous task (submitted, polled with no connection held between polls, its result downloaded).
 * A task Studio gives up on (the signal ends: the attempt's time-out, the job cancelled, the worker
 * stopping) is cancelled at the provider, best effort.
 */
export async function generateImage(target: Target, req: ImageGeneration, signal: AbortSignal): Promise<ImageOutput> {
  const provider = imageProvider(target);
  if (provider.mode !== 'task') return provider.generate(target, req, signal);
  return runImageTask(provider, target, req, signal);
}

async function runImageTask(
  provider: ImageTaskProvider,
  target: Target,
  req: ImageGeneration,
  signal: AbortSignal,
  delayMs: (polls: number) => number = imagePollDelayMs,
): Promise<ImageOutput> {
  let state: ImageTaskState = await provider.submit(target, req, signal);
  const id = state.id;
  try {
    for (let polls = 0; state.status === 'queued' || state.status === 'running'; polls++) {
      // No connection is held meanwhile, and the worker's slot is free for another task.
      await parked(sleep(delayMs(polls), undefined, { signal }));
      state = await provider.get(target, id, signal);
    }
  } catch (err) {
    if (signal.aborted) {
      // Given up on: the provider need not finish (and bill) a task nobody will collect.
      provider.cancel(target, id, AbortSignal.timeout(10_000)).catch((e: unknown) => {
        logger.info({ err: e, channel: target.channel, task: id }, 'the upstream did not cancel the image task');
      });
      if (!(err instanceof UpstreamError))
        throw new UpstreamError('timeout', 'the upstream task did not finish in time', { cause: err });
    }
    throw err;
  }
  if (state.status === 'failed' || state.status === 'cancelled') {
    const e = state.error;
    throw new UpstreamError(e?.errorClass ?? 'server_error', e?.message || `the upstream task ${state.status}`, {
      code: e?.code,
    });
  }
  if (!state.image) throw new UpstreamError('bad_output', 'the upstream task finished without an image');
  if ('data' in state.image) return { data: state.image.data, declaredMime: state.image.mime };
  const file = await download(state.image.url, signal, MAX_RESULT_BYTES);
  return { data: file.data, declaredMime: file.contentType };
}

export const forTests = { runImageTask };
