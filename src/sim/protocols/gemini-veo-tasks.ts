import { randomBytes } from 'node:crypto';
import type { SimFileStore } from '@/sim/media/file-store';
import { videoFile } from '@/sim/media/video-files';
import type { Json } from './http';
import { BAD_VIDEO_BYTES, wrongDuration } from './video-tasks';

/**
 * The simulated Veo operations: what one holds, whether it is done (from the clock, no timers), and its
 * JSON as the Gemini API answers `GET /v1beta/{name}`. The MP4 is written into the file store on the
 * first read that finds the operation done, and downloaded through the channel's files endpoint with
 * the key, as a Gemini API file is.
 */

export type VeoTaskFault = 'bad_output' | 'task_failed' | 'task_never_finishes' | 'wrong_duration' | 'content_refused';

export interface VeoTask {
  /** `models/{model}/operations/{id}`. */
  name: string;
  channel: string;
  model: string;
  ratio: string;
  duration: number;
  /** Infinity for an operation that never finishes. */
  doneAtMs: number;
  fault: VeoTaskFault | null;
  /** A `task_failed` fault's google.rpc.Code name. */
  failStatus: string;
  /** The file id (`files/{id}`), lowercase letters and digits as the Gemini API names files. */
  fileId: string;
  /** The stored MP4's name in the file store, once written. */
  file: string | null;
}

/** google.rpc.Code numbers of the names a failed operation may carry. */
const RPC_CODES: Readonly<Record<string, number>> = {
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  INTERNAL: 13,
  UNAVAILABLE: 14,
};

export const newVeoId = (): string => randomBytes(12).toString('hex');

/** Seconds of the file (4 s off under `wrong_duration`). */
const outputSeconds = (task: VeoTask): number =>
  task.fault === 'wrong_duration' ? wrongDuration(task.duration) : task.duration;

/** The task's MP4, written on first need. */
export function veoFile(task: VeoTask, files: SimFileStore): Buffer | null {
  if (task.file) {
    const stored = files.get(task.file);
    if (stored) return stored.bytes;
  }
  const bytes = task.fault === 'bad_output' ? BAD_VIDEO_BYTES : videoFile(task.ratio, outputSeconds(task));
  task.file = files.put('mp4', bytes, 'video/mp4');
  return bytes;
}

/** The operation's JSON; `channelBase` is the channel's URL, under which the video's URI lies. */
export function veoOperationJson(task: VeoTask, now: number, channelBase: string): Json {
  if (now < task.doneAtMs) return { name: task.name };
  if (task.fault === 'task_failed') {
    const status = task.failStatus;
    const code = RPC_CODES[status] ?? 13;
    return { name: task.name, done: true, error: { code, message: 'Video generation failed.', status } };
  }
  const type = 'type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse';
  if (task.fault === 'content_refused')
    return {
      name: task.name,
      done: true,
      response: {
        '@type': type,
        generateVideoResponse: {
          raiMediaFilteredCount: 1,
          raiMediaFilteredReasons: [
            "We encountered an issue with the audio for your prompt. You weren't charged for this request.",
          ],
        },
      },
    };
  const uri = `${channelBase}/v1beta/files/${task.fileId}:download?alt=media`;
  return {
    name: task.name,
    done: true,
    response: { '@type': type, generateVideoResponse: { generatedSamples: [{ video: { uri } }] } },
  };
}

/** Every channel's operations, bounded (the oldest are forgotten and then read as not found). */
export class VeoTasks {
  private readonly byName = new Map<string, VeoTask>();
  private readonly byFile = new Map<string, VeoTask>();

  constructor(private readonly maxTasks = 20_000) {}

  add(task: VeoTask): void {
    this.byName.set(task.name, task);
    this.byFile.set(task.fileId, task);
    while (this.byName.size > this.maxTasks) {
      const oldest = this.byName.values().next();
      if (oldest.done) break;
      this.byName.delete(oldest.value.name);
      this.byFile.delete(oldest.value.fileId);
    }
  }

  get(channel: string, name: string): VeoTask | undefined {
    const task = this.byName.get(name);
    return task?.channel === channel ? task : undefined;
  }

  /** A finished operation's file, on the channel (with the key) that made it. */
  file(channel: string, fileId: string, now: number): VeoTask | undefined {
    const task = this.byFile.get(fileId);
    const served = task && task.fault !== 'task_failed' && task.fault !== 'content_refused';
    return served && task.channel === channel && now >= task.doneAtMs ? task : undefined;
  }
}
