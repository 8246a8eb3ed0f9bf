import { KLING_MODELS, type KlingMode, type KlingModel } from '@/contracts/video-offers/kling';
import { simChannelKey } from './channel-keys';
import type { SimChannelBase } from './channel-types';

/** The simulated Kling channel's catalogue: its models, what each takes, and the spec tier each serves. */

export type { KlingMode };

/** One Kling model as the catalogue gives it (src/contracts/video-offers/kling.ts), and the tier it serves here. */
export interface SimKlingModel extends KlingModel {
  model: string;
  /** The spec tier Studio serves with it on this channel ('' for none). */
  tier: string;
  /** The tier's resolutions it serves: 720p is std mode, 1080p pro mode. */
  resolutions: readonly ('720p' | '1080p')[];
  costUsd: number;
}

/** Kling video tasks (`POST /v1/videos/text2video`, `/v1/videos/image2video`), authenticated by an HS256 JWT. */
export interface SimKlingChannel extends SimChannelBase {
  adapter: 'kling';
  capabilities: { models: SimKlingModel[] };
}

const kling = (
  model: string,
  tier: string,
  resolutions: SimKlingModel['resolutions'],
  costUsd: number,
): SimKlingModel => {
  const k = KLING_MODELS[model] as KlingModel;
  return { model, tier, resolutions, ...k, costUsd };
};

/**
 * Kling's models as the simulator takes them. The tiers are served by the first two; the others are
 * there so that the refusals of models without a last frame, or without text to video, can be met.
 */
export const SIM_KLING_MODELS: readonly SimKlingModel[] = [
  kling('kling-v2-5-turbo', 'videomodel-2-5-pro-260801', ['720p', '1080p'], 0.07),
  // The fast tier tops out at 720p: std mode only, so no last frame.
  kling('kling-v1-6', 'videomodel-2-0-fast-260801', ['720p'], 0.056),
  kling('kling-v1', '', [], 0.028),
  kling('kling-v2-master', '', [], 0.28),
  kling('kling-v2-1-master', '', [], 0.28),
  kling('kling-v2-1', '', [], 0.098),
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
