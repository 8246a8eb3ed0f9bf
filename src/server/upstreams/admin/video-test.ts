import { createHash, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { inspectMp4File } from '@/server/domain/videos/media-facts';
import { fieldError } from '@/server/errors';
import type { FileStore } from '@/server/storage/store';
import { providerFor } from '@/server/upstreams/providers';
import { downloadToFile } from '@/server/upstreams/providers/http';
import type { VideoProvider, VideoTaskStatus } from '@/server/upstreams/providers/types';
import { UpstreamError, type ErrorClass, type Target, type UpstreamModel } from '@/server/upstreams/types';
import { channelModel, failureText, TEST_DEADLINE_MS } from './upstream-test';

/**
 * The channel test that makes a video: one short task (the model's shortest duration at its lowest
 * resolution) created through the channel's own adapter, then read back by its handle until it ends.
 * It is billed by the provider, so the operator asks for it apart from the free task-list check. As
 * with every channel test nothing is recorded as routing traffic: no attempt, no score change. The
 * finished video is downloaded, checked to be an MP4 of the duration asked (as a job's video is) and
 * kept under the store's operator folder so the console can play it.
 */

export const VIDEO_TEST_PROMPT = 'A slow pan across a calm sea at dawn, soft light, no people.';
/** Where a test's video is kept: one file per task, written again if the task is read again. */
const TEST_FOLDER = 'operator/channel-tests';
/** Reading a task and downloading its video may take longer than a test call. */
const READ_DEADLINE_MS = 120_000;

export interface VideoTestStart {
  ok: boolean;
  error_class: ErrorClass | null;
  message: string;
  family: string;
  model: string;
  /** What was sent, in words. */
  call: string;
  duration: number;
  resolution: string | null;
  /** The provider's task handle, read back by `upstream-test-video-task`; null when creation failed. */
  task_id: string | null;
}

export interface VideoTestTask {
  task_id: string;
  /** Where the task stands; `failed` too when the video it made is not what was asked. */
  status: VideoTaskStatus;
  /** True once it made a verified video, false once it failed, null while it runs. */
  ok: boolean | null;
  error_class: ErrorClass | null;
  message: string | null;
  video: { url: string; duration_s: number; bytes: number } | null;
}

function videoProviderOf(target: Target, model: UpstreamModel): VideoProvider {
  const provider = providerFor(target, model);
  if (provider.media !== 'video')
    throw fieldError(['model'], `"${model.model}" makes ${provider.media}, not video: use the channel test`);
  return provider;
}

/** The model's shortest duration and lowest resolution, as its channel entry declares them. */
export function shortestOf(model: UpstreamModel): { duration: number; resolution: string | undefined } {
  const caps = model.capabilities;
  const duration = caps.durations?.length ? Math.min(...caps.durations) : (caps.duration?.min ?? 5);
  const lines = (r: string) => Number.parseInt(r, 10) || Number.MAX_SAFE_INTEGER;
  const resolution = [...(caps.resolutions ?? [])].sort((a, b) => lines(a) - lines(b))[0];
  return { duration, resolution };
}

/** Creates the short task; a refusal is answered in words, never thrown. */
export async function startVideoTest(
  db: Db,
  secret: Buffer,
  input: { name: string; model?: string | undefined },
): Promise<VideoTestStart> {
  const { row, model, target } = await channelModel(db, secret, input);
  const provider = videoProviderOf(target, model);
  const { duration, resolution } = shortestOf(model);
  const base = {
    family: model.family,
    model: model.model,
    duration,
    resolution: resolution ?? null,
    call: `create a ${duration} s video${resolution ? ` at ${resolution}` : ''} from text`,
  };
  try {
    const id = await provider.create(
      target,
      { prompt: VIDEO_TEST_PROMPT, duration, resolution },
      AbortSignal.timeout(Math.min(TEST_DEADLINE_MS, row.softTimeoutMs)),
    );
    return { ok: true, error_class: null, message: 'the task was created', task_id: id, ...base };
  } catch (err) {
    const cls: ErrorClass = err instanceof UpstreamError ? err.errorClass : 'server_error';
    return { ok: false, error_class: cls, message: failureText(err, target.apiKey), task_id: null, ...base };
  }
}

/** Reads the task by its handle; once it succeeded, downloads, verifies and keeps its video. */
export async function readVideoTest(
  deps: { db: Db; config: Pick<Config, 'secret' | 'video'>; files: FileStore },
  input: { name: string; model?: string | undefined; task_id: string; duration: number },
): Promise<VideoTestTask> {
  const { model, target } = await channelModel(deps.db, deps.config.secret, input);
  const provider = videoProviderOf(target, model);
  const signal = AbortSignal.timeout(READ_DEADLINE_MS);
  const failed = (err: unknown, status: VideoTaskStatus = 'failed'): VideoTestTask => ({
    task_id: input.task_id,
    status,
    ok: false,
    error_class: err instanceof UpstreamError ? err.errorClass : 'server_error',
    message: failureText(err, target.apiKey),
    video: null,
  });
  let state;
  try {
    state = await provider.get(target, input.task_id, signal);
  } catch (err) {
    return failed(err, 'running');
  }
  const running = { task_id: input.task_id, status: state.status, error_class: null, video: null };
  if (state.status === 'queued' || state.status === 'running') return { ...running, ok: null, message: null };
  if (state.status !== 'succeeded') {
    const cls = (state.error && provider.failureClass(state.error.code)) ?? 'server_error';
    const words = state.error ? `${state.error.message} (${state.error.code})` : `the task ended ${state.status}`;
    return { ...running, ok: false, error_class: cls, message: words.split(target.apiKey).join('[key]') };
  }
  const tmp = path.join(os.tmpdir(), `studio-channel-test-${randomUUID()}.mp4`);
  try {
    const bytes = await downloadToFile(
      state.videoUrl ?? '',
      tmp,
      signal,
      deps.config.video.maxBytes,
      provider.resultHeaders?.(target),
    );
    const facts = await inspectMp4File(tmp);
    if (!facts) throw new UpstreamError('bad_output', 'the result is not an MP4 file');
    if (Math.abs(facts.duration - input.duration) > 1)
      throw new UpstreamError(
        'bad_output',
        `the video lasts ${facts.duration.toFixed(1)} s, ${input.duration} s were asked for`,
      );
    const name = createHash('sha256').update(`${input.name}\u0000${input.task_id}`).digest('hex').slice(0, 32);
    const url = await deps.files.putFile(`${TEST_FOLDER}/${name}.mp4`, tmp, 'video/mp4', bytes);
    return {
      ...running,
      ok: true,
      message: 'the video was made and verified',
      video: { url, duration_s: Math.round(facts.duration * 10) / 10, bytes },
    };
  } catch (err) {
    return failed(err);
  } finally {
    await rm(tmp, { force: true });
  }
}
