import type { ProtocolOffers, VideoModelOffer } from './types';

/**
 * The video models Studio drives through fal's queue, each as its fal model pages give it
 * (fal.ai/models/<endpoint id>/api and its llms.txt, read 2026-11-28; the fields and enums agree with
 * @fal-ai/client 1.10.1's `EndpointTypeMap` input types, except Wan 2.2 A14B's image-to-video endpoint, which
 * that client version does not list: its fields are its llms.txt's): the text-to-video endpoint a channel
 * names as its model and its image-to-video sibling, the fields each duration is sent as (fal types
 * `duration` as an enum of strings; Wan takes `num_frames` at `frames_per_second` instead), the resolutions
 * and ratios each endpoint takes, the last frame field, whether it makes a soundtrack on request, and fal's
 * price per second. The adapter (providers/fal-queue) and the simulator's channel read this table; the
 * catalogue of video offers is built from it below.
 */

/** The input fields one duration is sent as (`{duration: "5"}`, `{num_frames: 81, frames_per_second: 16}`). */
export type FalDurationFields = Readonly<Record<string, string | number>>;

export interface FalVideoModel {
  /** The text-to-video endpoint id (the channel's model). */
  text: string;
  /** The image-to-video endpoint id, which takes the first frame (and the last frame where it has one). */
  image: string | null;
  /** Seconds the model makes, and the fields each is sent as. */
  durations: Readonly<Record<number, FalDurationFields>>;
  /**
   * Studio's resolutions the model makes, each with the `resolution` value sent, per endpoint (null: the
   * endpoint makes only that resolution and has no field for it).
   */
  resolutions: Readonly<Record<string, { text: string | null; image: string | null }>>;
  /** Text to video's `aspect_ratio` values (image to video follows its first frame). */
  ratios: readonly string[];
  /** The image endpoint's last-frame field (null: none). */
  lastFrame: 'tail_image_url' | 'end_image_url' | null;
  /** `generate_audio` is sent (the model makes a soundtrack when asked). */
  audio: boolean;
  /** Fields sent as they are, so the caller's prompt goes unchanged (`prompt_optimizer: false`). */
  fixed: Readonly<Record<string, unknown>>;
  /** USD per second of video at the top resolution (fal's pricing on the model page). */
  costUsd: number;
}

const seconds = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);
/** `duration` as fal's string enum: `"5"`, or `"8s"` with a suffix. */
const asDuration = (list: readonly number[], suffix = ''): Record<number, FalDurationFields> =>
  Object.fromEntries(list.map((s) => [s, { duration: `${s}${suffix}` }]));
/** Wan's length in frames: `num_frames` = fps × seconds + 1 at `frames_per_second` (81 frames at 16 fps: 5 s). */
const asFrames = (list: readonly number[], fps: number): Record<number, FalDurationFields> =>
  Object.fromEntries(list.map((s) => [s, { num_frames: fps * s + 1, frames_per_second: fps }]));
const both = (value: string) => ({ text: value, image: value });

