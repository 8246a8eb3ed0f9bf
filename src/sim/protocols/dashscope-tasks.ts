import { randomUUID } from 'node:crypto';
import type { SimFileStore } from '@/sim/media/file-store';
import { renderImage } from '@/sim/media/render';
import type { Json } from './http';

/**
 * The simulated DashScope tasks: what a task holds, its status derived from the clock (no timers), and
 * its JSON in DashScope's shape (`GET /api/v1/tasks/{task_id}`). The result PNG is drawn on the first
 * poll that finds the task done and served from `/__sim/files/`.
 */

export type WanStatus = 'PENDING' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELED';

export interface WanTask {
  id: string;
  channel: string;
  model: string;
  prompt: string;
  width: number;
  height: number;
  /** Decoded `data:` reference images (URLs are not fetched). */
  references: Buffer[];
  createdAtMs: number;
  runAtMs: number;
  /** Infinity for a task that never finishes (it stays queued: `task_never_finishes`). */
  doneAtMs: number;
  cancelledAtMs: number | null;
  fault: 'bad_output' | 'task_failed' | 'task_never_finishes' | null;
  /** The code a `task_failed` task ends with (`InternalError` when the fault named none). */
  failCode: string | null;
  /** The result's file name under `/__sim/files/`, once drawn. */
  file: string | null;
}

export function wanStatus(task: WanTask, now: number): WanStatus {
  if (task.cancelledAtMs !== null) return 'CANCELED';
  if (now < task.runAtMs) return 'PENDING';
  if (now < task.doneAtMs) return 'RUNNING';
  return task.fault === 'task_failed' ? 'FAILED' : 'SUCCEEDED';
}

/** Messages of DashScope's error-code page for the codes a failed task may carry; others get a generic one. */
const FAILURE_MESSAGES: Record<string, string> = {
  InternalError: 'An internal error has occured, please try again later or contact service support.',
  DataInspectionFailed: 'Output data may contain inappropriate content.',
  data_inspection_failed: 'Output data may contain inappropriate content.',
  IPInfringementSuspect: 'Input data is suspected of being involved in IP infringement.',
  InvalidParameter: 'Required parameter(s) missing or invalid, please check the request parameters.',
};

export function wanFailure(code: string | null): { code: string; message: string } {
  const c = code ?? 'InternalError';
  return { code: c, message: FAILURE_MESSAGES[c] ?? `The image synthesis task failed (${c}).` };
}

/** DashScope writes times as `2025-01-08 16:03:59.840` (China Standard Time on its side; the simulator writes UTC). */
export function stamp(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
}

export function newTaskId(): string {
  return randomUUID();
}

/** The result file: drawn once (a deterministic render), a truncated PNG under `bad_output`; redrawn if evicted. */
async function resultFile(task: WanTask, files: SimFileStore): Promise<string> {
  if (task.file && files.get(task.file)) return task.file;
  const png = await renderImage({
    prompt: task.prompt,
    width: task.width,
    height: task.height,
    format: 'png',
    transparent: false,
    quality: null,
    variant: 0,
    references: task.references,
    compression: null,
  });
  const bytes = task.fault === 'bad_output' ? png.subarray(0, Math.floor(png.length / 2)) : png;
  task.file = files.put('png', bytes, 'image/png');
  return task.file;
}

/** `output` of a task query, with `usage` once it succeeded. */
export async function taskAnswer(
  task: WanTask,
  now: number,
  origin: string,
  files: SimFileStore,
  requestId: string,
): Promise<Json> {
  const status = wanStatus(task, now);
  const output: Record<string, Json> = { task_id: task.id, task_status: status, submit_time: stamp(task.createdAtMs) };
  if (status !== 'PENDING' && status !== 'CANCELED') output.scheduled_time = stamp(task.runAtMs);
  if (status === 'SUCCEEDED' || status === 'FAILED') output.end_time = stamp(task.doneAtMs);
  if (status === 'SUCCEEDED') {
    const file = await resultFile(task, files);
    output.results = [{ orig_prompt: task.prompt, actual_prompt: task.prompt, url: `${origin}/__sim/files/${file}` }];
  }
  if (status === 'FAILED') Object.assign(output, wanFailure(task.failCode));
  output.task_metrics = {
    TOTAL: 1,
    SUCCEEDED: status === 'SUCCEEDED' ? 1 : 0,
    FAILED: status === 'FAILED' ? 1 : 0,
  };
  const answer: Record<string, Json> = { request_id: requestId, output };
  if (status === 'SUCCEEDED') answer.usage = { image_count: 1 };
  return answer;
}

/** Every channel's tasks, newest last; bounded (the oldest are forgotten, and then read as UNKNOWN, as expired ones do). */
export class WanTasks {
  private readonly tasks = new Map<string, WanTask>();

  constructor(private readonly maxTasks = 20_000) {}

  add(task: WanTask): void {
    this.tasks.set(task.id, task);
    while (this.tasks.size > this.maxTasks) {
      const oldest = this.tasks.keys().next();
      if (oldest.done) break;
      this.tasks.delete(oldest.value);
    }
  }

  get(channel: string, id: string): WanTask | undefined {
    const task = this.tasks.get(id);
    return task?.channel === channel ? task : undefined;
  }

  list(channel: string): WanTask[] {
    return [...this.tasks.values()].filter((t) => t.channel === channel).reverse();
  }
}
