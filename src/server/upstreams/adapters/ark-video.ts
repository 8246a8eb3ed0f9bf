import type { Target } from '../types';
import { UpstreamError } from '../types';
import { readJson, upstreamFetch } from './http';

/** An asynchronous video task in the shape of the content-generation task APIs. */
export interface VideoTaskRequest {
  prompt: string;
  ratio?: string | undefined;
  duration: number;
  resolution?: string | undefined;
  /** One: first frame; two: first and last frame; more: appearance references. */
  images?: string[];
  videos?: string[];
  audios?: string[];
  generateAudio?: boolean | undefined;
  /** Ask for the video's last frame as an image (used as the cover). */
  returnLastFrame?: boolean | undefined;
}

export type VideoTaskStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

export interface VideoTaskState {
  id: string;
  status: VideoTaskStatus;
  videoUrl: string | null;
  lastFrameUrl: string | null;
  error: { code: string; message: string } | null;
}

interface ArkTask {
  id?: string;
  status?: string;
  content?: { video_url?: string; last_frame_url?: string } | null;
  error?: { code?: string; message?: string } | null;
}

const TASKS = '/api/v3/contents/generations/tasks';
const STATUSES: ReadonlySet<string> = new Set(['queued', 'running', 'succeeded', 'failed', 'cancelled']);

function imageRole(index: number, count: number): string {
  if (count === 1) return 'first_frame';
  if (count === 2) return index === 0 ? 'first_frame' : 'last_frame';
  return 'reference_image';
}

export async function createVideoTask(target: Target, req: VideoTaskRequest, signal: AbortSignal): Promise<string> {
  const flags = [`--duration ${req.duration}`];
  if (req.ratio) flags.push(`--ratio ${req.ratio}`);
  if (req.resolution) flags.push(`--resolution ${req.resolution}`);
  const images = req.images ?? [];
  const content: Record<string, unknown>[] = [
    { type: 'text', text: `${req.prompt} ${flags.join(' ')}` },
    ...images.map((url, i) => ({ type: 'image_url', image_url: { url }, role: imageRole(i, images.length) })),
    ...(req.videos ?? []).map((url) => ({ type: 'video_url', video_url: { url }, role: 'reference_video' })),
    ...(req.audios ?? []).map((url) => ({ type: 'audio_url', audio_url: { url }, role: 'reference_audio' })),
  ];
  const body: Record<string, unknown> = { model: target.model, content };
  if (req.generateAudio !== undefined) body.generate_audio = req.generateAudio;
  if (req.returnLastFrame) body.return_last_frame = true;
  const res = await upstreamFetch(
    target,
    TASKS,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    signal,
  );
  const json = await readJson<ArkTask>(res, signal);
  if (!json.id) throw new UpstreamError('bad_output', 'the upstream created no task id');
  return json.id;
}

export async function getVideoTask(target: Target, id: string, signal: AbortSignal): Promise<VideoTaskState> {
  const res = await upstreamFetch(target, `${TASKS}/${encodeURIComponent(id)}`, { method: 'GET' }, signal);
  const json = await readJson<ArkTask>(res, signal);
  if (!json.status || !STATUSES.has(json.status)) throw new UpstreamError('bad_output', 'the upstream task has an unknown status');
  return {
    id,
    status: json.status as VideoTaskStatus,
    videoUrl: json.content?.video_url ?? null,
    lastFrameUrl: json.content?.last_frame_url ?? null,
    error: json.error ? { code: json.error.code ?? 'unknown', message: json.error.message ?? '' } : null,
  };
}

export async function cancelVideoTask(target: Target, id: string, signal: AbortSignal): Promise<void> {
  await upstreamFetch(target, `${TASKS}/${encodeURIComponent(id)}`, { method: 'DELETE' }, signal);
}

export async function probeArk(target: Target, signal: AbortSignal): Promise<void> {
  await upstreamFetch(target, `${TASKS}?page_num=1&page_size=1`, { method: 'GET' }, signal);
}
