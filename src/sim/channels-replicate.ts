import { replicateVideoModel } from '@/contracts/video-offers/replicate';
import type {
  SimImageFormat,
  SimReplicateChannel,
  SimReplicateModelEntry,
  SimReplicateVideoTier,
} from './channel-types';

const FLUX_SIZES = [
  '1024x1024',
  '1344x768',
  '1536x640',
  '1248x832',
  '832x1248',
  '896x1120',
  '1120x896',
  '864x1152',
  '1152x864',
  '768x1344',
  '640x1536',
];
const NANO_SIZES = [
  '1024x1024',
  '832x1248',
  '1248x832',
  '864x1184',
  '1184x864',
  '896x1152',
  '1152x896',
  '768x1344',
  '1344x768',
  '1536x672',
];
const replicateModel = (
  model: string,
  costUsd: number,
  sizes: SimReplicateModelEntry['sizes'],
  outputFormats: SimImageFormat[],
  maxReferenceImages = 0,
): SimReplicateModelEntry => ({
  model,
  family: model.slice(model.indexOf('/') + 1),
  costUsd,
  sizes,
  outputFormats,
  maxReferenceImages,
});

const REPLICATE_MODELS: SimReplicateModelEntry[] = [
  replicateModel('black-forest-labs/flux-schnell', 0.003, FLUX_SIZES, ['png', 'jpeg', 'webp']),
  replicateModel('black-forest-labs/flux-dev', 0.025, FLUX_SIZES, ['png', 'jpeg', 'webp']),
  replicateModel('black-forest-labs/flux-1.1-pro', 0.04, { multiple_of: 32, min_side: 256, max_side: 1440 }, [
    'png',
    'jpeg',
    'webp',
  ]),
  replicateModel(
    'black-forest-labs/flux-kontext-pro',
    0.04,
    [...FLUX_SIZES, '1408x704', '704x1408'],
    ['png', 'jpeg'],
    1,
  ),
  replicateModel('google/nano-banana', 0.039, NANO_SIZES, ['png', 'jpeg'], 3),
  replicateModel('bytedance/seedream-4', 0.03, { multiple_of: 16, min_side: 1024, max_side: 4096 }, [], 10),
  replicateModel(
    'qwen/qwen-image',
    0.025,
    ['1328x1328', '1664x928', '928x1664', '1472x1140', '1140x1472', '1584x1056', '1056x1584'],
    ['png', 'jpeg', 'webp'],
  ),
];

/**
 * The simulated Replicate channel: not in the default set (tests and benchmarks count its channels);
 * start the simulator with `channels: [...SIM_CHANNELS, SIM_REPLICATE_CHANNEL]`. Its models are
 * official models by `owner/name`, each family the model's name.
 */
export const SIM_REPLICATE_CHANNEL: SimReplicateChannel = {
  name: 'sim-replicate',
  adapter: 'replicate',
  family: 'flux-schnell',
  models: REPLICATE_MODELS.map((m) => m.model),
  media: ['image'],
  capabilities: {
    models: REPLICATE_MODELS,
  },
  latencyMs: 0,
  costUsd: 0.003,
  costUnit: 'image',
};
SIM_REPLICATE_CHANNEL.models = SIM_REPLICATE_CHANNEL.capabilities.models.map((m) => m.model);

const tier = (
  tier: string,
  model: string,
  durations: number[],
  resolutions: string[],
  extra: { lastFrame: boolean; audio: boolean; costUsd: number },
): SimReplicateVideoTier => ({ tier, model, durations, resolutions, ...extra });

const WAN = 'wan-video/wan-2.2-t2v-fast';
const WAN_MODEL = replicateVideoModel(WAN);

const REPLICATE_VIDEO_TIERS: SimReplicateVideoTier[] = [
  tier('videomodel-2-5-pro-260801', 'google/veo-3.1', [4, 6, 8], ['720p', '1080p'], {
    lastFrame: true,
    audio: true,
    costUsd: 0.4,
  }),
  tier('videomodel-H3', 'minimax/hailuo-02', [6, 10], ['768p'], { lastFrame: true, audio: false, costUsd: 0.045 }),
  tier('videomodel-2-0-fast-260801', 'bytedance/seedance-1-lite', [5, 10], ['480p', '720p'], {
    lastFrame: true,
    audio: false,
    costUsd: 0.036,
  }),
  // Wan 2.2 fast as the catalogue of video offers gives it (src/contracts/video-offers/replicate.ts).
  tier('videomodel-2-0-mini-260801', WAN, [...(WAN_MODEL?.durations ?? [])], [...(WAN_MODEL?.resolutions ?? [])], {
    lastFrame: Boolean(WAN_MODEL?.lastFrame),
    audio: Boolean(WAN_MODEL?.audio),
    costUsd: WAN_MODEL?.usdPerSecond ?? 0,
  }),
];

/**
 * The simulated Replicate video channel (`sim-replicate-video`): not in the default set; start the simulator with
 * `channels: [...SIM_CHANNELS, SIM_REPLICATE_VIDEO_CHANNEL]`. Studio registers its four tiers, each an official
 * video model by `owner/name`; the channel serves every simulated video model (protocols/replicate-video.ts).
 */
export const SIM_REPLICATE_VIDEO_CHANNEL: SimReplicateChannel = {
  name: 'sim-replicate-video',
  adapter: 'replicate',
  family: 'videomodel-2-5-pro-260801',
  models: [
    'kwaivgi/kling-v2.5-turbo-pro',
    'minimax/hailuo-02',
    'google/veo-3-fast',
    'google/veo-3.1',
    'bytedance/seedance-1-pro',
    'bytedance/seedance-1-lite',
    WAN,
    // Wan's first-frame predictions go to its image-to-video sibling.
    'wan-video/wan-2.2-i2v-fast',
  ],
  media: ['video'],
  capabilities: { models: [], video: REPLICATE_VIDEO_TIERS },
  latencyMs: 0,
  costUsd: 0.4,
  costUnit: 'video_second',
};
