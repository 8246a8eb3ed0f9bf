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
