import { simChannelKey } from './channel-keys';
import type { SimChannelBase } from './channel-types';

/** The simulated Kling channel's catalogue: its models, what each takes, and the spec tier each serves. */

export type KlingMode = 'std' | 'pro';

/** One Kling model as the reference's capability map gives it. */
export interface SimKlingModel {
  model: string;
  /** The spec tier Studio serves with it on this channel ('' for none). */
  tier: string;
  /** The tier's resolutions it serves: 720p is std mode, 1080p pro mode. */
  resolutions: readonly ('720p' | '1080p')[];
  textToVideo: boolean;
  imageToVideo: boolean;
  modes: readonly KlingMode[];
  /** The modes in which it takes `image_tail` (a last frame); empty: none. */
  tailModes: readonly KlingMode[];
  costUsd: number;
}

/** Kling video tasks (`POST /v1/videos/text2video`, `/v1/videos/image2video`), authenticated by an HS256 JWT. */
export interface SimKlingChannel extends SimChannelBase {
  adapter: 'kling';
  capabilities: { models: SimKlingModel[] };
}

/**
 * Kling's models as the simulator takes them. The tiers are served by the first two; the others are
 * there so that the refusals of models without a last frame, or without text to video, can be met.
 */
export const SIM_KLING_MODELS: readonly SimKlingModel[] = [
  {
    model: 'kling-v2-5-turbo',
    tier: 'videomodel-2-5-pro-260801',
    resolutions: ['720p', '1080p'],
    textToVideo: true,
    imageToVideo: true,
    modes: ['std', 'pro'],
    tailModes: ['pro'],
    costUsd: 0.07,
  },
  {
    model: 'kling-v1-6',
    tier: 'videomodel-2-0-fast-260801',
    // The fast tier tops out at 720p: std mode only, so no last frame.
    resolutions: ['720p'],
    textToVideo: true,
    imageToVideo: true,
    modes: ['std', 'pro'],
    tailModes: ['pro'],
    costUsd: 0.056,
  },
  {
    model: 'kling-v1',
    tier: '',
    resolutions: [],
    textToVideo: true,
    imageToVideo: true,
    modes: ['std', 'pro'],
    tailModes: ['pro'],
    costUsd: 0.028,
  },
  {
    model: 'kling-v2-master',
    tier: '',
    resolutions: [],
    textToVideo: true,
    imageToVideo: true,
    modes: ['std', 'pro'],
    tailModes: [],
    costUsd: 0.28,
  },
  {
    model: 'kling-v2-1-master',
    tier: '',
    resolutions: [],
    textToVideo: true,
    imageToVideo: true,
    modes: ['std', 'pro'],
    tailModes: [],
    costUsd: 0.28,
  },
  {
    model: 'kling-v2-1',
    tier: '',
    resolutions: [],
    textToVideo: false,
    imageToVideo: true,
    modes: ['std', 'pro'],
    tailModes: ['pro'],
    costUsd: 0.098,
  },
];

/**
 * The simulated Kling channel (`sim-kling`): not in the default set; a simulator started with
 * `channels: [...SIM_CHANNELS, SIM_KLING_CHANNEL]` serves it. Studio registers its tier models only.
 */
export const SIM_KLING_CHANNEL: SimKlingChannel = {
  name: 'sim-kling',
  adapter: 'kling',
  family: 'videomodel-2-5-pro-260801',
  models: SIM_KLING_MODELS.map((m) => m.model),
  media: ['video'],
  capabilities: { models: [...SIM_KLING_MODELS] },
  latencyMs: 0,
  costUsd: 0.07,
  costUnit: 'video_second',
};

/**
 * A simulated Kling channel's key pair: the access key is the channel's usual key (`sim-key-<channel>`),
 * the secret key is derived from it, so the simulator can check a token's signature from its issuer.
 */
export const simKlingSecret = (accessKey: string): string => `sim-secret-${accessKey}`;

/** The channel key Studio is configured with: `<access key>:<secret key>`. */
export function simKlingKeyPair(channel: string): string {
  const access = simChannelKey(channel);
  return `${access}:${simKlingSecret(access)}`;
}
