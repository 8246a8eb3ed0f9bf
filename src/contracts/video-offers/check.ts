import { VIDEO_OFFERS, videoOfferOf } from './index';
import { offeredSeconds, type VideoCapabilities, type VideoModelOffer } from './types';

/**
 * A channel's video model entry (a tier served by a provider model with the capabilities it
 * declares) compared with what the model offers. Each problem names the field it is about, a
 * code the console words in the operator's language, and an English sentence the API answers.
 */

export type OfferProblemCode =
  | 'duration'
  | 'resolution'
  | 'textToVideo'
  | 'firstFrame'
  | 'lastFrame'
  | 'lastFrameAt'
  | 'referenceImages'
  | 'maxReferenceImages'
  | 'referenceVideo'
  | 'referenceAudio'
  | 'sound';

export interface OfferProblem {
  /** Within the model entry: `['capabilities', 'durations']`, `['model']`. */
  path: (string | number)[];
  code: OfferProblemCode;
  /** The model, what it offers and what the entry asks, in words. */
  params: { model: string; offered: string; asked: string };
  message: string;
}

export interface OfferCheck {
  /** null: the protocol or the model is not in the catalogue. */
  offer: VideoModelOffer | null;
  /** The protocol has a catalogue but not this model: allowed (new models appear), not checked. */
  unchecked: boolean;
  problems: OfferProblem[];
}

interface Entry {
  model: string;
  media: readonly string[];
  capabilities: VideoCapabilities;
}

/** "5 or 10", "4, 6 or 8". */
export function orList(items: readonly (string | number)[]): string {
  const words = items.map(String);
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

const SENTENCES: Record<OfferProblemCode, (p: OfferProblem['params']) => string> = {
  duration: (p) => `${p.model} makes ${p.offered} seconds, not ${p.asked}`,
  resolution: (p) => `${p.model} makes ${p.offered}, not ${p.asked}`,
  textToVideo: (p) => `${p.model} makes no video from text alone, and a tier is asked for text-only videos`,
  firstFrame: (p) => `${p.model} takes no first frame`,
  lastFrame: (p) => `${p.model} takes no last frame`,
  lastFrameAt: (p) => `${p.model} takes a last frame at ${p.offered} only, and this tier serves ${p.asked}`,
  referenceImages: (p) => `${p.model} takes no reference images`,
  maxReferenceImages: (p) => `${p.model} takes at most ${p.offered} reference images, not ${p.asked}`,
  referenceVideo: (p) => `${p.model} takes no reference video`,
  referenceAudio: (p) => `${p.model} takes no reference audio`,
  sound: (p) => `${p.model} makes no soundtrack`,
};

/** Studio's name of a resolution the entry writes in either naming (`768P` → `768p`); null when the model has none such. */
function studioName(offer: VideoModelOffer, written: string): string | null {
  return offer.resolutions.find((r) => r.studio === written || r.provider === written)?.studio ?? null;
}

export function checkVideoModel(adapter: string, entry: Entry): OfferCheck {
  if (!entry.media.includes('video') || !VIDEO_OFFERS[adapter]) return { offer: null, unchecked: false, problems: [] };
  const offer = videoOfferOf(adapter, entry.model.trim());
  if (!offer) return { offer: null, unchecked: true, problems: [] };
  const problems: OfferProblem[] = [];
  const add = (field: string | null, code: OfferProblemCode, offered = '', asked = '') => {
    const params = { model: offer.model, offered, asked };
    problems.push({
      path: field ? ['capabilities', field] : ['model'],
      code,
      params,
      message: SENTENCES[code](params),
    });
  };
  const caps = entry.capabilities;
  const seconds = offeredSeconds(offer.durations);
  const declared = caps.durations ?? (caps.duration ? offeredSeconds(caps.duration) : []);
  const missing = declared.filter((s) => !seconds.includes(s));
  if (missing.length > 0) add(caps.durations ? 'durations' : 'duration', 'duration', orList(seconds), orList(missing));
  const resolutions = caps.resolutions ?? [];
  const unknown = resolutions.filter((r) => studioName(offer, r) === null);
  if (unknown.length > 0)
    add('resolutions', 'resolution', orList(offer.resolutions.map((r) => r.studio)), orList(unknown));
  if (!offer.textToVideo) add(null, 'textToVideo');
  if (caps.first_frame && !offer.firstFrame) add('first_frame', 'firstFrame');
  if (caps.last_frame) {
    const served = resolutions.map((r) => studioName(offer, r)).filter((r): r is string => r !== null);
    if (offer.lastFrame.length === 0) add('last_frame', 'lastFrame');
    else if (served.length > 0 && !served.some((r) => offer.lastFrame.includes(r)))
      add('last_frame', 'lastFrameAt', orList(offer.lastFrame), orList(served));
  }
  if (caps.reference_images && offer.referenceImages === 0) add('reference_images', 'referenceImages');
  else if (caps.max_reference_images !== undefined && caps.max_reference_images > offer.referenceImages)
    add('max_reference_images', 'maxReferenceImages', String(offer.referenceImages), String(caps.max_reference_images));
  if (caps.reference_video && !offer.referenceVideo) add('reference_video', 'referenceVideo');
  if (caps.reference_audio && !offer.referenceAudio) add('reference_audio', 'referenceAudio');
  if (caps.generate_audio && offer.sound === 'none') add('generate_audio', 'sound');
  return { offer, unchecked: false, problems };
}
