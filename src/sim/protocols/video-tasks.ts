import type { FaultKind } from './faults';
import { lastFramePng, videoFile, videoFrameSize } from '@/sim/media/video-files';

/**
 * The simulator's video tasks: what a task holds, its status derived from the clock (so thousands
 * of tasks cost no timers), and its JSON in the Ark shape.
 */
export type TaskStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

export const TASKS_PATH = '/api/v3/contents/generations/tasks';
export const STATUSES: readonly TaskStatus[] = ['queued', 'running', 'succeeded', 'failed', 'cancelled'];

/** Faults that change what a created task does rather than how the create request is answered. */
export type TaskFault = Extract<FaultKind, 'bad_output' | 'task_failed' | 'task_never_finishes' | 'wrong_duration'>;

/** What a `bad_output` task links to: an HTML error page served as if it were video/mp4. */
export const BAD_VIDEO_BYTES = Buffer.from(
  '<!DOCTYPE html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1><p>The requested object does not exist.</p></body></html>\n',
);

/** Seconds of the file a `wrong_duration` task links to: 4 s short of the request, or 4 s over it below 8 s. */
export function wrongDuration(requested: number): number {
  return requested >= 8 ? requested - 4 : requested + 4;
}

/** Per-channel video behaviour, changeable through `POST /__sim/config`. */
export interface VideoSettings {
  /** DELETE also cancels a `running` task (the real service refuses). */
  cancelRunning: boolean;
  /** Share of the latency a task spends `queued` before `running`, 0–100. */
  queuedPercent: number;
}

export const DEFAULT_QUEUED_PERCENT = 20;

/** What a create request asks for, once read from its body and prompt commands. */
export interface TaskSettings {
  prompt: string;
  duration: number;
  ratio: string;
  resolution: string;
  fps: number;
  seed: number;
  generateAudio: boolean;
  returnLastFrame: boolean;
  callbackUrl: string | null;
}

/** One DELETE on a task, as the simulator saw it. */
export interface CancelRecord {
  atMs: number;
  /** The task's status when the DELETE arrived. */
  status: TaskStatus;
  /** `cancelled` (queued, or running with `cancel_running`), `deleted` (finished), `refused` (answered 400). */
  result: 'cancelled' | 'deleted' | 'refused';
}

export interface VideoTask extends TaskSettings {
  id: string;
  channel: string;
  model: string;
  tier: string;
  createdAtMs: number;
  runAtMs: number;
  /** Infinity for a task that never finishes (`task_never_finishes`). */
  doneAtMs: number;
  cancelledAtMs: number | null;
  /** Set by a DELETE of a finished task; the task is then gone from the Ark API but kept for `/__sim/video-tasks`. */
  deletedAtMs: number | null;
  fault: TaskFault | null;
  /** The Ark error code a `task_failed` task ends with (`InternalServiceError` when the fault named none). */
  failCode: string | null;
  /** Seconds of the MP4 behind `video_url` (differs from `duration` under `wrong_duration`). */
  outputDuration: number;
  cancels: CancelRecord[];
}

export function taskStatus(task: VideoTask, now: number): TaskStatus {
  if (task.cancelledAtMs !== null) return 'cancelled';
  if (now < task.runAtMs) return 'queued';
  if (now < task.doneAtMs) return 'running';
  return task.fault === 'task_failed' ? 'failed' : 'succeeded';
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
  return rw >= rh
    ? { width: even((short * rw) / rh), height: short }
    : { width: short, height: even((short * rh) / rw) };
}

/** Messages of Ark's error code page for the codes a failed task may carry; others get a generic one. */
const FAILURE_MESSAGES: Record<string, string> = {
  InternalServiceError: 'The service encountered an unexpected internal error. Please retry later.',
  InputTextSensitiveContentDetected: 'The request failed because the input text may contain sensitive information.',
  InputImageSensitiveContentDetected: 'The request failed because the input image may contain sensitive information.',
  InputVideoSensitiveContentDetected: 'The request failed because the input video may contain sensitive information.',
  InputAudioSensitiveContentDetected: 'The request failed because the input audio may contain sensitive information.',
  OutputVideoSensitiveContentDetected: 'The request failed because the output video may contain sensitive information.',
  OutputAudioSensitiveContentDetected: 'The request failed because the output audio may contain sensitive information.',
  InvalidParameter: 'One or more parameters specified in the request are not valid.',
  QuotaExceeded: 'The request has exceeded the quota.',
};

/** The `error` of a failed task: `{code, message}` as Ark reports it. */
export function taskError(code: string | null): { code: string; message: string } {
  const c = code ?? 'InternalServiceError';
  const family = c.includes('.') ? c.slice(0, c.indexOf('.')) : c;
  return {
    code: c,
    message: FAILURE_MESSAGES[c] ?? FAILURE_MESSAGES[family] ?? `The video generation task failed (${c}).`,
  };
}

export function taskJson(task: VideoTask, now: number, origin: string): Record<string, unknown> {
  const status = taskStatus(task, now);
  const out: Record<string, unknown> = {
    id: task.id,
    model: task.model,
    status,
    error: status === 'failed' ? taskError(task.failCode) : null,
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
    const content: Record<string, string> = { video_url: `${origin}/__sim/files/${task.id}.mp4` };
    if (task.returnLastFrame) content.last_frame_url = `${origin}/__sim/files/${task.id}.png`;
    out.content = content;
    out.usage = { completion_tokens: tokens, total_tokens: tokens };
  }
  return out;
}

