import type { ProtocolOffers, VideoModelOffer } from './types';

/**
 * Veo on the Gemini API (https://ai.google.dev/gemini-api/docs/video, read 2026-11, and @google/genai
 * 2.32.0's `generateVideos`): what each Veo model takes. Veo 3 and 3.1 make 4, 6 or 8 seconds, at 720p or
 * 1080p (1080p at 8 seconds only), always with sound (the Gemini API has no `generateAudio`: the client
 * refuses it outside Vertex AI); Veo 2 makes 5 to 8 seconds at 720p, silent. Veo 3.1 alone takes a last
 * frame (`lastFrame`, with a first frame). Prices are the Gemini API pricing page's per-second list prices.
 */

export interface VeoModel {
  durations: readonly number[];
  resolutions: readonly ('720p' | '1080p')[];
  ratios: readonly ('16:9' | '9:16')[];
  /** Durations 1080p is made at ([] when every duration). */
  fullHdDurations: readonly number[];
  lastFrame: boolean;
  /** Every video has a soundtrack (Veo 3, 3.1); false: silent (Veo 2). */
  audio: boolean;
  costUsd: number;
}

const VEO_3: Pick<VeoModel, 'durations' | 'resolutions' | 'ratios' | 'fullHdDurations'> = {
  durations: [4, 6, 8],
  resolutions: ['720p', '1080p'],
  ratios: ['16:9', '9:16'],
  fullHdDurations: [8],
};

export const VEO_MODELS: Readonly<Record<string, VeoModel>> = {
  'veo-3.1-generate-preview': { ...VEO_3, lastFrame: true, audio: true, costUsd: 0.4 },
  'veo-3.1-fast-generate-preview': { ...VEO_3, lastFrame: true, audio: true, costUsd: 0.15 },
  'veo-3.0-generate-001': { ...VEO_3, lastFrame: false, audio: true, costUsd: 0.4 },
  'veo-3.0-fast-generate-001': { ...VEO_3, lastFrame: false, audio: true, costUsd: 0.15 },
  'veo-2.0-generate-001': {
    durations: [5, 6, 7, 8],
    resolutions: ['720p'],
    ratios: ['16:9', '9:16'],
    fullHdDurations: [],
    lastFrame: false,
    audio: false,
    costUsd: 0.35,
  },
};

export function veoModel(model: string): VeoModel | undefined {
  return Object.hasOwn(VEO_MODELS, model) ? VEO_MODELS[model] : undefined;
}

function offerOf(model: string, m: VeoModel): VideoModelOffer {
  return {
    model,
    durations: { list: m.durations },
    ...(m.fullHdDurations.length > 0 ? { resolutionDurations: { '1080p': m.fullHdDurations } } : {}),
    resolutions: m.resolutions.map((r) => ({ studio: r, provider: r })),
    ratios: m.ratios,
    textToVideo: true,
    firstFrame: true,
    lastFrame: m.lastFrame ? m.resolutions : [],
    referenceImages: 0,
    referenceVideo: false,
    referenceAudio: false,
    sound: m.audio ? 'always' : 'none',
  };
}

export const GEMINI_VEO_OFFERS: ProtocolOffers = {
  protocol: 'gemini-veo',
  reference: 'https://ai.google.dev/gemini-api/docs/video',
  models: Object.fromEntries(Object.entries(VEO_MODELS).map(([id, m]) => [id, offerOf(id, m)])),
};
