import type { ProtocolOffers, VideoModelOffer } from './types';

/**
 * The video models the `replicate` adapter maps field by field, keyed by `owner/name`, after each model's
 * published input schema (its API page, `replicate.com/<owner>/<name>/versions/<version>/api`, read 2026-11;
 * the version read is named on each line). Replicate lists enum fields without their values on that page;
 * where a value list comes from elsewhere the line says where. What a model's schema does not carry (a
 * last frame on Veo 3 Fast, a resolution on Kling) it is never sent: the request refuses it as `unsupported`
 * first, so routing moves on to another channel of the tier. The adapter (providers/replicate), the presets
 * and the simulator's channel read this table; the catalogue of video offers is built from it below.
 */

export interface ReplicateVideoModel {
  /** The seconds the model makes: `duration` takes exactly these (an integer enum or range in its schema). */
  durations: readonly number[];
  /**
   * The model has no `duration`: a length is sent as `num_frames` = fps × seconds + 1 at `frames_per_second`
   * (Wan: 81 frames at 16 fps is 5 seconds).
   */
  framesAt?: number;
  /** The `owner/name` a prediction with a first frame goes to, when the model makes text to video only (Wan). */
  imageModel?: string;
  /** `resolution` values (`720p`); null: the model has no resolution field and makes `fixedResolution`. */
  resolutions: readonly string[] | null;
  /** The one resolution a model without the field makes. */
  fixedResolution?: string;
  /** Seconds a resolution is limited to (Hailuo 02: 10 seconds only at 768p). */
  durationsAt?: Readonly<Record<string, readonly number[]>>;
  /** `aspect_ratio` values; null: no such field (the video follows the first frame, or is 16:9). */
  ratios: readonly string[] | null;
  /** The field of the first frame (on `imageModel` when there is one). */
  firstFrame: string;
  /** The field of the last frame; null: the model takes none. */
  lastFrame: string | null;
  /** `generate_audio` exists (the model can make a soundtrack). */
  audio: boolean;
  /** Fields sent as they are (the caller's prompt as written, no extras). */
  fixed?: Readonly<Record<string, unknown>>;
  /** List price per video second in USD at the top resolution, from the model page as read; check before relying on it. */
  usdPerSecond: number;
}

