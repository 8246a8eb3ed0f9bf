import type { SimChannelBase } from './channel-types';

/** The simulated MiniMax video channel's catalogue: its models, what each makes, and the spec tier each serves. */

export type MiniMaxMode = 't2v' | 'i2v' | 'fl2v';

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

const hailuo = { durations: [6, 10], sixOnly: ['1080P'], defaultResolution: '768P' };
const legacy = { durations: [6], sixOnly: [], defaultResolution: '720P', tier: '', tierResolutions: [] };

/**
 * MiniMax's video models as the simulator takes them. The tiers are served by the first two; the others
 * are there so that the refusals of models without text to video or without a last frame can be met.
 */
export const SIM_MINIMAX_MODELS: readonly SimMiniMaxModel[] = [
  {
    ...hailuo,
    model: 'MiniMax-Hailuo-02',
    tier: 'videomodel-H3',
    tierResolutions: ['768P'],
    modes: { t2v: ['768P', '1080P'], i2v: ['512P', '768P', '1080P'], fl2v: ['768P', '1080P'] },
    costUsd: 0.047,
  },
  {
    ...hailuo,
    model: 'MiniMax-Hailuo-2.3',
    tier: 'videomodel-2-5-pro-260801',
    // The tier's 1080p, which MiniMax makes at 6 seconds only.
    tierResolutions: ['1080p'],
    modes: { t2v: ['768P', '1080P'], i2v: ['768P', '1080P'] },
    costUsd: 0.082,
  },
  {
    ...hailuo,
    model: 'MiniMax-Hailuo-2.3-Fast',
    tier: '',
    tierResolutions: [],
    modes: { i2v: ['768P', '1080P'] },
    costUsd: 0.032,
  },
  { ...legacy, model: 'T2V-01-Director', modes: { t2v: ['720P'] }, costUsd: 0.072 },
  { ...legacy, model: 'I2V-01', modes: { i2v: ['720P'] }, costUsd: 0.072 },
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
