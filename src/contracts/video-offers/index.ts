import { ARK_VIDEO_OFFERS } from './ark-video';
import { DASHSCOPE_VIDEO_OFFERS } from './dashscope-video';
import { FAL_QUEUE_OFFERS } from './fal-queue';
import { GEMINI_VEO_OFFERS } from './gemini-veo';
import { KLING_OFFERS } from './kling';
import { MINIMAX_VIDEO_OFFERS } from './minimax-video';
import { REPLICATE_OFFERS } from './replicate';
import type { ProtocolOffers, VideoModelOffer } from './types';

export type { OfferedDurations, OfferedResolution, ProtocolOffers, VideoModelOffer } from './types';
export { offeredSeconds, studioResolutions } from './types';

/** Every protocol's video catalogue, one line each (its file beside this one). */
export const VIDEO_OFFERS: Partial<Record<string, ProtocolOffers>> = {
  'ark-video': ARK_VIDEO_OFFERS,
  kling: KLING_OFFERS,
  'minimax-video': MINIMAX_VIDEO_OFFERS,
  'gemini-veo': GEMINI_VEO_OFFERS,
  'dashscope-video': DASHSCOPE_VIDEO_OFFERS,
  'fal-queue': FAL_QUEUE_OFFERS,
  replicate: REPLICATE_OFFERS,
};

/** What a provider-side model offers on a protocol; null when the catalogue does not know it (a channel may still use it, unchecked). */
export function videoOfferOf(adapter: string, model: string): VideoModelOffer | null {
  const protocol = VIDEO_OFFERS[adapter];
  const key = protocol?.keyOf ? protocol.keyOf(model) : model;
  return protocol && Object.hasOwn(protocol.models, key) ? (protocol.models[key] ?? null) : null;
}

/** Whether a protocol has a video catalogue at all. */
export const hasVideoOffers = (adapter: string): boolean => VIDEO_OFFERS[adapter] !== undefined;
