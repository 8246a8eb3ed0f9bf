import { randomInt } from 'node:crypto';
import type { SimFileStore } from '@/sim/media/file-store';
import { videoFile } from '@/sim/media/video-files';
import type { Json } from './http';
import { BAD_VIDEO_BYTES, wrongDuration } from './video-tasks';

/**
 * The simulated MiniMax tasks: what a task holds, its status derived from the clock (no timers), its query
 * answer in MiniMax's shape, and its file. The MP4 is written into the file store on the first retrieval
 * that finds the task done, and served from `/__sim/files/`.
 */

export type MiniMaxStatus = 'Preparing' | 'Queueing' | 'Processing' | 'Success' | 'Fail';
export type MiniMaxTaskFault =
  'bad_output' | 'task_failed' | 'task_never_finishes' | 'wrong_duration' | 'file_not_ready';

/** Retrievals of a `file_not_ready` task's file that answer no download URL before it is ready. */
export const NOT_READY_RETRIEVALS = 2;

export interface MiniMaxTask {
  id: string;
  fileId: string;
  channel: string;
  model: string;
  resolution: string;
  duration: number;
  createdAtMs: number;
  runAtMs: number;
  /** Infinity for a task that never finishes (it stays `Processing`). */
  doneAtMs: number;
  fault: MiniMaxTaskFault | null;
  /** File retrievals so far (a `file_not_ready` task's first ones answer no URL). */
  retrievals: number;
  /** The result's file name under `/__sim/files/`, once written. */
  file: string | null;
}

export function minimaxStatus(task: MiniMaxTask, now: number): MiniMaxStatus {
  if (now < task.runAtMs)
    return now < task.createdAtMs + (task.runAtMs - task.createdAtMs) / 2 ? 'Preparing' : 'Queueing';
  if (now < task.doneAtMs) return 'Processing';
  return task.fault === 'task_failed' ? 'Fail' : 'Success';
}

/** Seconds of the file (4 s off under `wrong_duration`). */
export const outputSeconds = (task: MiniMaxTask): number =>
  task.fault === 'wrong_duration' ? wrongDuration(task.duration) : task.duration;

/** The frame size MiniMax reports for a 16:9 video at each resolution (768P is 1366×768). */
const FRAMES: Readonly<Record<string, readonly [number, number]>> = {
  '512P': [912, 512],
  '720P': [1280, 720],
  '768P': [1366, 768],
  '1080P': [1920, 1080],
};

const ok = { status_code: 0, status_msg: 'success' };

/** The query answer: `file_id` and the frame size once `Success`. */
export function minimaxQueryAnswer(task: MiniMaxTask, now: number): Json {
  const status = minimaxStatus(task, now);
  const answer: Record<string, Json> = { task_id: task.id, status, file_id: '' };
  if (status === 'Success') {
    const [width, height] = FRAMES[task.resolution] ?? [1366, 768];
    Object.assign(answer, { file_id: task.fileId, video_width: width, video_height: height });
  }
  answer.base_resp = ok;
  return answer;
}

function resultFile(task: MiniMaxTask, files: SimFileStore): string {
  if (task.file && files.get(task.file)) return task.file;
  const bytes = task.fault === 'bad_output' ? BAD_VIDEO_BYTES : videoFile('16:9', outputSeconds(task));
  task.file = files.put('mp4', bytes, 'video/mp4');
  return task.file;
}

/** The retrieval answer of a finished task's file; no download URL while a `file_not_ready` file is not ready. */
export function minimaxFileAnswer(task: MiniMaxTask, origin: string, files: SimFileStore): Json {
  task.retrievals += 1;
  const ready = task.fault !== 'file_not_ready' || task.retrievals > NOT_READY_RETRIEVALS;
  const name = ready ? resultFile(task, files) : null;
  return {
    file: {
      file_id: Number(task.fileId),
      bytes: name ? (files.get(name)?.bytes.length ?? 0) : 0,
      created_at: Math.floor(task.doneAtMs / 1000),
      filename: 'output.mp4',
      purpose: 'video_generation',
      download_url: name ? `${origin}/__sim/files/${name}` : '',
    },
    base_resp: ok,
  };
}

/** MiniMax's ids are decimal strings of 15 digits. */
export const newMiniMaxId = (): string => String(randomInt(100_000_000_000_000, 281_474_976_710_655));

/** Every channel's tasks, bounded (the oldest are forgotten and then read as not found). */
export class MiniMaxTasks {
  private readonly tasks = new Map<string, MiniMaxTask>();
  private readonly byFile = new Map<string, string>();

  constructor(private readonly maxTasks = 20_000) {}

  add(task: MiniMaxTask): void {
    this.tasks.set(task.id, task);
    this.byFile.set(task.fileId, task.id);
    while (this.tasks.size > this.maxTasks) {
      const oldest = this.tasks.values().next();
      if (oldest.done) break;
      this.tasks.delete(oldest.value.id);
      this.byFile.delete(oldest.value.fileId);
    }
  }

  get(channel: string, id: string): MiniMaxTask | undefined {
    const task = this.tasks.get(id);
    return task?.channel === channel ? task : undefined;
  }

  /** The finished task whose file this is; a file of an unfinished task is not known yet. */
  byFileId(channel: string, fileId: string, now: number): MiniMaxTask | undefined {
    const task = this.get(channel, this.byFile.get(fileId) ?? '');
    return task && minimaxStatus(task, now) === 'Success' ? task : undefined;
  }

  files(channel: string, now: number): MiniMaxTask[] {
    return [...this.tasks.values()].filter((t) => t.channel === channel && minimaxStatus(t, now) === 'Success');
  }
}
