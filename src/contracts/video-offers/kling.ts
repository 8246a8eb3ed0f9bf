import type { ProtocolOffers, VideoModelOffer } from './types';

/**
 * Kling's video models ("Kling AI API — Video Generation" and its capability map,
 * app.klingai.com/global/dev/document-api, read 2026-11): 5 or 10 seconds, Studio's 720p as Kling's
 * std mode and 1080p as its pro mode, text to video at 16:9, 9:16 or 1:1, a first frame, and a last
 * frame (`image_tail`) in the modes listed. The simulator's catalogue is built from this table.
 */

export type KlingMode = 'std' | 'pro';

export const KLING_DURATIONS = [5, 10] as const;
export const KLING_RATIOS = ['16:9', '9:16', '1:1'] as const;
/** Studio's resolutions as Kling's modes. */
export const KLING_MODES: Readonly<Record<string, KlingMode>> = { '720p': 'std', '1080p': 'pro' };

/** One Kling model as the capability map gives it. */
export interface KlingModel {
  textToVideo: boolean;
  imageToVideo: boolean;
  modes: readonly KlingMode[];
  /** The modes in which it takes `image_tail` (a last frame); empty: none. */
  tailModes: readonly KlingMode[];
}

const both = ['std', 'pro'] as const;
export const KLING_MODELS: Readonly<Record<string, KlingModel>> = {
  'kling-v2-5-turbo': { textToVideo: true, imageToVideo: true, modes: both, tailModes: ['pro'] },
  'kling-v1-6': { textToVideo: true, imageToVideo: true, modes: both, tailModes: ['pro'] },
  'kling-v1': { textToVideo: true, imageToVideo: true, modes: both, tailModes: ['pro'] },
  'kling-v2-master': { textToVideo: true, imageToVideo: true, modes: both, tailModes: [] },
  'kling-v2-1-master': { textToVideo: true, imageToVideo: true, modes: both, tailModes: [] },
  // Image to video only.
  'kling-v2-1': { textToVideo: false, imageToVideo: true, modes: both, tailModes: ['pro'] },
};

const resolutionOf = (mode: KlingMode) => Object.keys(KLING_MODES).find((r) => KLING_MODES[r] === mode) ?? mode;

function offerOf(model: string, k: KlingModel): VideoModelOffer {
  return {
    model,
    durations: { list: KLING_DURATIONS },
    resolutions: k.modes.map((mode) => ({ studio: resolutionOf(mode), provider: mode })),
    ratios: KLING_RATIOS,
    textToVideo: k.textToVideo,
    firstFrame: k.imageToVideo,
    lastFrame: k.tailModes.map(resolutionOf),
    referenceImages: 0,
    referenceVideo: false,
    referenceAudio: false,
    sound: 'none',
  };
}

export const KLING_OFFERS: ProtocolOffers = {
  protocol: 'kling',
  reference: 'https://app.klingai.com/global/dev/document-api',
  models: Object.fromEntries(Object.entries(KLING_MODELS).map(([id, k]) => [id, offerOf(id, k)])),
};
