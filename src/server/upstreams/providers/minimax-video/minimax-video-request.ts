import type { VideoTaskRequest } from '@/server/upstreams/providers/types';
import { UpstreamError } from '@/server/upstreams/types';
import { MINIMAX_MODEL_RULES, type MiniMaxMode } from '@/contracts/video-offers/minimax-video';

/**
 * MiniMax's task creation request (MiniMax API reference, "Video Generation": text to video, image to
 * video, first-and-last-frame to video; all `POST /v1/video_generation`). No image is text to video, one
 * is `first_frame_image`, two add `last_frame_image`. Resolutions are MiniMax's own words (`768P`,
 * `1080P`); durations are 6 or 10 seconds, and 1080P is 6 seconds only. Text to video makes 16:9; image
 * to video follows its image. What a known model cannot take is refused here, before any call, as
 * `unsupported`, so routing moves to another channel of the tier.
 */

export const CREATE_PATH = '/v1/video_generation';
export const QUERY_PATH = '/v1/query/video_generation';
export const RETRIEVE_PATH = '/v1/files/retrieve';
export const LIST_PATH = '/v1/files/list';

export const MINIMAX_DURATIONS = [6, 10] as const;

type Mode = MiniMaxMode;

const MODE_WORDS: Record<Mode, string> = {
  t2v: 'text to video',
  i2v: 'image to video',
  fl2v: 'a first and last frame',
};

export interface MiniMaxVideoBody {
  model: string;
  prompt?: string;
  first_frame_image?: string;
  last_frame_image?: string;
  duration: number;
  resolution?: string;
}

const unsupported = (message: string, code: string) => new UpstreamError('unsupported', message, { code });

/** Studio's resolution in MiniMax's words: `768p` → `768P`. */
export const minimaxResolution = (resolution: string): string => resolution.toUpperCase();

/** The body of one task; throws `unsupported` for what MiniMax (or the known model) does not offer. */
export function minimaxBodyOf(model: string, req: VideoTaskRequest): MiniMaxVideoBody {
  const images = req.images ?? [];
  if (images.length > 2) throw unsupported('MiniMax takes a first frame and a last frame, not references', 'images');
  if ((req.videos ?? []).length > 0) throw unsupported('MiniMax video generation takes no reference video', 'videos');
  if ((req.audios ?? []).length > 0) throw unsupported('MiniMax video generation takes no reference audio', 'audios');
  if (req.generateAudio) throw unsupported('MiniMax video generation makes no soundtrack', 'generate_audio');
  const mode: Mode = images.length === 0 ? 't2v' : images.length === 1 ? 'i2v' : 'fl2v';
  // Text to video makes 16:9 only; with a frame the video takes the image's shape.
  if (mode === 't2v' && req.ratio !== undefined && req.ratio !== '16:9' && req.ratio !== 'adaptive')
    throw unsupported(`MiniMax text to video makes 16:9, not ${req.ratio}`, 'aspect_ratio');
  const resolution = req.resolution ? minimaxResolution(req.resolution) : undefined;
  const rule = Object.hasOwn(MINIMAX_MODEL_RULES, model) ? MINIMAX_MODEL_RULES[model] : undefined;
  const durations: readonly number[] = rule?.durations ?? MINIMAX_DURATIONS;
  if (!durations.includes(req.duration))
    throw unsupported(
      `MiniMax ${model} makes videos of ${durations.join(' or ')} seconds, not ${req.duration}`,
      'duration',
    );
  if (rule) {
    const resolutions = rule.modes[mode];
    if (!resolutions) throw unsupported(`MiniMax ${model} does not take ${MODE_WORDS[mode]}`, mode);
    if (resolution && !resolutions.includes(resolution))
      throw unsupported(`MiniMax ${model} makes ${resolutions.join(', ')} here, not ${resolution}`, 'resolution');
    if (resolution && rule.sixOnly.includes(resolution) && req.duration !== 6)
      throw unsupported(`MiniMax ${model} makes ${resolution} at 6 seconds only`, 'duration');
  }
  const [first, last] = images as [string | undefined, string | undefined];
  return {
    model,
    ...(req.prompt ? { prompt: req.prompt } : {}),
    ...(first ? { first_frame_image: first } : {}),
    ...(last ? { last_frame_image: last } : {}),
    duration: req.duration,
    ...(resolution ? { resolution } : {}),
  };
}
