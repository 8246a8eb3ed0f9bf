import type { VideoTaskRequest } from '@/server/upstreams/providers/types';
import { UpstreamError } from '@/server/upstreams/types';
import { falVideoModel } from './fal-video-models';

/**
 * A video task as a fal model's input (fal-video-models.ts). A request without images goes to the model's
 * text-to-video endpoint; one image (the first frame, `image_url`) or two (first and last frame) to its
 * image-to-video endpoint. Frames go as Studio's file URLs, which fal fetches. What the model cannot make is
 * refused here, before any call, as `unsupported`, so routing moves to another channel of the tier.
 */

export interface FalVideoInput {
  endpoint: string;
  input: Record<string, unknown>;
}

const unsupported = (message: string, code: string) => new UpstreamError('unsupported', message, { code });

export function falVideoRequest(model: string, req: VideoTaskRequest): FalVideoInput {
  const m = falVideoModel(model);
  if (!m) throw unsupported(`${model} is not a fal video model Studio knows`, 'model');
  const images = req.images ?? [];
  if (images.length > 2) throw unsupported(`${model} takes a first frame and a last frame, not references`, 'images');
  if ((req.videos ?? []).length > 0) throw unsupported(`${model} takes no reference video`, 'videos');
  if ((req.audios ?? []).length > 0) throw unsupported(`${model} takes no reference audio`, 'audios');
  if (req.generateAudio && !m.audio) throw unsupported(`${model} makes no soundtrack`, 'generate_audio');
  const duration = Object.hasOwn(m.durations, req.duration) ? m.durations[req.duration] : undefined;
  if (!duration)
    throw unsupported(`${model} makes ${Object.keys(m.durations).join(', ')} seconds, not ${req.duration}`, 'duration');
  const asked = req.resolution ?? Object.keys(m.resolutions)[0] ?? '';
  const key = Object.keys(m.resolutions).find((r) => r.toLowerCase() === asked.toLowerCase());
  const resolution = key === undefined ? undefined : m.resolutions[key];
  if (!resolution)
    throw unsupported(`${model} makes ${Object.keys(m.resolutions).join(', ')}, not ${asked}`, 'resolution');
  const audio = m.audio ? { generate_audio: Boolean(req.generateAudio) } : {};
  if (images.length === 0) {
    const ratio = req.ratio ?? m.ratios[0];
    if (m.ratios.length > 0 && (!ratio || !m.ratios.includes(ratio)))
      throw unsupported(`${model} makes ${m.ratios.join(', ')}, not ${ratio}`, 'aspect_ratio');
    return {
      endpoint: m.text,
      input: {
        prompt: req.prompt,
        ...duration,
        ...(m.ratios.length > 0 ? { aspect_ratio: ratio } : {}),
        ...(resolution.text ? { resolution: resolution.text } : {}),
        ...audio,
        ...m.fixed,
      },
    };
  }
  if (!m.image) throw unsupported(`${model} has no image-to-video endpoint`, 'image_url');
  const [first, last] = images as [string, string | undefined];
  if (last && !m.lastFrame) throw unsupported(`${m.image} takes no last frame`, 'last_frame');
  return {
    endpoint: m.image,
    input: {
      prompt: req.prompt,
      image_url: first,
      ...(last && m.lastFrame ? { [m.lastFrame]: last } : {}),
      ...duration,
      ...(resolution.image ? { resolution: resolution.image } : {}),
      ...audio,
      ...m.fixed,
    },
  };
}
