import type { VideoTaskRequest } from '@/server/upstreams/providers/types';
import { UpstreamError } from '@/server/upstreams/types';
import { creationOf, parseModelId } from './replicate-input';
import { REPLICATE_VIDEO_MODELS, type ReplicateVideoModel } from './replicate-video-models';

/**
 * A video prediction's `input` for one task, per model (replicate-video-models.ts). Frames travel as the
 * URLs Studio was given, which any file input of Replicate takes. What the model cannot make is refused
 * here, before any call, as `unsupported` with the field as code, so routing moves to another channel.
 */

const unsupported = (message: string, code: string) => new UpstreamError('unsupported', message, { code });

export function videoModelOf(model: string): ReplicateVideoModel {
  const ref = parseModelId(model).ref;
  const m = Object.hasOwn(REPLICATE_VIDEO_MODELS, ref) ? REPLICATE_VIDEO_MODELS[ref] : undefined;
  if (!m)
    throw unsupported(
      `${ref} is not a Replicate video model Studio maps (${Object.keys(REPLICATE_VIDEO_MODELS).join(', ')})`,
      'model',
    );
  return m;
}

/** The resolution field's value, or nothing for a model without one (which must make what was asked). */
function resolutionOf(model: string, m: ReplicateVideoModel, asked: string | undefined): string | null {
  const want = asked?.toLowerCase();
  if (!m.resolutions) {
    if (want && want !== m.fixedResolution)
      throw unsupported(`${model} makes ${m.fixedResolution}, not ${asked}`, 'resolution');
    return null;
  }
  const found = want ? m.resolutions.find((r) => r === want) : m.resolutions[m.resolutions.length - 1];
  if (!found) throw unsupported(`${model} makes ${m.resolutions.join(', ')}, not ${asked}`, 'resolution');
  return found;
}

export function videoPredictionInput(model: string, req: VideoTaskRequest): Record<string, unknown> {
  const m = videoModelOf(model);
  const images = req.images ?? [];
  if (images.length > 2) throw unsupported(`${model} takes a first and a last frame, not references`, 'images');
  if ((req.videos ?? []).length > 0) throw unsupported(`${model} takes no reference video`, 'videos');
  if ((req.audios ?? []).length > 0) throw unsupported(`${model} takes no reference audio`, 'audios');
  if (req.generateAudio && !m.audio) throw unsupported(`${model} makes no soundtrack`, 'generate_audio');
  if (images.length === 2 && !m.lastFrame) throw unsupported(`${model} takes no last frame`, 'last_frame');
  const resolution = resolutionOf(model, m, req.resolution);
  const durations = (resolution && m.durationsAt?.[resolution]) || m.durations;
  if (!durations.includes(req.duration))
    throw unsupported(
      `${model}${resolution ? ` at ${resolution}` : ''} makes ${durations.join(', ')} seconds, not ${req.duration}`,
      'duration',
    );
  const input: Record<string, unknown> = { prompt: req.prompt };
  if (m.framesAt) Object.assign(input, { num_frames: m.framesAt * req.duration + 1, frames_per_second: m.framesAt });
  else input.duration = req.duration;
  if (resolution) input.resolution = resolution;
  const [first, last] = images;
  if (first) input[m.firstFrame] = first;
  if (last && m.lastFrame) input[m.lastFrame] = last;
  // A model with an aspect ratio ignores it beside a first frame (the frame's shape wins): sent for text to video only.
  if (!first) {
    const ratio = req.ratio ?? '16:9';
    if (m.ratios ? !m.ratios.includes(ratio) : ratio !== '16:9')
      throw unsupported(`${model} makes ${(m.ratios ?? ['16:9']).join(', ')} videos, not ${ratio}`, 'aspect_ratio');
    if (m.ratios) input.aspect_ratio = ratio;
  }
  // Veo makes a soundtrack unless told not to: only when the caller asked for one.
  if (m.audio) input.generate_audio = !!req.generateAudio;
  Object.assign(input, m.fixed);
  return input;
}

/**
 * Path and body of a video creation: the image side's, with the video input. A model that makes text to
 * video only (Wan) sends a task with a first frame to its image-to-video sibling, by `owner/name` (its latest version).
 */
export function videoPredictionRequest(
  model: string,
  req: VideoTaskRequest,
): { path: string; body: Record<string, unknown> } {
  const input = videoPredictionInput(model, req);
  const framed = (req.images ?? []).length > 0;
  const { imageModel } = videoModelOf(model);
  return creationOf(framed && imageModel ? imageModel : model, input);
}
