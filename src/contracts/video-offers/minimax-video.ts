import type { ProtocolOffers, VideoModelOffer } from './types';

/**
 * MiniMax's Hailuo video models (MiniMax API reference, "Video Generation": text to video, image to
 * video, first-and-last-frame to video; read 2026-11): the modes each model takes, the resolutions of
 * each in MiniMax's words (`768P`, `1080P`), its durations, and the resolutions made at 6 seconds only.
 * Text to video makes 16:9. The adapter refuses from this table what a known model cannot take.
 */

export type MiniMaxMode = 't2v' | 'i2v' | 'fl2v';

/** What each model of the reference's model lists makes: its modes, the resolutions of each, its durations. */
export interface MiniMaxModelRule {
  modes: Partial<Record<MiniMaxMode, readonly string[]>>;
  durations: readonly number[];
  /** Resolutions made at 6 seconds only. */
  sixOnly: readonly string[];
}

const HAILUO = { durations: [6, 10], sixOnly: ['1080P'] };
const LEGACY = { durations: [6], sixOnly: [] };
export const MINIMAX_MODEL_RULES: Readonly<Record<string, MiniMaxModelRule>> = {
  'MiniMax-Hailuo-2.3': { ...HAILUO, modes: { t2v: ['768P', '1080P'], i2v: ['768P', '1080P'] } },
  'MiniMax-Hailuo-2.3-Fast': { ...HAILUO, modes: { i2v: ['768P', '1080P'] } },
  'MiniMax-Hailuo-02': {
    ...HAILUO,
    modes: { t2v: ['768P', '1080P'], i2v: ['512P', '768P', '1080P'], fl2v: ['768P', '1080P'] },
  },
  'T2V-01-Director': { ...LEGACY, modes: { t2v: ['720P'] } },
  'T2V-01': { ...LEGACY, modes: { t2v: ['720P'] } },
  'I2V-01-Director': { ...LEGACY, modes: { i2v: ['720P'] } },
  'I2V-01-live': { ...LEGACY, modes: { i2v: ['720P'] } },
  'I2V-01': { ...LEGACY, modes: { i2v: ['720P'] } },
};

function offerOf(model: string, rule: MiniMaxModelRule): VideoModelOffer {
  const words = [...new Set(Object.values(rule.modes).flat())];
  return {
    model,
    durations: { list: rule.durations },
    resolutionDurations: Object.fromEntries(rule.sixOnly.map((r) => [r.toLowerCase(), [6]])),
    resolutions: words.map((provider) => ({ studio: provider.toLowerCase(), provider })),
    ratios: rule.modes.t2v ? ['16:9'] : [],
    textToVideo: rule.modes.t2v !== undefined,
    firstFrame: rule.modes.i2v !== undefined,
    lastFrame: (rule.modes.fl2v ?? []).map((r) => r.toLowerCase()),
    referenceImages: 0,
    referenceVideo: false,
    referenceAudio: false,
    sound: 'none',
  };
}

export const MINIMAX_VIDEO_OFFERS: ProtocolOffers = {
  protocol: 'minimax-video',
  reference: 'https://platform.minimax.io/docs/api-reference/video-generation-t2v',
  models: Object.fromEntries(Object.entries(MINIMAX_MODEL_RULES).map(([id, r]) => [id, offerOf(id, r)])),
};
