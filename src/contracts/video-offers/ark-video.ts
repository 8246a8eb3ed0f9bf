import type { ProtocolOffers, VideoModelOffer } from './types';

/**
 * Seedance on Volcengine Ark and BytePlus ModelArk: the content-generation task API's model table
 * (www.volcengine.com/docs/82379/1520757, read 2026-11): durations, resolutions, frames, references
 * and sound per model. BytePlus names the same models without the `doubao-` prefix; both names are
 * registered.
 */

const RATIOS = ['16:9', '4:3', '1:1', '3:4', '9:16', '21:9', 'adaptive'];
const res = (...names: string[]) => names.map((studio) => ({ studio, provider: studio }));
const ALL = res('480p', '720p', '1080p');

const seedance = (model: string, offer: Omit<VideoModelOffer, 'model' | 'ratios' | 'textToVideo' | 'firstFrame'>) => ({
  model,
  ratios: RATIOS,
  textToVideo: true,
  firstFrame: true,
  ...offer,
});

const none = { referenceImages: 0, referenceVideo: false, referenceAudio: false } as const;
const SEEDANCE: VideoModelOffer[] = [
  seedance('doubao-seedance-2-0-260128', {
    durations: { min: 4, max: 15 },
    resolutions: ALL,
    lastFrame: ['480p', '720p', '1080p'],
    referenceImages: 9,
    referenceVideo: true,
    referenceAudio: true,
    sound: 'optional',
  }),
  // No 1080p on the fast model.
  seedance('doubao-seedance-2-0-fast-260128', {
    durations: { min: 4, max: 15 },
    resolutions: res('480p', '720p'),
    lastFrame: ['480p', '720p'],
    referenceImages: 9,
    referenceVideo: true,
    referenceAudio: true,
    sound: 'optional',
  }),
  seedance('doubao-seedance-1-5-pro-251215', {
    durations: { min: 4, max: 12 },
    resolutions: ALL,
    lastFrame: ['480p', '720p', '1080p'],
    ...none,
    sound: 'optional',
  }),
  seedance('doubao-seedance-1-0-pro-250528', {
    durations: { min: 2, max: 12 },
    resolutions: ALL,
    lastFrame: [],
    ...none,
    sound: 'none',
  }),
  seedance('doubao-seedance-1-0-pro-fast-251015', {
    durations: { min: 2, max: 12 },
    resolutions: ALL,
    lastFrame: [],
    ...none,
    sound: 'none',
  }),
];

export const ARK_VIDEO_OFFERS: ProtocolOffers = {
  protocol: 'ark-video',
  reference: 'https://www.volcengine.com/docs/82379/1520757',
  models: Object.fromEntries(
    SEEDANCE.flatMap((m) => [
      [m.model, m],
      [m.model.replace(/^doubao-/, ''), { ...m, model: m.model.replace(/^doubao-/, '') }],
    ]),
  ),
};
