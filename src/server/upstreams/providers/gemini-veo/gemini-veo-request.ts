import { veoModel } from '@/contracts/presets/gemini-veo';
import type { VideoTaskRequest } from '@/server/upstreams/providers/types';
import { UpstreamError } from '@/server/upstreams/types';
import { GEMINI_API_VERSION } from '@/server/upstreams/providers/gemini/gemini-http';

/**
 * Veo's `predictLongRunning` request on the Gemini API, as @google/genai 2.32.0's `generateVideos`
 * writes it for the Gemini Developer API (`generateVideosParametersToMldev`): one instance with the
 * prompt, the first frame as `image` and the last as `lastFrame` (`{bytesBase64Encoded, mimeType}`), and
 * `parameters` with `aspectRatio`, `durationSeconds` (a number) and `resolution`. What the model does not
 * make is refused here as `unsupported`, before any call, so routing moves to another channel of the tier.
 */

export interface VeoImage {
  bytesBase64Encoded: string;
  mimeType: string;
}

export interface VeoRequest {
  instances: [{ prompt: string; image?: VeoImage; lastFrame?: VeoImage }];
  parameters: { aspectRatio: string; durationSeconds: number; resolution?: string };
}

const unsupported = (message: string, code: string) => new UpstreamError('unsupported', message, { code });

/** `/v1beta/models/{model}:predictLongRunning`. */
export const predictPath = (model: string): string =>
  `/${GEMINI_API_VERSION}/models/${encodeURIComponent(model)}:predictLongRunning`;

/** Checks that the model makes what is asked (frames, sound, duration, resolution, ratio). */
export function checkVeoRequest(model: string, req: VideoTaskRequest): void {
  const m = veoModel(model);
  if (!m) throw unsupported(`${model} is not a Veo model this protocol knows`, 'model');
  const images = req.images ?? [];
  if (images.length > 2) throw unsupported('Veo takes a first frame and a last frame, not references', 'images');
  if (images.length === 2 && !m.lastFrame) throw unsupported(`${model} takes no last frame`, 'last_frame');
  if ((req.videos ?? []).length > 0) throw unsupported('Veo takes no reference video here', 'videos');
  if ((req.audios ?? []).length > 0) throw unsupported('Veo takes no reference audio', 'audios');
  if (req.generateAudio && !m.audio) throw unsupported(`${model} makes silent videos`, 'generate_audio');
  if (!m.durations.includes(req.duration))
    throw unsupported(`${model} makes ${m.durations.join(', ')} seconds, not ${req.duration}`, 'duration');
  const resolution = (req.resolution ?? '720p').toLowerCase();
  if (!(m.resolutions as readonly string[]).includes(resolution))
    throw unsupported(`${model} makes ${m.resolutions.join(' or ')}, not ${req.resolution}`, 'resolution');
  if (resolution === '1080p' && m.fullHdDurations.length > 0 && !m.fullHdDurations.includes(req.duration))
    throw unsupported(`${model} makes 1080p at ${m.fullHdDurations.join(', ')} seconds only`, 'resolution');
  const ratio = req.ratio ?? '16:9';
  if (!(m.ratios as readonly string[]).includes(ratio))
    throw unsupported(`${model} makes ${m.ratios.join(' or ')}, not ${ratio}`, 'aspect_ratio');
}

/** The request body, the frames already read as bytes (checkVeoRequest first). */
export function veoRequestOf(model: string, req: VideoTaskRequest, frames: VeoImage[]): VeoRequest {
  const m = veoModel(model);
  const [image, lastFrame] = frames;
  return {
    instances: [{ prompt: req.prompt, ...(image ? { image } : {}), ...(lastFrame ? { lastFrame } : {}) }],
    parameters: {
      aspectRatio: req.ratio ?? '16:9',
      durationSeconds: req.duration,
      // Veo 2 makes 720p only and takes no resolution.
      ...(m && m.resolutions.length > 1 ? { resolution: (req.resolution ?? '720p').toLowerCase() } : {}),
    },
  };
}

/** The image type of a frame from its first bytes (Veo takes PNG, JPEG and WebP). */
export function frameMime(data: Buffer): string | null {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** An operation's name as Studio's handle: `models/{model}/operations/{id}`, read back under `/v1beta/`. */
export function operationPath(name: string): string {
  if (!/^models\/[^/]+\/operations\/[^/]+$/.test(name))
    throw new UpstreamError('bad_request', `not a Veo operation name: ${name}`);
  return `/${GEMINI_API_VERSION}/${name}`;
}
