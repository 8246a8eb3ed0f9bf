import type { UpstreamModel } from '@/contracts/upstreams';
import type { ChannelPreset } from './types';

/**
 * Replicate (replicate.com/docs/reference/http): official image models by `owner/name`. Each model's
 * sizes are one per `aspect_ratio` value of its published input schema (the size Studio expects for it),
 * or the documented width/height rule where the model takes any size. `cost_usd` is the per-image price
 * on each model's page (replicate.com/<owner>/<name>, "Pricing"), as published in 2025; prices change,
 * so check them before relying on the cost component of the score.
 */

const FLUX_SIZES = [
  '1024x1024', '1344x768', '1536x640', '1248x832', '832x1248', '896x1120',
  '1120x896', '864x1152', '1152x864', '768x1344', '640x1536',
]; // prettier-ignore
const NANO_SIZES = [
  '1024x1024', '832x1248', '1248x832', '864x1184', '1184x864', '896x1152',
  '1152x896', '768x1344', '1344x768', '1536x672',
]; // prettier-ignore
const QWEN_SIZES = ['1328x1328', '1664x928', '928x1664', '1472x1140', '1140x1472', '1584x1056', '1056x1584'];

const image = (family: string, model: string, cost: number, caps: UpstreamModel['capabilities']): UpstreamModel => ({
  family,
  model,
  media: ['image'],
  cost_usd: cost,
  capabilities: caps,
});

/** The models the `replicate` adapter maps field by field (providers/replicate/replicate-input.ts). */
export const REPLICATE_PRESET_MODELS: UpstreamModel[] = [
  image('flux-schnell', 'black-forest-labs/flux-schnell', 0.003, {
    sizes: FLUX_SIZES,
    output_formats: ['png', 'jpeg', 'webp'],
  }),
  image('flux-dev', 'black-forest-labs/flux-dev', 0.025, {
    sizes: FLUX_SIZES,
    output_formats: ['png', 'jpeg', 'webp'],
  }),
  // aspect_ratio 'custom' with width/height: 256–1440, multiples of 32.
  image('flux-1.1-pro', 'black-forest-labs/flux-1.1-pro', 0.04, {
    sizes: { multiple_of: 32, min_side: 256, max_side: 1440 },
    output_formats: ['png', 'jpeg', 'webp'],
  }),
  image('flux-kontext-pro', 'black-forest-labs/flux-kontext-pro', 0.04, {
    sizes: [...FLUX_SIZES, '1408x704', '704x1408'],
    output_formats: ['png', 'jpeg'],
    reference_images: true,
    max_reference_images: 1,
  }),
  image('nano-banana', 'google/nano-banana', 0.039, {
    sizes: NANO_SIZES,
    output_formats: ['png', 'jpeg'],
    reference_images: true,
    max_reference_images: 3,
  }),
  // size 'custom' with width/height 1024–4096; up to 10 input images.
  image('seedream-4', 'bytedance/seedream-4', 0.03, {
    sizes: { multiple_of: 16, min_side: 1024, max_side: 4096 },
    reference_images: true,
    max_reference_images: 10,
  }),
  image('qwen-image', 'qwen/qwen-image', 0.025, { sizes: QWEN_SIZES, output_formats: ['png', 'jpeg', 'webp'] }),
];

/**
 * The video models the adapter maps (src/contracts/video-offers/replicate.ts names the schema read for
 * each), each serving a spec tier at what it makes. `cost_usd` is per video second at the tier's top resolution,
 * from each model page's pricing as read in 2026-11: check it before relying on it.
 */
const video = (
  family: string,
  model: string,
  cost: number,
  capabilities: UpstreamModel['capabilities'],
): UpstreamModel => ({
  family,
  model,
  media: ['video'],
  cost_usd: cost,
  capabilities: { first_frame: true, ...capabilities },
});

export const REPLICATE_VIDEO_PRESET_MODELS: UpstreamModel[] = [
  // Veo 3.1: 4, 6 or 8 seconds, a first and a last frame, its own soundtrack.
  video('videomodel-2-5-pro-260801', 'google/veo-3.1', 0.4, {
    duration: { min: 4, max: 8 },
    durations: [4, 6, 8],
    resolutions: ['720p', '1080p'],
    last_frame: true,
    generate_audio: true,
  }),
  // Kling 2.5 Turbo Pro: 5 or 10 seconds at 1080p, a first frame only.
  video('videomodel-2-5-pro-260801', 'kwaivgi/kling-v2.5-turbo-pro', 0.07, {
    duration: { min: 5, max: 10 },
    durations: [5, 10],
    resolutions: ['1080p'],
  }),
  // Seedance 1 Pro: any second from 2 to 12 (the tier's range starts at 4), up to 1080p.
  video('videomodel-2-5-pro-260801', 'bytedance/seedance-1-pro', 0.15, {
    duration: { min: 4, max: 12 },
    resolutions: ['720p', '1080p'],
    last_frame: true,
  }),
  // Hailuo 02: 6 or 10 seconds at 768p (its 1080p makes 6 seconds only).
  video('videomodel-H3', 'minimax/hailuo-02', 0.045, {
    duration: { min: 6, max: 10 },
    durations: [6, 10],
    resolutions: ['768p'],
    last_frame: true,
  }),
  video('videomodel-2-0-fast-260801', 'bytedance/seedance-1-lite', 0.036, {
    duration: { min: 5, max: 10 },
    durations: [5, 10],
    resolutions: ['480p', '720p'],
    last_frame: true,
  }),
  // Wan 2.2 fast: 5, 6 or 7 seconds (81 to 113 frames at 16 fps) at 480p or 720p, a first and a last frame
  // (its image-to-video sibling, wan-video/wan-2.2-i2v-fast). Its price is an estimate, not Replicate's published
  // figure (none could be read: src/contracts/video-offers/replicate.ts).
  video('videomodel-2-0-mini-260801', 'wan-video/wan-2.2-t2v-fast', 0.02, {
    duration: { min: 5, max: 7 },
    durations: [5, 6, 7],
    resolutions: ['480p', '720p'],
    last_frame: true,
  }),
  // Veo 3 Fast: 8 seconds, a first frame, its own soundtrack.
  video('videomodel-2-0-fast-260801', 'google/veo-3-fast', 0.15, {
    duration: { min: 8, max: 8 },
    durations: [8],
    resolutions: ['720p'],
    generate_audio: true,
  }),
];

export const REPLICATE_PRESET: ChannelPreset = {
  id: 'replicate',
  adapter: 'replicate',
  provider: 'Replicate',
  baseUrls: [{ region: 'global', url: 'https://api.replicate.com' }],
  reference: 'https://replicate.com/docs/reference/http',
  models: [...REPLICATE_PRESET_MODELS, ...REPLICATE_VIDEO_PRESET_MODELS],
};
