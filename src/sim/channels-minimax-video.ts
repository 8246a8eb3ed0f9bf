import { MINIMAX_MODEL_RULES, type MiniMaxMode, type MiniMaxModelRule } from '@/contracts/video-offers/minimax-video';
import type { SimChannelBase } from './channel-types';

/** The simulated MiniMax video channel's catalogue: its models, what each makes, and the spec tier each serves. */

export type { MiniMaxMode };

/** One MiniMax video model as the reference's model lists give it. */
export interface SimMiniMaxModel {
  model: string;
  /** The spec tier Studio serves with it on this channel ('' for none). */
  tier: string;
  /** The tier's resolutions it serves, as the tier table writes them. */
  tierResolutions: readonly string[];
  /** The resolutions of each mode it takes, in MiniMax's words; a mode it does not take is absent. */
  modes: Partial<Record<MiniMaxMode, readonly string[]>>;
  /** The resolution used when the request names none. */
  defaultResolution: string;
  durations: readonly number[];
  /** Resolutions made at 6 seconds only. */
  sixOnly: readonly string[];
  costUsd: number;
}

/** MiniMax video tasks (`POST /v1/video_generation`, query, file retrieval), authenticated by a bearer key. */
export interface SimMiniMaxVideoChannel extends SimChannelBase {
  adapter: 'minimax-video';
  capabilities: { models: SimMiniMaxModel[] };
}

/** A model as the catalogue gives it (src/contracts/video-offers/minimax-video.ts), serving a tier here or none. */
function minimax(model: string, tier: string, tierResolutions: readonly string[], costUsd: number): SimMiniMaxModel {
  const rule = MINIMAX_MODEL_RULES[model] as MiniMaxModelRule;
  const hailuo = model.startsWith('MiniMax-Hailuo');
  return { model, tier, tierResolutions, ...rule, defaultResolution: hailuo ? '768P' : '720P', costUsd };
}

/**
 * MiniMax's video models as the simulator takes them. The tiers are served by the first two; the others
 * are there so that the refusals of models without text to video or without a last frame can be met.
 */
export const SIM_MINIMAX_MODELS: readonly SimMiniMaxModel[] = [
  minimax('MiniMax-Hailuo-02', 'videomodel-H3', ['768P'], 0.047),
  // The tier's 1080p, which MiniMax makes at 6 seconds only.
  minimax('MiniMax-Hailuo-2.3', 'videomodel-2-5-pro-260801', ['1080p'], 0.082),
  minimax('MiniMax-Hailuo-2.3-Fast', '', [], 0.032),
  minimax('T2V-01-Director', '', [], 0.072),
  minimax('I2V-01', '', [], 0.072),
];

/**
 * The simulated MiniMax video channel (`sim-minimax-video`): not in the default set; a simulator started
 * with `channels: [...SIM_CHANNELS, SIM_MINIMAX_VIDEO_CHANNEL]` serves it. Studio registers its tier models only.
 */
export const SIM_MINIMAX_VIDEO_CHANNEL: SimMiniMaxVideoChannel = {
  name: 'sim-minimax-video',
  adapter: 'minimax-video',
  family: 'videomodel-H3',
  models: SIM_MINIMAX_MODELS.map((m) => m.model),
  media: ['video'],
  capabilities: { models: [...SIM_MINIMAX_MODELS] },
  latencyMs: 0,
  costUsd: 0.047,
  costUnit: 'video_second',
};
