import { ARK_VIDEO_OFFERS } from './ark-video';
import { DASHSCOPE_VIDEO_OFFERS } from './dashscope-video';
import { GEMINI_VEO_OFFERS } from './gemini-veo';
import { KLING_OFFERS } from './kling';
import { MINIMAX_VIDEO_OFFERS } from './minimax-video';
import type { ProtocolOffers, VideoModelOffer } from './types';

export type { OfferedDurations, OfferedResolution, ProtocolOffers, VideoModelOffer } from './types';
export { offeredSeconds, studioResolutions } from './types';

/**
 * Every protocol's video catalogue, one line each (a protocol carrying video models, such as
 * fal-queue or replicate, is added by a line here and its file beside this one).
 */
export const VIDEO_OFFERS: Partial<Record<string, ProtocolOffers>> = {
  'ark-video': ARK_VIDEO_OFFERS,
  kling: KLING_OFFERS,
  'minimax-video': MINIMAX_VIDEO_OFFERS,
  'gemini-veo': GEMINI_VEO_OFFERS,
  'dashscope-video': DASHSCOPE_VIDEO_OFFERS,
};

/** What a provider-side model offers on a protocol; null when the catalogue does not know it (a channel may still use it, unchecked). */
export function videoOfferOf(adapter: string, model: string): VideoModelOffer | null {
  const offers = VIDEO_OFFERS[adapter]?.models;
  return offers && Object.hasOwn(offers, model) ? (offers[model] ?? null) : null;
}

/** Whether a protocol has a video catalogue at all. */
export const hasVideoOffers = (adapter: string): boolean => VIDEO_OFFERS[adapter] !== undefined;
