import type { VideoTaskRequest } from '@/server/upstreams/providers/types';
import { UpstreamError } from '@/server/upstreams/types';
import { KLING_DURATIONS, KLING_MODES, KLING_RATIOS } from '@/contracts/video-offers/kling';

/**
 * Kling's task creation requests ("Kling AI API — Video Generation": text to video, image to video). A
 * request without images goes to `text2video`; one image (the first frame) or two (first and last frame,
 * the second as `image_tail`) to `image2video`. Studio's resolution picks Kling's `mode` (std: 720p, pro:
 * 1080p); durations are `"5"` or `"10"`, as strings; ratios are those of text to video (image to video
 * takes the image's own). What Kling cannot take is refused here, before any call, as `unsupported`, so
 * routing moves to another channel of the tier.
 */

export const VIDEOS_PATH = '/v1/videos';
export const ENDPOINTS = ['text2video', 'image2video'] as const;
export type KlingEndpoint = (typeof ENDPOINTS)[number];

export interface KlingSubmission {
  endpoint: KlingEndpoint;
  body: {
    model_name: string;
    prompt?: string;
    mode: 'std' | 'pro';
    duration: '5' | '10';
    aspect_ratio?: string;
    image?: string;
    image_tail?: string;
  };
}

const unsupported = (message: string, code: string) => new UpstreamError('unsupported', message, { code });

/** The submission of one video task; throws `unsupported` for what Kling does not offer. */
export function klingSubmissionOf(model: string, req: VideoTaskRequest): KlingSubmission {
  const images = req.images ?? [];
  if (images.length > 2) throw unsupported('Kling takes a first frame and a last frame, not references', 'images');
  if ((req.videos ?? []).length > 0) throw unsupported('Kling video generation takes no reference video', 'videos');
  if ((req.audios ?? []).length > 0) throw unsupported('Kling video generation takes no reference audio', 'audios');
  if (req.generateAudio) throw unsupported('this Kling protocol makes no soundtrack', 'generate_audio');
  const duration = KLING_DURATIONS.find((d) => d === req.duration);
  if (!duration) throw unsupported(`Kling makes videos of 5 or 10 seconds, not ${req.duration}`, 'duration');
  const resolution = (req.resolution ?? '720p').toLowerCase();
  const mode = Object.hasOwn(KLING_MODES, resolution) ? KLING_MODES[resolution] : undefined;
  if (!mode) throw unsupported(`Kling makes 720p (std) or 1080p (pro), not ${req.resolution}`, 'resolution');
  const common = { model_name: model, mode, duration: String(duration) as '5' | '10' };
  if (images.length === 0) {
    const ratio = req.ratio ?? '16:9';
    if (!(KLING_RATIOS as readonly string[]).includes(ratio))
      throw unsupported(`Kling text to video makes ${KLING_RATIOS.join(', ')}, not ${ratio}`, 'aspect_ratio');
    return { endpoint: 'text2video', body: { ...common, prompt: req.prompt, aspect_ratio: ratio } };
  }
  const [image, tail] = images as [string, string | undefined];
  // Kling's models take a last frame in pro mode only (the reference's capability map).
  if (tail && mode !== 'pro') throw unsupported('Kling takes a last frame at 1080p (pro mode) only', 'image_tail');
  return {
    endpoint: 'image2video',
    body: {
      ...common,
      image,
      ...(tail ? { image_tail: tail } : {}),
      ...(req.prompt ? { prompt: req.prompt } : {}),
    },
  };
}

/**
 * Studio's handle of a Kling task: its endpoint and id (`image2video/<task_id>`), since a task is read
 * back under the endpoint that created it.
 */
export function taskHandle(endpoint: KlingEndpoint, taskId: string): string {
  return `${endpoint}/${taskId}`;
}

export function parseHandle(handle: string): { endpoint: KlingEndpoint; taskId: string } {
  const at = handle.indexOf('/');
  const endpoint = handle.slice(0, at) as KlingEndpoint;
  const taskId = handle.slice(at + 1);
  if (at < 0 || !ENDPOINTS.includes(endpoint) || !taskId || taskId.includes('/'))
    throw new UpstreamError('bad_request', `not a Kling task handle: ${handle}`);
  return { endpoint, taskId };
}
