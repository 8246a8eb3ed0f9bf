import { randomUUID } from 'node:crypto';
import type { SimFileStore } from '@/sim/media/file-store';
import { videoFile } from '@/sim/media/video-files';
import { stamp, wanFailure } from './dashscope-tasks';
import type { Json } from './http';
import { BAD_VIDEO_BYTES, wrongDuration } from './video-tasks';

/**
 * The simulated Wan video tasks: what a task holds, its status from the clock (no timers), and its answer
 * in DashScope's shape (`GET /api/v1/tasks/{task_id}`: `output.video_url`, `usage.video_duration`). The MP4
 * is written into the file store on the first read that finds the task done.
 */

export type WanVideoStatus = 'PENDING' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELED';
export type WanVideoFault = 'bad_output' | 'task_failed' | 'task_never_finishes' | 'wrong_duration';

export interface WanVideoTask {
  id: string;
  channel: string;
  model: string;
  prompt: string;
  /** `W*H` of text to video; the resolution (`720P`) of the image models. */
  size: string;
  ratio: string;
  duration: number;
  createdAtMs: number;
  runAtMs: number;
  /** Infinity for a task that never finishes (it stays PENDING, so it can still be cancelled). */
  doneAtMs: number;
  cancelledAtMs: number | null;
  fault: WanVideoFault | null;
  failCode: string | null;
  file: string | null;
}

export function wanVideoStatus(task: WanVideoTask, now: number): WanVideoStatus {
  if (task.cancelledAtMs !== null) return 'CANCELED';
  if (now < task.runAtMs) return 'PENDING';
  if (now < task.doneAtMs) return 'RUNNING';
  return task.fault === 'task_failed' ? 'FAILED' : 'SUCCEEDED';
}

const outputSeconds = (task: WanVideoTask): number =>
  task.fault === 'wrong_duration' ? wrongDuration(task.duration) : task.duration;

function resultFile(task: WanVideoTask, files: SimFileStore): string {
  if (task.file && files.get(task.file)) return task.file;
  const bytes = task.fault === 'bad_output' ? BAD_VIDEO_BYTES : videoFile(task.ratio, outputSeconds(task));
  task.file = files.put('mp4', bytes, 'video/mp4');
  return task.file;
}

/** The task query's answer; `video_url` and `usage` once it succeeded, `code` and `message` when it failed. */
export function wanVideoAnswer(
  task: WanVideoTask,
  now: number,
  origin: string,
  files: SimFileStore,
  rid: string,
): Json {
  const status = wanVideoStatus(task, now);
  const output: Record<string, Json> = { task_id: task.id, task_status: status, submit_time: stamp(task.createdAtMs) };
  if (status !== 'PENDING' && status !== 'CANCELED') output.scheduled_time = stamp(task.runAtMs);
  if (status === 'SUCCEEDED' || status === 'FAILED') output.end_time = stamp(task.doneAtMs);
  if (status === 'FAILED') Object.assign(output, wanFailure(task.failCode));
  const answer: Record<string, Json> = { request_id: rid, output };
  if (status === 'SUCCEEDED') {
    output.video_url = `${origin}/__sim/files/${resultFile(task, files)}`;
    output.orig_prompt = task.prompt;
    output.actual_prompt = task.prompt;
    // The usage reports what was asked for (and billed), whatever the file holds.
    answer.usage = { video_duration: task.duration, video_ratio: task.size, video_count: 1 };
  }
  return answer;
}

export const newWanVideoTaskId = (): string => randomUUID();

/** Every channel's tasks, bounded (the oldest are forgotten, then read as UNKNOWN, as expired ones are). */
export class WanVideoTasks {
  private readonly tasks = new Map<string, WanVideoTask>();

  constructor(private readonly maxTasks = 20_000) {}

  add(task: WanVideoTask): void {
    this.tasks.set(task.id, task);
    while (this.tasks.size > this.maxTasks) {
      const oldest = this.tasks.keys().next();
      if (oldest.done) break;
      this.tasks.delete(oldest.value);
    }
  }

  get(channel: string, id: string): WanVideoTask | undefined {
    const task = this.tasks.get(id);
    return task?.channel === channel ? task : undefined;
  }

  list(channel: string): WanVideoTask[] {
    return [...this.tasks.values()].filter((t) => t.channel === channel).reverse();
  }
}