/** The simulator's own view of a task for `GET /__sim/video-tasks`: timing, fault, output and every DELETE. */
export function taskView(task: VideoTask, now: number): Record<string, unknown> {
  const iso = (ms: number | null): string | null =>
    ms === null || !Number.isFinite(ms) ? null : new Date(ms).toISOString();
  const { width, height } = videoFrameSize(task.ratio);
  return {
    id: task.id,
    channel: task.channel,
    model: task.model,
    tier: task.tier,
    status: taskStatus(task, now),
    deleted: task.deletedAtMs !== null,
    fault: task.fault,
    fail_code: task.fault === 'task_failed' ? taskError(task.failCode).code : null,
    created_at: iso(task.createdAtMs),
    running_at: iso(task.runAtMs),
    done_at: iso(task.doneAtMs),
    cancelled_at: iso(task.cancelledAtMs),
    deleted_at: iso(task.deletedAtMs),
    cancel_requests: task.cancels.map((c) => ({ at: iso(c.atMs), status: c.status, result: c.result })),
    prompt: task.prompt,
    duration: task.duration,
    ratio: task.ratio,
    resolution: task.resolution,
    return_last_frame: task.returnLastFrame,
    callback_url: task.callbackUrl,
    output: { duration_s: task.outputDuration, width, height, mp4: task.fault !== 'bad_output' },
  };
}

export interface ChannelTaskStats {
  created: number;
  cancelled: number;
  cancel_refused: number;
  deleted: number;
}

export class VideoTasks {
  private readonly tasks = new Map<string, VideoTask>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly counts = new Map<string, ChannelTaskStats>();

  constructor(private readonly maxTasks = 20_000) {}

  add(task: VideoTask, origin: string): void {
    this.tasks.set(task.id, task);
    this.count(task.channel).created += 1;
    // Oldest first by insertion; a long benchmark keeps the most recent tasks pollable.
    while (this.tasks.size > this.maxTasks) {
      const oldest = this.tasks.keys().next();
      if (oldest.done) break;
      this.tasks.delete(oldest.value);
    }
    if (task.callbackUrl) this.scheduleCallbacks(task, origin);
  }

  /** A task as the Ark API sees it: on its own channel and not deleted. */
  get(channel: string, id: string): VideoTask | undefined {
    const task = this.tasks.get(id);
    return task && task.channel === channel && task.deletedAtMs === null ? task : undefined;
  }

  /** The channel's tasks as the Ark API lists them, newest first. */
  list(channel: string): VideoTask[] {
    return [...this.tasks.values()].filter((t) => t.channel === channel && t.deletedAtMs === null).reverse();
  }

  /** Any known task, deleted ones included (for the control API). */
  inspect(id: string): VideoTask | undefined {
    return this.tasks.get(id);
  }

  /** Every known task, deleted ones included, newest first (for the control API). */
  all(channel?: string): VideoTask[] {
    return [...this.tasks.values()].filter((t) => !channel || t.channel === channel).reverse();
  }

  /** Records a DELETE and applies its result to the task. */
  recordCancel(task: VideoTask, record: CancelRecord): void {
    task.cancels.push(record);
    const c = this.count(task.channel);
    if (record.result === 'cancelled') {
      task.cancelledAtMs = record.atMs;
      c.cancelled += 1;
    } else if (record.result === 'deleted') {
      task.deletedAtMs = record.atMs;
      c.deleted += 1;
    } else {
      c.cancel_refused += 1;
    }
  }

  /** Counters per channel since start or the last reset (they survive the task bound). */
  stats(): Record<string, ChannelTaskStats> {
    return Object.fromEntries([...this.counts].map(([k, v]) => [k, { ...v }]));
  }

  private count(channel: string): ChannelTaskStats {
    let c = this.counts.get(channel);
    if (!c) {
      c = { created: 0, cancelled: 0, cancel_refused: 0, deleted: 0 };
      this.counts.set(channel, c);
    }
    return c;
  }

  /**
   * The bytes behind a task's `video_url` (`.mp4`) or `last_frame_url` (`.png`), once the task
   * has succeeded. A deleted task's files stay reachable, as signed object-store links do.
   */
  file(id: string, ext: 'mp4' | 'png', now: number): Buffer | undefined {
    const task = this.tasks.get(id);
    if (!task || taskStatus(task, now) !== 'succeeded') return undefined;
    if (ext === 'png') return task.returnLastFrame ? lastFramePng(task.ratio) : undefined;
    return task.fault === 'bad_output' ? BAD_VIDEO_BYTES : videoFile(task.ratio, task.outputDuration);
  }

  clear(): void {
    this.tasks.clear();
    this.counts.clear();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private scheduleCallbacks(task: VideoTask, origin: string): void {
    const url = task.callbackUrl;
    if (!url) return;
    const notify = async (at: number): Promise<void> => {
      if (!this.tasks.has(task.id) || task.cancelledAtMs !== null || task.deletedAtMs !== null) return;
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
      const timer = setTimeout(
        () => {
          this.timers.delete(timer);
          fn();
        },
        Math.max(0, ms - Date.now()),
      );
      timer.unref();
      this.timers.add(timer);
    };
    let running: Promise<void> = Promise.resolve();
    if (task.runAtMs < task.doneAtMs) later(task.runAtMs, () => void (running = notify(task.runAtMs)));
    // A task that never finishes has no final notification (and an infinite timer would fire at once).
    if (Number.isFinite(task.doneAtMs)) later(task.doneAtMs, () => void running.then(() => notify(task.doneAtMs)));
  }
}
