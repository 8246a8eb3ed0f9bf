import type { UpstreamModel } from '@/contracts/upstreams';

/**
 * The video models Studio drives through fal's queue, each as its fal model pages give it
 * (fal.ai/models/<endpoint id>/api and its llms.txt, read 2026-11-28; the fields and enums agree with
 * @fal-ai/client 1.10.1's `EndpointTypeMap` input types): the text-to-video endpoint a channel
 * names as its model and its image-to-video sibling, how the duration is sent (fal types it as an enum of
 * strings), the resolutions and ratios each endpoint takes, the first and last frame fields, whether it
 * makes a soundtrack on request, and fal's price per second. Seedance and Wan are not here: their pages
 * were not read closely enough to send their fields with confidence. Self-contained, so a catalogue of video
 * offers can take it with one line.
 */

export interface FalVideoModel {
  /** The text-to-video endpoint id (the channel's model). */
  text: string;
  /** The image-to-video endpoint id, which takes the first frame (and the last frame where it has one). */
  image: string | null;
  /** Seconds the model makes, and the value each is sent as. */
  durations: Readonly<Record<number, string>>;
  /**
   * Studio's resolutions the model makes, each with the `resolution` value sent, per endpoint (null: the
   * endpoint makes only that resolution and has no field for it).
   */
  resolutions: Readonly<Record<string, { text: string | null; image: string | null }>>;
  /** Text to video's `aspect_ratio` values (image to video follows its first frame). */
  ratios: readonly string[];
  /** The image endpoint's first-frame and last-frame fields (null: none). */
  lastFrame: 'tail_image_url' | 'end_image_url' | null;
  /** `generate_audio` is sent (the model makes a soundtrack when asked). */
  audio: boolean;
  /** Fields sent as they are, so the caller's prompt goes unchanged (`prompt_optimizer: false`). */
  fixed: Readonly<Record<string, unknown>>;
  /** USD per second of video (fal's pricing on the model page). */
  costUsd: number;
}

export const FAL_VIDEO_MODELS: Readonly<Record<string, FalVideoModel>> = {
  // fal-ai/kling-video/v2.5-turbo/pro/{text,image}-to-video: duration "5" | "10", aspect_ratio 16:9 | 9:16 | 1:1
  // (text), image_url and tail_image_url (image); "$0.35 for 5 s, $0.07 for every additional second". Pro: 1080p.
  'fal-ai/kling-video/v2.5-turbo/pro/text-to-video': {
    text: 'fal-ai/kling-video/v2.5-turbo/pro/text-to-video',
    image: 'fal-ai/kling-video/v2.5-turbo/pro/image-to-video',
    durations: { 5: '5', 10: '10' },
    resolutions: { '1080p': { text: null, image: null } },
    ratios: ['16:9', '9:16', '1:1'],
    lastFrame: 'tail_image_url',
    audio: false,
    fixed: {},
    costUsd: 0.07,
  },
  // fal-ai/minimax/hailuo-02/standard/{text,image}-to-video: duration "6" | "10", prompt_optimizer (default true);
  // the image endpoint takes resolution "512P" | "768P" and end_image_url; the text endpoint makes 768P only.
  // "$0.045/sec at 768P".
  'fal-ai/minimax/hailuo-02/standard/text-to-video': {
    text: 'fal-ai/minimax/hailuo-02/standard/text-to-video',
    image: 'fal-ai/minimax/hailuo-02/standard/image-to-video',
    durations: { 6: '6', 10: '10' },
    resolutions: { '768P': { text: null, image: '768P' } },
    ratios: [],
    lastFrame: 'end_image_url',
    audio: false,
    fixed: { prompt_optimizer: false },
    costUsd: 0.045,
  },
  // fal-ai/veo3/fast: duration "4s" | "6s" | "8s", aspect_ratio 16:9 | 9:16, resolution 720p | 1080p,
  // generate_audio (default true); "$0.10 per second (audio off), $0.15 (audio on)". Text to video only here.
  'fal-ai/veo3/fast': {
    text: 'fal-ai/veo3/fast',
    image: null,
    durations: { 4: '4s', 6: '6s', 8: '8s' },
    resolutions: { '720p': { text: '720p', image: null }, '1080p': { text: '1080p', image: null } },
    ratios: ['16:9', '9:16'],
    lastFrame: null,
    audio: true,
    fixed: {},
    costUsd: 0.1,
  },
};

export function falVideoModel(model: string): FalVideoModel | undefined {
  return Object.hasOwn(FAL_VIDEO_MODELS, model) ? FAL_VIDEO_MODELS[model] : undefined;
}

/** A fal video model's capabilities as a channel lists them (the preset, the simulator's channel), at `resolutions` of its own. */
export function falVideoCapabilities(model: string, resolutions?: readonly string[]): UpstreamModel['capabilities'] {
  const m = falVideoModel(model);
  if (!m) return {};
  const durations = Object.keys(m.durations).map(Number);
  return {
    duration: { min: Math.min(...durations), max: Math.max(...durations) },
    durations,
    resolutions: [...(resolutions ?? Object.keys(m.resolutions))],
    first_frame: m.image !== null,
    last_frame: m.lastFrame !== null,
    generate_audio: m.audio,
  };
}

/** Channel models serving spec tiers with fal video models, at the tiers' resolutions (the simulator's channel). */
export function falVideoTiers(
  tiers: readonly { tier: string; model: string; resolutions: readonly string[] }[],
): UpstreamModel[] {
  return tiers.map((t) => ({
    family: t.tier,
    model: t.model,
    media: ['video'],
    cost_usd: falVideoModel(t.model)?.costUsd ?? 0,
    capabilities: falVideoCapabilities(t.model, t.resolutions),
  }));
}
