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

export const REPLICATE_PRESET: ChannelPreset = {
  id: 'replicate',
  adapter: 'replicate',
  provider: 'Replicate',
  baseUrls: [{ region: 'global', url: 'https://api.replicate.com' }],
  reference: 'https://replicate.com/docs/reference/http',
  models: REPLICATE_PRESET_MODELS,
};