export const REPLICATE_VIDEO_MODELS: Readonly<Record<string, ReplicateVideoModel>> = {
  // kwaivgi/kling-v2.5-turbo-pro: prompt, negative_prompt, start_image, aspect_ratio (16:9, 9:16, 1:1; ignored with a
  // start image), duration 5 or 10, as a mirror of its Replicate schema lists them (api.core.today, "Provider: replicate").
  // No end frame and no resolution field there: pro mode, 1080p.
  'kwaivgi/kling-v2.5-turbo-pro': {
    durations: [5, 10],
    resolutions: null,
    fixedResolution: '1080p',
    ratios: ['16:9', '9:16', '1:1'],
    firstFrame: 'start_image',
    lastFrame: null,
    audio: false,
    usdPerSecond: 0.07,
  },
  // minimax/hailuo-02:c43b610e: prompt, first_frame_image, last_frame_image, duration (6; 10 only at 768p), resolution
  // (512p, 768p, 1080p), prompt_optimizer. No aspect ratio: the first frame's, else 16:9.
  'minimax/hailuo-02': {
    durations: [6, 10],
    resolutions: ['512p', '768p', '1080p'],
    durationsAt: { '512p': [6], '1080p': [6] },
    ratios: null,
    firstFrame: 'first_frame_image',
    lastFrame: 'last_frame_image',
    audio: false,
    fixed: { prompt_optimizer: false },
    usdPerSecond: 0.08,
  },
  // google/veo-3-fast:368d4063: prompt, aspect_ratio, duration (8), image, negative_prompt, resolution, generate_audio,
  // seed. Its enums are Veo 3's on Vertex AI (16:9 or 9:16; 720p or 1080p); only the default 8 seconds is taken here.
  'google/veo-3-fast': {
    durations: [8],
    resolutions: ['720p', '1080p'],
    ratios: ['16:9', '9:16'],
    firstFrame: 'image',
    lastFrame: null,
    audio: true,
    usdPerSecond: 0.15,
  },
  // google/veo-3.1:ed5b1767: as Veo 3 Fast, with last_frame and reference_images; duration 4, 6 or 8.
  'google/veo-3.1': {
    durations: [4, 6, 8],
    resolutions: ['720p', '1080p'],
    ratios: ['16:9', '9:16'],
    firstFrame: 'image',
    lastFrame: 'last_frame',
    audio: true,
    usdPerSecond: 0.4,
  },
  // bytedance/seedance-1-pro:a5fd5508: prompt, image, last_frame_image, duration (integer 2–12), resolution (480p, 720p,
  // 1080p), aspect_ratio (ignored with an image), fps (24), camera_fixed, seed.
  'bytedance/seedance-1-pro': {
    durations: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    resolutions: ['480p', '720p', '1080p'],
    ratios: ['16:9', '4:3', '1:1', '3:4', '9:16', '21:9'],
    firstFrame: 'image',
    lastFrame: 'last_frame_image',
    audio: false,
    fixed: { camera_fixed: false },
    usdPerSecond: 0.15,
  },
  // bytedance/seedance-1-lite:3b559596: the same fields as Seedance 1 Pro; duration 5 or 10, 480p or 720p.
  'bytedance/seedance-1-lite': {
    durations: [5, 10],
    resolutions: ['480p', '720p'],
    ratios: ['16:9', '4:3', '1:1', '3:4', '9:16', '21:9'],
    firstFrame: 'image',
    lastFrame: 'last_frame_image',
    audio: false,
    fixed: { camera_fixed: false },
    usdPerSecond: 0.036,
  },
  // wan-video/wan-2.2-t2v-fast and wan-video/wan-2.2-i2v-fast:4eaf2b01 (two models: text, and a first frame): prompt,
  // num_frames (81–121, "81 frames give the best results"), frames_per_second (5–30, default 16), resolution (480p, 720p;
  // "16:9 corresponds to 832x480px"), go_fast, sample_shift, seed, interpolate_output, disable_safety_checker; the text
  // model's aspect_ratio (16:9, 9:16); the image model's image and last_image. No duration: 81, 97 or 113 frames at
  // 16 fps are 5, 6 or 7 seconds. Billed "based on the video duration at 16 fps". No published price: Replicate's
  // model pages for wan-2.2-t2v-fast and wan-2.2-i2v-fast were looked for on 2026-11-28 (the reference search's docs
  // and pages) and are not there, nor is its pricing page. The 0.02 USD per second is therefore not Replicate's figure
  // but an estimate ($0.10 for a 5-second 720p video); check the model page before relying on it (docs/providers.md).
  'wan-video/wan-2.2-t2v-fast': {
    durations: [5, 6, 7],
    framesAt: 16,
    imageModel: 'wan-video/wan-2.2-i2v-fast',
    resolutions: ['480p', '720p'],
    ratios: ['16:9', '9:16'],
    firstFrame: 'image',
    lastFrame: 'last_image',
    audio: false,
    usdPerSecond: 0.02,
  },
};

/** The table entry of a channel's model (`owner/name` or `owner/name:version`), if Studio maps it. */
export function replicateVideoModel(model: string): ReplicateVideoModel | undefined {
  const at = model.indexOf(':');
  const ref = at === -1 ? model : model.slice(0, at);
  return Object.hasOwn(REPLICATE_VIDEO_MODELS, ref) ? REPLICATE_VIDEO_MODELS[ref] : undefined;
}

function offerOf(model: string, m: ReplicateVideoModel): VideoModelOffer {
  const resolutions = m.resolutions ?? [m.fixedResolution ?? '720p'];
  return {
    model,
    durations: { list: m.durations },
    ...(m.durationsAt ? { resolutionDurations: m.durationsAt } : {}),
    resolutions: resolutions.map((r) => ({ studio: r, provider: r })),
    // Without an aspect_ratio field the adapter makes 16:9 only.
    ratios: m.ratios ?? ['16:9'],
    textToVideo: true,
    firstFrame: true,
    lastFrame: m.lastFrame ? resolutions : [],
    // Veo 3.1's schema takes reference_images, which the adapter does not send.
    referenceImages: 0,
    referenceVideo: false,
    referenceAudio: false,
    sound: m.audio ? 'optional' : 'none',
  };
}

export const REPLICATE_OFFERS: ProtocolOffers = {
  protocol: 'replicate',
  reference: 'https://replicate.com/docs/reference/http',
  models: Object.fromEntries(Object.entries(REPLICATE_VIDEO_MODELS).map(([id, m]) => [id, offerOf(id, m)])),
  keyOf: (model) => model.split(':')[0] ?? model,
};
