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

/** The shortest wait before a poll, however fast a channel's tasks have been. */
const MIN_POLL_MS = 25;

/**
 * The wait before the next poll of a task `elapsedMs` after its submission, when the channel's recent
 * tasks took about `expectedMs` (null: nothing learned yet, the plain back-off of `imagePollDelayMs`).
 * Until 80 % of the expected time the task is left alone (polled at most every 3 s); from there the
 * back-off starts over (250 ms, 500 ms, …), `nearPolls` counting the polls made since. A channel whose
 * tasks finish at once is polled after 25 ms instead of 250 ms; one whose tasks take 2 s is looked at
 * near 2 s rather than at 1.75 s and then 3.75 s. Never more than 3 s between polls, as before, and about
 * as many polls.
 */
export function nextPollDelayMs(elapsedMs: number, nearPolls: number, expectedMs: number | null): number {
  if (expectedMs === null) return imagePollDelayMs(nearPolls);
  const near = 0.8 * expectedMs;
  if (elapsedMs < near) return Math.max(MIN_POLL_MS, Math.min(3_000, near - elapsedMs));
  // A channel that finishes within 300 ms: one short look first, then the plain back-off.
  if (near < 250) return nearPolls === 0 ? MIN_POLL_MS : imagePollDelayMs(nearPolls - 1);
  return imagePollDelayMs(nearPolls);
}

/** How long each channel's (and model's) tasks took of late, ms: a moving average, learned as tasks finish. */
const taskTimes = new Map<string, number>();
const timesKey = (target: Target) => `${target.channel}\n${target.model}`;

/**
 * Records that a task was found finished at `doneAt` ms after submission, having been seen unfinished
 * at `lastSeenAt`: it took somewhere between the two, counted as their middle.
 */
function learnTaskTime(target: Target, lastSeenAt: number, doneAt: number): void {
  const key = timesKey(target);
  const sample = (lastSeenAt + doneAt) / 2;
  const before = taskTimes.get(key);
  if (before === undefined && taskTimes.size >= 1_000) taskTimes.clear();
  taskTimes.set(key, before === undefined ? sample : 0.7 * before + 0.3 * sample);
}

/**
 * How an image attempt's asynchronous task outlives the worker running it (`domain/jobs/image-tasks.ts`
 * keeps the task's id in the database). Ignored by protocols that answer the image at once.
 */
export interface ImageTaskHooks {
  /** A task an earlier run of the job submitted on this channel and model: followed instead of submitting anew. */
  resume?: string | undefined;
  /** Told a new task's id once it is submitted and before the first wait, so it can be recorded. */
  onSubmitted?: ((id: string) => Promise<void>) | undefined;
  /** When this signal is what ended the wait (the worker stopping), the task is left running for the job's next run. */
  handOver?: AbortSignal | undefined;
}

/**
 * One image from a channel, whatever its protocol's shape: a call that answers the image, or an
 * asynchronous task (submitted, polled with no connection held between polls, its result downloaded).
 * A task Studio gives up on (the signal ends: the attempt's time-out, the job cancelled) is cancelled at
 * the provider, best effort; one handed over (`hooks.handOver`) is left to the job's next run.
 */
export async function generateImage(
  target: Target,
  req: ImageGeneration,
  signal: AbortSignal,
  hooks: ImageTaskHooks = {},
): Promise<ImageOutput> {
  const provider = imageProvider(target);
  if (provider.mode !== 'task') return provider.generate(target, req, signal);
  return runImageTask(provider, target, req, signal, undefined, hooks);
}

/** The task's first state: the resumed task's, or a new task's (recorded before anyone waits on it). */
async function startTask(
  provider: ImageTaskProvider,
  target: Target,
  req: ImageGeneration,
  signal: AbortSignal,
  hooks: ImageTaskHooks,
): Promise<ImageTaskState> {
  if (hooks.resume) {
    try {
      return await provider.get(target, hooks.resume, signal);
    } catch (err) {
      // The provider no longer knows the task (expired, purged): submit as if it had never been.
      if (!(err instanceof UpstreamError && err.status === 404)) throw err;
      logger.info({ channel: target.channel, task: hooks.resume }, 'the resumed image task is unknown upstream');
    }
  }
  const state = await provider.submit(target, req, signal);
  if (state.status === 'queued' || state.status === 'running') await hooks.onSubmitted?.(state.id);
  return state;
}

async function runImageTask(
  provider: ImageTaskProvider,
  target: Target,
  req: ImageGeneration,
  signal: AbortSignal,
  delayMs?: (polls: number) => number,
  hooks: ImageTaskHooks = {},
): Promise<ImageOutput> {
  const submittedAt = performance.now();
  let state: ImageTaskState = await startTask(provider, target, req, signal, hooks);
  const id = state.id;
  const expected = taskTimes.get(timesKey(target)) ?? null;
  let lastSeenAt = 0;
  try {
    for (let polls = 0, nearPolls = 0; state.status === 'queued' || state.status === 'running'; polls++) {
      const elapsed = performance.now() - submittedAt;
      lastSeenAt = elapsed;
      const wait = delayMs ? delayMs(polls) : nextPollDelayMs(elapsed, nearPolls, expected);
      if (expected === null || elapsed >= 0.8 * expected) nearPolls++;
      // No connection is held meanwhile, and the worker's slot is free for another task.
      await parked(sleep(wait, undefined, { signal }));
      state = await provider.get(target, id, signal);
    }
    // Only a task that made an image says how long the channel's work takes (a refusal may come at once);
    // a resumed task was submitted by an earlier run, at a time this one does not know.
    if (state.status === 'succeeded' && !hooks.resume)
      learnTaskTime(target, lastSeenAt, performance.now() - submittedAt);
  } catch (err) {
    if (signal.aborted) {
      // Given up on: the provider need not finish (and bill) a task nobody will collect. A task handed
      // over is collected by the job's next run.
      if (!hooks.handOver?.aborted) {
        provider.cancel(target, id, AbortSignal.timeout(10_000)).catch((e: unknown) => {
          logger.info({ err: e, channel: target.channel, task: id }, 'the upstream did not cancel the image task');
        });
      }
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

export const forTests = { runImageTask, taskTimes };
