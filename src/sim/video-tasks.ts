import { readFileSync } from 'node:fs';

/**
 * The simulator's video tasks: what a task holds, its status derived from the clock (so thousands
 * of tasks cost no timers), and its JSON in the Ark shape.
 */
export type TaskStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

export const TASKS_PATH = '/api/v3/contents/generations/tasks';
export const STATUSES: readonly TaskStatus[] = ['queued', 'running', 'succeeded', 'failed', 'cancelled'];

let sample: Buffer | undefined;
/** The real H.264 MP4 every successful task points at (320x180, 2 s, ~6 KB). */
export function sampleMp4(): Buffer {
  sample ??= readFileSync(new URL('./assets/sample.mp4', import.meta.url));
  return sample;
}

/** What a `bad_output` task links to: an HTML error page served as if it were video/mp4. */
export const BAD_VIDEO_BYTES = Buffer.from(
  '<!DOCTYPE html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1><p>The requested object does not exist.</p></body></html>\n',
);

/** What a create request asks for, once read from its body and prompt commands. */
export interface TaskSettings {
  prompt: string;
  duration: number;
  ratio: string;
  resolution: string;
  fps: number;
  seed: number;
  generateAudio: boolean;
  callbackUrl: string | null;
}

export interface VideoTask extends TaskSettings {
  id: string;
  channel: string;
  model: string;
  tier: string;
  createdAtMs: number;
  runAtMs: number;
  doneAtMs: number;
  cancelledAtMs: number | null;
  outcome: 'succeeded' | 'failed';
  badOutput: boolean;
}

export function taskStatus(task: VideoTask, now: number): TaskStatus {
  if (task.cancelledAtMs !== null) return 'cancelled';
  if (now < task.runAtMs) return 'queued';
  if (now < task.doneAtMs) return 'running';
  return task.outcome;
}

function updatedAtMs(task: VideoTask, now: number): number {
  if (task.cancelledAtMs !== null) return task.cancelledAtMs;
  if (now < task.runAtMs) return task.createdAtMs;
  if (now < task.doneAtMs) return task.runAtMs;
  return task.doneAtMs;
}

const SHORT_SIDE: Record<string, number> = { '480p': 480, '720p': 720, '1080p': 1080, '768p': 768, '2k': 1440 };

function dimensions(resolution: string, ratio: string): { width: number; height: number } {
  const short = SHORT_SIDE[resolution.toLowerCase()] ?? 720;
  const m = /^(\d+):(\d+)$/.exec(ratio);
  const rw = m ? Number(m[1]) : 16;
  const rh = m ? Number(m[2]) : 9;
  const even = (v: number): number => Math.round(v / 2) * 2;
  return rw >= rh ? { width: even((short * rw) / rh), height: short } : { width: short, height: even((short * rh) / rw) };
}

export function taskJson(task: VideoTask, now: number, origin: string): Record<string, unknown> {
  const status = taskStatus(task, now);
  const out: Record<string, unknown> = {
    id: task.id,
    model: task.model,
    status,
    error: status === 'failed' ? { code: 'InternalServiceError', message: 'The video generation failed due to an internal error. Please retry.' } : null,
    created_at: Math.floor(task.createdAtMs / 1000),
    updated_at: Math.floor(updatedAtMs(task, now) / 1000),
    seed: task.seed,
    resolution: task.resolution,
    ratio: task.ratio,
    duration: task.duration,
    framespersecond: task.fps,
    generate_audio: task.generateAudio,
  };
  if (status === 'succeeded') {
    const { width, height } = dimensions(task.resolution, task.ratio);
    const tokens = Math.floor((width * height * task.fps * task.duration) / 1024);
    out.content = { video_url: `${origin}/__sim/files/${task.id}.mp4` };
    out.usage = { completion_tokens: tokens, total_tokens: tokens };
  }
  return out;
}

export class VideoTasks {
  private readonly tasks = new Map<string, VideoTask>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly maxTasks = 20_000) {}

  add(task: VideoTask, origin: string): void {
    this.tasks.set(task.id, task);
    // Oldest first by insertion; a long benchmark keeps the most recent tasks pollable.
    while (this.tasks.size > this.maxTasks) {
      const oldest = this.tasks.keys().next();
      if (oldest.done) break;
      this.tasks.delete(oldest.value);
    }
    if (task.callbackUrl) this.scheduleCallbacks(task, origin);
  }

  get(channel: string, id: string): VideoTask | undefined {
    const task = this.tasks.get(id);
    return task && task.channel === channel ? task : undefined;
  }

  list(channel: string): VideoTask[] {
    return [...this.tasks.values()].filter((t) => t.channel === channel).reverse();
  }

  delete(id: string): void {
    this.tasks.delete(id);
  }

  /** The bytes behind a task's `video_url`, once the task has succeeded. */
  file(id: string, now: number): Buffer | undefined {
    const task = this.tasks.get(id);
    if (!task || taskStatus(task, now) !== 'succeeded') return undefined;
    return task.badOutput ? BAD_VIDEO_BYTES : sampleMp4();
  }

  clear(): void {
    this.tasks.clear();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private scheduleCallbacks(task: VideoTask, origin: string): void {
    const url = task.callbackUrl;
    if (!url) return;
    const notify = async (at: number): Promise<void> => {
      if (!this.tasks.has(task.id) || task.cancelledAtMs !== null) return;
      try {
        await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(taskJson(task, at, origin)),
          signal: AbortSignal.timeout(5_000),
        });
      } catch {
        // Callbacks are best effort, as with the real service; pollers still see the task.
      }
    };
    const later = (ms: number, fn: () => void): void => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        fn();
      }, Math.max(0, ms - Date.now()));
      timer.unref();
      this.timers.add(timer);
    };
    let running: Promise<void> = Promise.resolve();
    if (task.runAtMs < task.doneAtMs) later(task.runAtMs, () => void (running = notify(task.runAtMs)));
    later(task.doneAtMs, () => void running.then(() => notify(task.doneAtMs)));
  }
}

// ---- errors -------------------------------------------------------------------------

