import { z } from 'zod';
import type { Needs } from '@/server/upstreams/select';

/** A video job's stored input: the validated request with the prompt resolved and every default filled. */
export const videoJobInputSchema = z.object({
  prompt: z.string(),
  /** What the caller's lists show: the prompt, or for a template the caller's own input. */
  display_prompt: z.string().optional(),
  tier: z.string(),
  ratio: z.string(),
  duration: z.number().int(),
  resolution: z.string(),
  images: z.array(z.string()),
  videos: z.array(z.string()),
  audios: z.array(z.string()),
  generate_audio: z.boolean(),
  source: z.object({ kind: z.enum(['prompt', 'template']), id: z.string().optional(), slug: z.string().optional() }),
  /** The request as the caller sent it; absent on jobs submitted before it was kept. */
  request: z.record(z.string(), z.unknown()).optional(),
});
export type VideoJobInput = z.infer<typeof videoJobInputSchema>;

/** Ratios the video upstreams accept. */
export const VIDEO_RATIOS = ['16:9', '4:3', '1:1', '3:4', '9:16', '21:9', 'adaptive'] as const;

/** What a video request needs of an upstream: the tier's duration and resolution, the frames and references it sends. */
export function videoNeeds(
  input: Pick<VideoJobInput, 'duration' | 'resolution' | 'images' | 'videos' | 'audios' | 'generate_audio'>,
): Needs {
  const n = input.images.length;
  return {
    duration: input.duration,
    resolution: input.resolution,
    ...(n >= 1 && n <= 2 ? { firstFrame: true } : {}),
    ...(n === 2 ? { lastFrame: true } : {}),
    ...(n >= 3 ? { referenceImages: n } : {}),
    ...(input.videos.length > 0 ? { referenceVideo: true } : {}),
    ...(input.audios.length > 0 ? { referenceAudio: true } : {}),
    ...(input.generate_audio ? { generateAudio: true } : {}),
  };
}

/** Credits of a video: the tier's price per second (or the `default` price) times its duration. */
export function videoPrice(prices: Record<string, number>, tier: string, duration: number): number {
  return (prices[tier] ?? prices.default ?? 0) * duration;
}
