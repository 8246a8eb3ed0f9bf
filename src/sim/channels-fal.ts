import type { SimFalChannel } from './channel-types';

/**
 * The simulated fal queue channel (`Authorization: Key sim-key-sim-fal`): not in the default set; a
 * simulator started with `channels: [...SIM_CHANNELS, SIM_FAL_CHANNEL]` serves it. Its models are fal
 * endpoint ids; text models reach their edit siblings for requests with reference images.
 */
export const SIM_FAL_CHANNEL: SimFalChannel = {
  name: 'sim-fal',
  adapter: 'fal-queue',
  family: 'falimage-flux',
  models: [
    'fal-ai/flux/dev',
    'fal-ai/nano-banana',
    'fal-ai/bytedance/seedream/v4/text-to-image',
    'fal-ai/flux-pro/kontext',
    'fal-ai/qwen-image',
  ],
  families: {
    'fal-ai/flux/dev': 'falimage-flux',
    'fal-ai/nano-banana': 'falimage-banana',
    'fal-ai/bytedance/seedream/v4/text-to-image': 'falimage-seedream',
    'fal-ai/flux-pro/kontext': 'falimage-kontext',
    'fal-ai/qwen-image': 'falimage-qwen',
  },
  media: ['image'],
  latencyMs: 0,
  costUsd: 0.03,
  costUnit: 'image',
};

/** A spec video tier a fal video channel serves with a text-to-video endpoint, at the tier's resolutions it makes. */
export interface SimFalVideoTier {
  tier: string;
  model: string;
  resolutions: readonly string[];
  /** The model's seconds the tier serves (all when absent). */
  seconds?: readonly number[];
}

/** A fal queue channel serving video models: the image channel's shape with the tiers it serves. */
export interface SimFalVideoChannel extends SimFalChannel {
  videoTiers: readonly SimFalVideoTier[];
}

export const isFalVideoChannel = (ch: SimFalChannel): ch is SimFalVideoChannel => 'videoTiers' in ch;

/**
 * The simulated fal video channel (`sim-fal-video`): not in the default set. Three spec tiers, each served
 * by a fal text-to-video endpoint with its image-to-video sibling: Kling 2.5 Turbo Pro (1080p, 5 or 10 s,
 * first and last frame), MiniMax Hailuo-02 Standard (768P, 6 or 10 s, first and last frame), Veo 3 Fast
 * (720p, 4, 6 or 8 s, a first frame, a soundtrack on request) and Wan 2.2 A14B (480p or 720p, 4 to 10 s,
 * first and last frame), as the catalogue of video offers gives them (src/contracts/video-offers/fal-queue.ts).
 */
export const SIM_FAL_VIDEO_CHANNEL: SimFalVideoChannel = {
  name: 'sim-fal-video',
  adapter: 'fal-queue',
  family: 'videomodel-2-5-pro-260801',
  models: [
    'fal-ai/kling-video/v2.5-turbo/pro/text-to-video',
    'fal-ai/minimax/hailuo-02/standard/text-to-video',
    'fal-ai/veo3/fast',
    'fal-ai/wan/v2.2-a14b/text-to-video',
  ],
  families: {},
  media: ['video'],
  latencyMs: 0,
  costUsd: 0.07,
  costUnit: 'video_second',
  videoTiers: [
    {
      tier: 'videomodel-2-5-pro-260801',
      model: 'fal-ai/kling-video/v2.5-turbo/pro/text-to-video',
      resolutions: ['1080p'],
    },
    { tier: 'videomodel-H3', model: 'fal-ai/minimax/hailuo-02/standard/text-to-video', resolutions: ['768P'] },
    { tier: 'videomodel-2-0-fast-260801', model: 'fal-ai/veo3/fast', resolutions: ['720p'] },
    {
      tier: 'videomodel-2-0-mini-260801',
      model: 'fal-ai/wan/v2.2-a14b/text-to-video',
      resolutions: ['480p', '720p'],
      seconds: [4, 5, 6, 7, 8, 9, 10],
    },
  ],
};
