import type { ErrorClass, Target } from '@/server/upstreams/types';
import { UpstreamError } from '@/server/upstreams/types';
import type {
  VideoProvider,
  VideoTaskRequest,
  VideoTaskState,
  VideoTaskStatus,
} from '@/server/upstreams/providers/types';
import { classOfCode, readJson, upstreamFetch } from '@/server/upstreams/providers/http';

interface ArkTask {
  id?: string;
  status?: string;
  content?: { video_url?: string; last_frame_url?: string } | null;
  error?: { code?: string; message?: string } | null;
  created_at?: number;
  updated_at?: number;
  duration?: number;
}

const TASKS = '/api/v3/contents/generations/tasks';
const STATUSES: ReadonlySet<string> = new Set(['queued', 'running', 'succeeded', 'failed', 'cancelled', 'expired']);

function imageRole(index: number, count: number): string {
  if (count === 1) return 'first_frame';
  if (count === 2) return index === 0 ? 'first_frame' : 'last_frame';
  return 'reference_image';
}

/**
 * The body of a task creation. Duration, ratio and resolution travel as top-level fields, which Ark
 * validates strictly ("--duration 5" flags in the prompt are its weakly checked legacy form, which it
 * may silently ignore); see tests/fixtures/ark/create-task.schema.json.
 */
export function videoTaskBody(model: string, req: VideoTaskRequest): Record<string, unknown> {
  const images = req.images ?? [];
  const content: Record<string, unknown>[] = [
    { type: 'text', text: req.prompt },
    ...images.map((url, i) => ({ type: 'image_url', image_url: { url }, role: imageRole(i, images.length) })),
    ...(req.videos ?? []).map((url) => ({ type: 'video_url', video_url: { url }, role: 'reference_video' })),
    ...(req.audios ?? []).map((url) => ({ type: 'audio_url', audio_url: { url }, role: 'reference_audio' })),
  ];
  const body: Record<string, unknown> = { model, content, duration: req.duration };
  if (req.ratio) body.ratio = req.ratio;
  if (req.resolution) body.resolution = req.resolution;
  if (req.generateAudio !== undefined) body.generate_audio = req.generateAudio;
  if (req.returnLastFrame) body.return_last_frame = true;
  return body;
}

export async function createVideoTask(target: Target, req: VideoTaskRequest, signal: AbortSignal): Promise<string> {
  const res = await upstreamFetch(
    target,
    TASKS,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(videoTaskBody(target.model, req)),
    },
    signal,
  );
  const json = await readJson<ArkTask>(res, signal);
  if (!json.id) throw new UpstreamError('bad_output', 'the upstream created no task id');
  return json.id;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export async function getVideoTask(target: Target, id: string, signal: AbortSignal): Promise<VideoTaskState> {
  const res = await upstreamFetch(target, `${TASKS}/${encodeURIComponent(id)}`, { method: 'GET' }, signal);
  const json = await readJson<ArkTask>(res, signal);
  if (!json.status || !STATUSES.has(json.status))
    throw new UpstreamError('bad_output', 'the upstream task has an unknown status');
  return {
    id,
    status: json.status as VideoTaskStatus,
    videoUrl: json.content?.video_url ?? null,
    lastFrameUrl: json.content?.last_frame_url ?? null,
    error: json.error ? { code: json.error.code ?? 'unknown', message: json.error.message ?? '' } : null,
    createdAt: num(json.created_at),
    updatedAt: num(json.updated_at),
    duration: num(json.duration),
  };
}

/** Asks the provider to cancel; Ark cancels only a queued task and answers 4xx otherwise (thrown as an UpstreamError). */
export async function cancelVideoTask(target: Target, id: string, signal: AbortSignal): Promise<void> {
  await upstreamFetch(target, `${TASKS}/${encodeURIComponent(id)}`, { method: 'DELETE' }, signal);
}

/**
 * The error class of a failed task's code. Ark appends a detail to some codes
 * (`OutputVideoSensitiveContentDetected.PolicyViolation`): an unlisted detail falls back to its family.
 */
export function taskFailureClass(code: string): ErrorClass | undefined {
  return classOfCode(code) ?? (code.includes('.') ? classOfCode(code.slice(0, code.indexOf('.'))) : undefined);
}

export async function probeArk(target: Target, signal: AbortSignal): Promise<void> {
  await upstreamFetch(target, `${TASKS}?page_num=1&page_size=1`, { method: 'GET' }, signal);
}

/** Volcengine Ark's content-generation task API (`/api/v3/contents/generations/tasks`). */
export const arkVideo: VideoProvider = {
  media: 'video',
  cancellable: true,
  probeCall: `GET ${TASKS}, page_size 1`,
  create: createVideoTask,
  get: getVideoTask,
  cancel: cancelVideoTask,
  failureClass: taskFailureClass,
  probe: probeArk,
};
