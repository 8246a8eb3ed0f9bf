import type { ProtocolOffers, VideoModelOffer } from './types';

/**
 * Wan's video models on Alibaba Cloud Model Studio, grouped in lines ("Wan - text-to-video API reference",
 * "Wan - image-to-video API reference (first frame)", "Wan - first-and-last-frame to video API reference";
 * read 2026-11). DashScope names a model per task kind, so a channel serves a tier with a line, named by
 * its text-to-video model: a request with one image goes to the line's first-frame model, one with two to
 * its first-and-last-frame model. Resolutions are DashScope's (`480P`…), durations the seconds it makes.
 * The adapter (providers/dashscope-video) and the simulator's catalogue read these lines.
 */

export type WanResolution = '480P' | '720P' | '1080P';

export interface WanModel {
  model: string;
  resolutions: readonly WanResolution[];
  durations: readonly number[];
}

export interface WanLine {
  t2v: WanModel;
  i2v: WanModel;
  /** null: the line has no first-and-last-frame model (Wan 2.5). */
  kf2v: WanModel | null;
  /** Whether the line makes its own soundtrack (`parameters.audio`: Wan 2.5). */
  audio: boolean;
}

const model = (id: string, resolutions: readonly WanResolution[], durations: readonly number[] = [5]): WanModel => ({
  model: id,
  resolutions,
  durations,
});

export const WAN_LINES: Readonly<Record<string, WanLine>> = {
  'wan2.5-t2v-preview': {
    t2v: model('wan2.5-t2v-preview', ['480P', '720P', '1080P'], [5, 10]),
    i2v: model('wan2.5-i2v-preview', ['480P', '720P', '1080P'], [5, 10]),
    kf2v: null,
    audio: true,
  },
  'wan2.2-t2v-plus': {
    t2v: model('wan2.2-t2v-plus', ['480P', '1080P']),
    i2v: model('wan2.2-i2v-plus', ['480P', '1080P']),
    kf2v: model('wan2.2-kf2v-flash', ['480P', '720P', '1080P']),
    audio: false,
  },
  'wanx2.1-t2v-turbo': {
    t2v: model('wanx2.1-t2v-turbo', ['480P', '720P']),
    i2v: model('wanx2.1-i2v-turbo', ['480P', '720P'], [3, 4, 5]),
    kf2v: model('wanx2.1-kf2v-plus', ['720P']),
    audio: false,
  },
  'wanx2.1-t2v-plus': {
    t2v: model('wanx2.1-t2v-plus', ['720P']),
    i2v: model('wanx2.1-i2v-plus', ['720P']),
    kf2v: model('wanx2.1-kf2v-plus', ['720P']),
    audio: false,
  },
};

/**
 * Text-to-video's `size` per resolution and ratio (the text-to-video reference's size table). 480P has
 * three ratios only.
 */
export const WAN_SIZES: Readonly<Record<WanResolution, Readonly<Record<string, string>>>> = {
  '480P': { '16:9': '832*480', '9:16': '480*832', '1:1': '624*624' },
  '720P': { '16:9': '1280*720', '9:16': '720*1280', '1:1': '960*960', '4:3': '1088*832', '3:4': '832*1088' },
  '1080P': { '16:9': '1920*1080', '9:16': '1080*1920', '1:1': '1440*1440', '4:3': '1632*1248', '3:4': '1248*1632' },
};

const studio = (r: WanResolution) => r.toLowerCase();

/** A line as a channel model offers it: text to video's durations and resolutions, its frames and sound. */
function offerOf(line: WanLine): VideoModelOffer {
  const t2v = line.t2v;
  return {
    model: t2v.model,
    durations: { list: t2v.durations },
    resolutions: t2v.resolutions.map((r) => ({ studio: studio(r), provider: r })),
    ratios: [...new Set(t2v.resolutions.flatMap((r) => Object.keys(WAN_SIZES[r])))],
    textToVideo: true,
    firstFrame: true,
    lastFrame: (line.kf2v?.resolutions ?? []).map(studio),
    referenceImages: 0,
    referenceVideo: false,
    referenceAudio: line.audio,
    sound: line.audio ? 'optional' : 'none',
  };
}

export const DASHSCOPE_VIDEO_OFFERS: ProtocolOffers = {
  protocol: 'dashscope-video',
  reference: 'https://www.alibabacloud.com/help/en/model-studio/text-to-video-api-reference',
  models: Object.fromEntries(Object.entries(WAN_LINES).map(([id, line]) => [id, offerOf(line)])),
};
