import type { VideoTaskRequest } from '@/server/upstreams/providers/types';
import { UpstreamError } from '@/server/upstreams/types';
import { WAN_LINES, WAN_SIZES, type WanModel, type WanResolution } from './wan-video-models';

/**
 * DashScope's Wan video task requests. Text to video and first-frame image to video share
 * `video-generation/video-synthesis` (`size` `W*H` for the first, `resolution` `720P` for the second, as
 * the references type them); first and last frame is `image2video/video-synthesis`. The caller's prompt
 * goes as written (`prompt_extend: false`: DashScope would rewrite it with a language model), without
 * watermark. What the line cannot make is refused here, before any call, as `unsupported`, so routing
 * moves to another channel of the tier.
 */

export const T2V_PATH = '/api/v1/services/aigc/video-generation/video-synthesis';
export const KF2V_PATH = '/api/v1/services/aigc/image2video/video-synthesis';

export interface WanVideoRequest {
  path: string;
  body: {
    model: string;
    input: { prompt?: string; img_url?: string; first_frame_url?: string; last_frame_url?: string; audio_url?: string };
    parameters: {
      size?: string;
      resolution?: WanResolution;
      duration: number;
      prompt_extend: false;
      watermark: false;
      audio?: boolean;
    };
  };
}

const unsupported = (message: string, code: string) => new UpstreamError('unsupported', message, { code });

/** The resolution and duration a model makes, or `unsupported`. */
function checked(m: WanModel, req: VideoTaskRequest): { resolution: WanResolution; duration: number } {
  const asked = req.resolution?.toUpperCase();
  const resolution = asked ? m.resolutions.find((r) => r === asked) : m.resolutions[0];
  if (!resolution)
    throw unsupported(`${m.model} makes ${m.resolutions.join(', ')}, not ${req.resolution}`, 'resolution');
  if (!m.durations.includes(req.duration))
    throw unsupported(`${m.model} makes ${m.durations.join(' or ')} seconds, not ${req.duration}`, 'duration');
  return { resolution, duration: req.duration };
}

/** The submission of one video task for a channel model (a line's text-to-video id); throws `unsupported`. */
export function wanVideoSubmissionOf(lineModel: string, req: VideoTaskRequest): WanVideoRequest {
  const line = Object.hasOwn(WAN_LINES, lineModel) ? WAN_LINES[lineModel] : undefined;
  if (!line)
    throw unsupported(`${lineModel} is not a Wan text-to-video model (${Object.keys(WAN_LINES).join(', ')})`, 'model');
  const images = req.images ?? [];
  const audios = req.audios ?? [];
  if (images.length > 2) throw unsupported('Wan takes a first frame and a last frame, not references', 'images');
  if ((req.videos ?? []).length > 0) throw unsupported('Wan video synthesis takes no reference video', 'videos');
  if (audios.length > (line.audio ? 1 : 0)) throw unsupported(`${lineModel} takes no reference audio`, 'audio_url');
  if (req.generateAudio && !line.audio) throw unsupported(`${lineModel} makes no soundtrack`, 'audio');
  const flags = { prompt_extend: false as const, watermark: false as const };
  // Wan 2.5 adds a soundtrack unless told not to: only when the caller asked for one (or gave the audio).
  const audio = line.audio ? { audio: !!req.generateAudio || audios.length > 0 } : {};
  const audioUrl = audios[0] ? { audio_url: audios[0] } : {};
  const prompt = req.prompt ? { prompt: req.prompt } : {};
  if (images.length === 2) {
    const m = line.kf2v;
    if (!m) throw unsupported(`${lineModel} has no first-and-last-frame model`, 'last_frame_url');
    const [first, last] = images as [string, string];
    return {
      path: KF2V_PATH,
      body: {
        model: m.model,
        input: { first_frame_url: first, last_frame_url: last, ...prompt },
        parameters: { ...checked(m, req), ...flags },
      },
    };
  }
  if (images.length === 1) {
    return {
      path: T2V_PATH,
      body: {
        model: line.i2v.model,
        input: { ...prompt, img_url: images[0], ...audioUrl },
        parameters: { ...checked(line.i2v, req), ...flags, ...audio },
      },
    };
  }
  const { resolution, duration } = checked(line.t2v, req);
  const ratio = req.ratio ?? '16:9';
  const size = WAN_SIZES[resolution][ratio];
  if (!size) throw unsupported(`${lineModel} at ${resolution} makes no ${ratio} video`, 'size');
  return {
    path: T2V_PATH,
    body: {
      model: line.t2v.model,
      input: { prompt: req.prompt, ...audioUrl },
      parameters: { size, duration, ...flags, ...audio },
    },
  };
}
