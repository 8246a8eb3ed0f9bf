import type { SimVideoChannel, SimVideoTier } from './channel-types';

/** The default set's Ark video channels: five tiers on canonical model ids, four of them under aliases on the second channel. */

const VIDEO_RATIOS = ['16:9', '4:3', '1:1', '3:4', '9:16', '21:9', 'adaptive'];

interface TierSpec extends Omit<SimVideoTier, 'model'> {
  canonicalModel: string;
}

type TierFlag = 'lastFrame' | 'referenceImages' | 'referenceVideo' | 'referenceAudio' | 'audio';

/** A tier with the defaults every tier shares (first frame, the usual ratios, 24 fps); `flags` lists what it adds. */
function tierSpec(
  name: string,
  canonicalModel: string,
  maxSec: number,
  resolutions: string[],
  flags: TierFlag[],
  fps = 24,
): TierSpec {
  const has = (f: TierFlag) => flags.includes(f);
  return {
    tier: name,
    canonicalModel,
    durationSec: { min: 4, max: maxSec },
    resolutions,
    ratios: VIDEO_RATIOS,
    fps,
    firstFrame: true,
    lastFrame: has('lastFrame'),
    referenceImages: has('referenceImages'),
    referenceVideo: has('referenceVideo'),
    referenceAudio: has('referenceAudio'),
    audio: has('audio'),
  };
}

const TIERS: TierSpec[] = [
  tierSpec('videomodel-2-0-pro', 'videomodel-2-0-pro-260801', 15, ['480p'], ['lastFrame']),
  tierSpec('videomodel-2-0-fast', 'videomodel-2-0-fast-260801', 15, ['480p', '720p'], []),
  tierSpec('videomodel-2-0-mini', 'videomodel-2-0-mini-260801', 15, ['480p', '720p'], ['referenceImages']),
  tierSpec(
    'videomodel-2-5-pro',
    'videomodel-2-5-pro-260801',
    30,
    ['720p', '1080p'],
    ['lastFrame', 'referenceImages', 'referenceVideo', 'referenceAudio', 'audio'],
  ),
  tierSpec('videomodel-H3', 'videomodel-H3', 15, ['768P', '2K'], ['lastFrame'], 25),
];

function tier(name: string, model?: string): SimVideoTier {
  const spec = TIERS.find((t) => t.tier === name);
  if (!spec) throw new Error(`unknown video tier ${name}`);
  const { canonicalModel, ...rest } = spec;
  return {
    ...rest,
    model: model ?? canonicalModel,
    durationSec: { ...rest.durationSec },
    resolutions: [...rest.resolutions],
    ratios: [...rest.ratios],
  };
}

const VIDEO_A_TIERS = TIERS.map((t) => tier(t.tier));
const VIDEO_B_TIERS = [
  tier('videomodel-2-0-pro', 'vm-20-pro-alt'),
  tier('videomodel-2-0-fast', 'vm-20-fast-alt'),
  tier('videomodel-2-0-mini', 'vm-20-mini-alt'),
  tier('videomodel-2-5-pro', 'vm-25-pro-alt'),
];

function videoChannel(name: string, tiers: SimVideoTier[], costUsd: number, cancelRunning: boolean): SimVideoChannel {
  return {
    name,
    adapter: 'ark-video',
    family: 'videomodel',
    models: tiers.map((t) => t.model),
    media: ['video'],
    capabilities: { tiers },
    latencyMs: 0,
    costUsd,
    costUnit: 'video_second',
    cancelRunning,
  };
}

export const SIM_VIDEO_CHANNELS: readonly SimVideoChannel[] = [
  videoChannel('sim-video-a', VIDEO_A_TIERS, 0.05, true),
  videoChannel('sim-video-b', VIDEO_B_TIERS, 0.045, false),
];
