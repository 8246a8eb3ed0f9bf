import { randomUUID } from 'node:crypto';
import type { SimFileStore } from '@/sim/media/file-store';
import { videoFile } from '@/sim/media/video-files';
import type { Json } from './http';
import { BAD_VIDEO_BYTES, wrongDuration } from './video-tasks';

/**
 * The simulated Kling tasks: what a task holds, its status derived from the clock (no timers), and its
 * JSON in Kling's shape (`data` of `GET /v1/videos/{endpoint}/{task_id}`). The MP4 is written into the
 * file store on the first read that finds the task done, and served from `/__sim/files/`.
 */

export type KlingStatus = 'submitted' | 'processing' | 'succeed' | 'failed';
export type KlingTaskFault = 'bad_output' | 'task_failed' | 'task_never_finishes' | 'wrong_duration';

export interface KlingTask {
  id: string;
  channel: string;
  endpoint: 'text2video' | 'image2video';
  model: string;
  mode: 'std' | 'pro';
  ratio: string;
  duration: number;
  externalTaskId: string | null;
  createdAtMs: number;
  runAtMs: number;
  /** Infinity for a task that never finishes (it stays `processing`). */
  doneAtMs: number;
  fault: KlingTaskFault | null;
  /** The result's file name under `/__sim/files/`, once written. */
  file: string | null;
}

export function klingStatus(task: KlingTask, now: number): KlingStatus {
  if (now < task.runAtMs) return 'submitted';
  if (now < task.doneAtMs) return 'processing';
  return task.fault === 'task_failed' ? 'failed' : 'succeed';
}

/** Seconds of the file behind the task's URL (4 s off under `wrong_duration`). */
export const outputSeconds = (task: KlingTask): number =>
  task.fault === 'wrong_duration' ? wrongDuration(task.duration) : task.duration;

function resultFile(task: KlingTask, files: SimFileStore): string {
  if (task.file && files.get(task.file)) return task.file;
  const bytes = task.fault === 'bad_output' ? BAD_VIDEO_BYTES : videoFile(task.ratio, outputSeconds(task));
  task.file = files.put('mp4', bytes, 'video/mp4');
  return task.file;
}

/** `data` of a task answer; `task_result` once it succeeded, `task_status_msg` when it failed. */
export function klingTaskData(task: KlingTask, now: number, origin: string, files: SimFileStore): Json {
  const status = klingStatus(task, now);
  const updated = status === 'submitted' ? task.createdAtMs : status === 'processing' ? task.runAtMs : task.doneAtMs;
  const data: Record<string, Json> = {
    task_id: task.id,
    task_status: status,
    task_info: task.externalTaskId ? { external_task_id: task.externalTaskId } : {},
    created_at: task.createdAtMs,
    updated_at: updated,
  };
  if (status === 'failed') data.task_status_msg = 'The video generation failed, please try again later.';
  if (status === 'succeed') {
    const file = resultFile(task, files);
    // Kling reports the rendered length with a tenth more than asked ("5.1" for 5 seconds).
    const seconds = (outputSeconds(task) + 0.1).toFixed(1);
    data.task_result = { videos: [{ id: `${task.id}-0`, url: `${origin}/__sim/files/${file}`, duration: seconds }] };
  }
  return data;
}

export const newKlingTaskId = (): string => randomUUID().replace(/-/g, '').slice(0, 24);

/** Every channel's tasks, bounded (the oldest are forgotten and then read as not found). */
export class KlingTasks {
  private readonly tasks = new Map<string, KlingTask>();

  constructor(private readonly maxTasks = 20_000) {}

  add(task: KlingTask): void {
    this.tasks.set(task.id, task);
    while (this.tasks.size > this.maxTasks) {
      const oldest = this.tasks.keys().next();
      if (oldest.done) break;
      this.tasks.delete(oldest.value);
    }
  }

  /** A task of the channel, read under the endpoint that created it. */
  get(channel: string, endpoint: string, id: string): KlingTask | undefined {
    const task = this.tasks.get(id);
    return task?.channel === channel && task.endpoint === endpoint ? task : undefined;
  }

  list(channel: string, endpoint: string): KlingTask[] {
    return [...this.tasks.values()].filter((t) => t.channel === channel && t.endpoint === endpoint).reverse();
  }
}
