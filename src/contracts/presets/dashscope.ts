import type { UpstreamModel } from '@/contracts/upstreams';
import type { ChannelPreset } from './types';

/**
 * Alibaba Cloud Model Studio (DashScope) asynchronous image tasks. Sizes as the API references give them
 * (sent as `W*H`); `cost_usd` per image is the international (Singapore) list price of Model Studio's
 * model list, as read in 2026-11 (Beijing prices are in CNY and differ): check it before relying on it.
 */

const WAN22_SIZES = { min_side: 512, max_side: 1440, max_pixels: 1440 * 1440 };
/** Wan 2.5: 768*768 to 1440*1440 pixels, between 1:4 and 4:1 (no side limit of its own). */
const WAN25_SIZES = { min_pixels: 768 * 768, max_pixels: 1440 * 1440, max_aspect: 4 };
/** Wan 2.5 image edit: 768*768 to 1280*1280 pixels, between 1:4 and 4:1. */
const WAN25_EDIT_SIZES = { min_pixels: 768 * 768, max_pixels: 1280 * 1280, max_aspect: 4 };
/**
 * Qwen-Image-Edit plus and max: `size` with each side 512–2048. `qwen-image-edit` takes no size (its result
 * follows the input image at about 1024×1024 pixels and Studio crops it), so the same rule only guides Studio.
 */
const QWEN_EDIT_SIZES = { min_side: 512, max_side: 2048 };
/** Qwen-Image: the five sizes of its API reference (16:9, 4:3, 1:1, 3:4, 9:16). */
const QWEN_SIZES = ['1664x928', '1472x1140', '1328x1328', '1140x1472', '928x1664'];

const image = (family: string, model: string, cost: number, capabilities: UpstreamModel['capabilities']) => ({
  family,
  model,
  media: ['image' as const],
  cost_usd: cost,
  capabilities: { mask: false, transparent_background: false, ...capabilities },
});

export const DASHSCOPE_PRESET: ChannelPreset = {
  id: 'dashscope',
  adapter: 'dashscope',
  provider: 'alibaba-cloud',
  baseUrls: [
    { region: 'cn-beijing', url: 'https://dashscope.aliyuncs.com' },
    { region: 'singapore', url: 'https://dashscope-intl.aliyuncs.com' },
  ],
  reference: 'https://www.alibabacloud.com/help/en/model-studio/text-to-image-v2-api-reference',
  models: [
    image('wan-image', 'wan2.2-t2i-flash', 0.025, { sizes: WAN22_SIZES }),
    image('wan-image-plus', 'wan2.2-t2i-plus', 0.05, { sizes: WAN22_SIZES }),
    image('wan-image-2-5', 'wan2.5-t2i-preview', 0.03, { sizes: WAN25_SIZES }),
    // Edits only (it needs 1 to 3 input images): give it a family of its own, asked for with references.
    image('wan-edit-2-5', 'wan2.5-i2i-preview', 0.03, {
      sizes: WAN25_EDIT_SIZES,
      reference_images: true,
      max_reference_images: 3,
      requires_reference_images: true,
    }),
    // Edits only, in one synchronous call (…/multimodal-generation/generation): 1 to 3 input images.
    image('qwen-image-edit', 'qwen-image-edit-plus', 0.03, {
      sizes: QWEN_EDIT_SIZES,
      reference_images: true,
      max_reference_images: 3,
      requires_reference_images: true,
    }),
    image('qwen-image-edit', 'qwen-image-edit', 0.045, {
      sizes: QWEN_EDIT_SIZES,
      reference_images: true,
      max_reference_images: 3,
      requires_reference_images: true,
    }),
    // Wan 2.1 image editing (China (Beijing) only, 0.02007 USD there): one base image, its size kept (Studio crops).
    image('wan-edit-2-1', 'wanx2.1-imageedit', 0.02, {
      sizes: QWEN_EDIT_SIZES,
      reference_images: true,
      max_reference_images: 1,
      requires_reference_images: true,
    }),
    image('qwen-image', 'qwen-image-plus', 0.03, { sizes: QWEN_SIZES }),
    image('qwen-image', 'qwen-image', 0.035, { sizes: QWEN_SIZES }),
  ],
};