export const FAL_VIDEO_MODELS: Readonly<Record<string, FalVideoModel>> = {
  // fal-ai/kling-video/v2.5-turbo/pro/{text,image}-to-video: duration "5" | "10", aspect_ratio 16:9 | 9:16 | 1:1
  // (text), image_url and tail_image_url (image); "$0.35 for 5 s, $0.07 for every additional second". Pro: 1080p.
  'fal-ai/kling-video/v2.5-turbo/pro/text-to-video': {
    text: 'fal-ai/kling-video/v2.5-turbo/pro/text-to-video',
    image: 'fal-ai/kling-video/v2.5-turbo/pro/image-to-video',
    durations: asDuration([5, 10]),
    resolutions: { '1080p': { text: null, image: null } },
    ratios: ['16:9', '9:16', '1:1'],
    lastFrame: 'tail_image_url',
    audio: false,
    fixed: {},
    costUsd: 0.07,
  },
  // fal-ai/minimax/hailuo-02/standard/{text,image}-to-video: duration "6" | "10", prompt_optimizer (default true);
  // the image endpoint takes resolution "512P" | "768P" and end_image_url; the text endpoint makes 768P only.
  // "$0.045/sec at 768P".
  'fal-ai/minimax/hailuo-02/standard/text-to-video': {
    text: 'fal-ai/minimax/hailuo-02/standard/text-to-video',
    image: 'fal-ai/minimax/hailuo-02/standard/image-to-video',
    durations: asDuration([6, 10]),
    resolutions: { '768P': { text: null, image: '768P' } },
    ratios: [],
    lastFrame: 'end_image_url',
    audio: false,
    fixed: { prompt_optimizer: false },
    costUsd: 0.045,
  },
  // fal-ai/veo3/fast and fal-ai/veo3/fast/image-to-video (Veo3FastImageToVideoInput): duration "4s" | "6s" | "8s",
  // resolution 720p | 1080p, generate_audio (default true); aspect_ratio 16:9 | 9:16 on text (the image endpoint's
  // "auto" follows the image: not sent); no last frame. "$0.10 per second (audio off), $0.15 (audio on)".
  'fal-ai/veo3/fast': {
    text: 'fal-ai/veo3/fast',
    image: 'fal-ai/veo3/fast/image-to-video',
    durations: asDuration([4, 6, 8], 's'),
    resolutions: { '720p': both('720p'), '1080p': both('1080p') },
    ratios: ['16:9', '9:16'],
    lastFrame: null,
    audio: true,
    fixed: {},
    costUsd: 0.1,
  },
  // fal-ai/wan/v2.2-a14b/{text,image}-to-video: no duration field; num_frames 17–161 (default 81) at
  // frames_per_second 4–60 (default 16), so 1 to 10 seconds at 16 fps; resolution 480p | 580p | 720p;
  // aspect_ratio 16:9 | 9:16 | 1:1 (text); image_url and end_image_url (image); enable_prompt_expansion.
  // "$0.08 per video second for 720p, $0.06 for 580p, $0.04 for 480p", seconds counted at 16 fps.
  'fal-ai/wan/v2.2-a14b/text-to-video': {
    text: 'fal-ai/wan/v2.2-a14b/text-to-video',
    image: 'fal-ai/wan/v2.2-a14b/image-to-video',
    durations: asFrames(seconds(1, 10), 16),
    resolutions: { '480p': both('480p'), '580p': both('580p'), '720p': both('720p') },
    ratios: ['16:9', '9:16', '1:1'],
    lastFrame: 'end_image_url',
    audio: false,
    fixed: { enable_prompt_expansion: false },
    costUsd: 0.08,
  },
  // fal-ai/bytedance/seedance/v1/pro/{text,image}-to-video (SeedanceTextToVideoInput, SeedanceImageToVideoInput):
  // duration "2" … "12", resolution 480p | 720p | 1080p, aspect_ratio 21:9 | 16:9 | 4:3 | 1:1 | 3:4 | 9:16 | 9:21
  // (text; the image endpoint's "auto" is not sent), image_url and end_image_url (image), camera_fixed.
  // "Each 1080p 5 second video costs roughly $0.62": $0.124 a second.
  'fal-ai/bytedance/seedance/v1/pro/text-to-video': {
    text: 'fal-ai/bytedance/seedance/v1/pro/text-to-video',
    image: 'fal-ai/bytedance/seedance/v1/pro/image-to-video',
    durations: asDuration(seconds(2, 12)),
    resolutions: { '480p': both('480p'), '720p': both('720p'), '1080p': both('1080p') },
    ratios: ['21:9', '16:9', '4:3', '1:1', '3:4', '9:16', '9:21'],
    lastFrame: 'end_image_url',
    audio: false,
    fixed: {},
    costUsd: 0.124,
  },
};

export function falVideoModel(model: string): FalVideoModel | undefined {
  return Object.hasOwn(FAL_VIDEO_MODELS, model) ? FAL_VIDEO_MODELS[model] : undefined;
}

function offerOf(model: string, m: FalVideoModel): VideoModelOffer {
  const resolutions = Object.keys(m.resolutions).map((r) => ({ studio: r.toLowerCase(), provider: r }));
  return {
    model,
    durations: { list: Object.keys(m.durations).map(Number) },
    resolutions,
    ratios: m.ratios,
    textToVideo: true,
    firstFrame: m.image !== null,
    lastFrame: m.lastFrame ? resolutions.map((r) => r.studio) : [],
    referenceImages: 0,
    referenceVideo: false,
    referenceAudio: false,
    sound: m.audio ? 'optional' : 'none',
  };
}

export const FAL_QUEUE_OFFERS: ProtocolOffers = {
  protocol: 'fal-queue',
  reference: 'https://fal.ai/models',
  models: Object.fromEntries(Object.entries(FAL_VIDEO_MODELS).map(([id, m]) => [id, offerOf(id, m)])),
};
